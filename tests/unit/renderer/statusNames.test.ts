import { describe, expect, it } from 'vitest';
import { readSchemaDirectory } from '@renderer/core/node';

type Dict = { items: Array<{ value: string; label: string }> };
const { dicts } = readSchemaDirectory('schemas');
const absTradeStatus = dicts['_dicts/absTradeStatus.json'] as Dict;
const creditFinanceStatus = dicts['_dicts/creditFinanceStatus.json'] as Dict;
const creditVoucherStatus = dicts['_dicts/creditVoucherStatus.json'] as Dict;

const label = (dict: { items: Array<{ value: string; label: string }> }, value: string): string | undefined =>
  dict.items.find((i) => i.value === value)?.label;

/** Status names say who acts next, in the portal's own words for the parties (its role labels). */
describe('status names that do not mislead', () => {
  it('an ABS asset the core issued waits for the engineer, then for the supplier director, by those names', () => {
    // T01: issued by the core operator (not a factor's pre-entry); the core's engineer post confirms it.
    expect(label(absTradeStatus, 'T01')).toBe('待工程师确认');
    // T03: the supplier's operator transferred it; its director signs next (no platform review happens).
    expect(label(absTradeStatus, 'T03')).toBe('待供应商主管审核');
  });

  it('a credit finance submitted by the supplier is under review by 链属企业, as the role labels say', () => {
    expect(label(creditFinanceStatus, 'FI1')).toBe('融资审核中（链属企业）');
    expect(label(creditVoucherStatus, 'FI1')).toBe('融资审核中（链属企业）');
    const all = [absTradeStatus, creditFinanceStatus, creditVoucherStatus].flatMap((d) => d.items);
    expect(all.filter((i) => /链条企业|保理商预录入|^平台审核$/.test(i.label))).toEqual([]);
  });
});
