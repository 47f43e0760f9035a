import { describe, expect, it } from 'vitest';
import {
  MAX_LABEL_WIDTH,
  MIN_LABEL_WIDTH,
  queryLabelWidth,
  textWidth,
} from '@renderer/react/parts/queryLabelWidth';

const field = (title: string, extra: object = {}) => ({ type: 'string' as const, title, ...extra });

describe('queryLabelWidth: the query form label column fits its longest label', () => {
  it('keeps the usual width for short labels', () => {
    expect(queryLabelWidth({ a: field('资产编号'), b: field('到期日') })).toBe(MIN_LABEL_WIDTH);
  });

  it('widens to the longest label, colon included, so that 付款确认书编号 stays on one line', () => {
    const width = queryLabelWidth({ a: field('资产编号'), b: field('付款确认书编号') });
    // Seven characters of 14 px, the colon with its margins (2 + 8 px) and a required mark's room.
    expect(width).toBeGreaterThanOrEqual(7 * 14 + 10);
    expect(width).toBeGreaterThan(MIN_LABEL_WIDTH);
    expect(width).toBeLessThan(7 * 14 + 40);
  });

  it('counts labels inside void containers, a tooltip icon, and ignores the containers’ own titles', () => {
    const nested = queryLabelWidth({
      box: { type: 'void', title: '一个很长很长很长的分组标题', properties: { a: field('到货确认单编号') } },
    });
    expect(nested).toBe(queryLabelWidth({ a: field('到货确认单编号') }));
    expect(
      queryLabelWidth({ a: field('到货确认单编号', { 'x-decorator-props': { tooltip: '说明' } }) }),
    ).toBe(nested + 18);
  });

  it('measures Latin text narrower than Chinese, and caps the column', () => {
    expect(textWidth('UKEY')).toBeLessThan(textWidth('签名'.repeat(2)));
    expect(queryLabelWidth({ a: field('很'.repeat(40)) })).toBe(MAX_LABEL_WIDTH);
  });
});
