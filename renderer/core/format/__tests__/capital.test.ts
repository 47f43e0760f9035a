import fc from 'fast-check';
import Nzh from 'nzh';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_MAX,
  CapitalConversionError,
  formatAmount,
  isCapitalConvertible,
  toChineseCapital,
} from '@renderer/core/format';

/**
 * nzh's simplified-Chinese capital language with the two extra decimal units of the specification
 * ('角分毫厘'); `Nzh.cn` itself only knows 元角分 and drops the 3rd and 4th decimals.
 */
const nzhFourDecimals = new Nzh({ ...Nzh.langs.b, m_u: '元角分毫厘' });

/**
 * nzh output made comparable. The one normalised difference: nzh writes '整' only when the input has no
 * decimal point, so '1.00' gives '壹元'; we follow the rule that an amount ending at 元 takes '整'.
 */
function reference(amount: string): string {
  const decimals = amount.split('.')[1]?.length ?? 0;
  const out =
    decimals <= 2
      ? Nzh.cn.toMoney(amount, { outSymbol: false })
      : nzhFourDecimals.toMoney(amount, { outSymbol: false });
  return out.endsWith('元') ? `${out}整` : out;
}

/**
 * Integer parts of 1-15 digits shaped to exercise the 零 rules: each four-digit group (counted from
 * the right) is all zeros with some probability, other digits are zero with a random bias.
 */
const integerPart = fc
  .record({
    length: fc.integer({ min: 1, max: 15 }),
    zeroBias: fc.double({ min: 0, max: 1, noNaN: true }),
    zeroGroups: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    rolls: fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 15, maxLength: 15 }),
  })
  .map(({ length, zeroBias, zeroGroups, rolls }) =>
    rolls
      .slice(0, length)
      .map((roll, index) => {
        if (index === 0) return String(1 + (roll % 9));
        const group = Math.floor((length - 1 - index) / 4);
        if (zeroGroups[group] === true) return '0';
        return roll / 100 < zeroBias ? '0' : String(roll % 10);
      })
      .join(''),
  );
const integerOrZero = fc.oneof(
  { weight: 9, arbitrary: integerPart },
  { weight: 1, arbitrary: fc.constant('0') },
);
const fraction = (max: number) => fc.stringMatching(new RegExp(`^[0-9]{0,${max}}$`));
const amount = (maxDecimals: number) =>
  fc.tuple(integerOrZero, fraction(maxDecimals)).map(([int, frac]) => (frac ? `${int}.${frac}` : int));

describe('toChineseCapital', () => {
  it.each([
    ['0', '零元整'],
    ['0.00', '零元整'],
    ['1', '壹元整'],
    ['1.00', '壹元整'],
    ['10', '壹拾元整'],
    ['15.5', '壹拾伍元伍角'],
    ['1001', '壹仟零壹元整'],
    ['1010', '壹仟零壹拾元整'],
    ['101000', '壹拾万壹仟元整'],
    ['100000001', '壹亿零壹元整'],
    ['100001000', '壹亿零壹仟元整'],
    ['1000010000000', '壹万亿壹仟万元整'],
    ['1000000000000', '壹万亿元整'],
    ['1.05', '壹元零伍分'],
    ['10.05', '壹拾元零伍分'],
    ['0.05', '伍分'],
    ['0.5', '伍角'],
    ['1.2345', '壹元贰角叁分肆毫伍厘'],
    ['0.0005', '伍厘'],
    ['1.0005', '壹元零伍厘'],
    ['007.10', '柒元壹角'],
    ['999999999999999.9999', '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分玖毫玖厘'],
  ])('%s → %s', (input, expected) => {
    expect(toChineseCapital(input)).toBe(expected);
  });

  it('rejects what it cannot convert with a clear error', () => {
    for (const bad of ['-1', '1e3', '1000000000000000', '1.23456', 'abc', '', '1,000']) {
      expect(() => toChineseCapital(bad), bad).toThrow(CapitalConversionError);
      expect(isCapitalConvertible(bad)).toBe(false);
    }
    expect(() => toChineseCapital('1000000000000000')).toThrow('金额必须小于1000万亿');
    expect(() => toChineseCapital(5 as unknown as string)).toThrow(CapitalConversionError);
  });

  it('agrees with nzh on 10,000 amounts with 0-2 decimals', () => {
    fc.assert(
      fc.property(amount(2), (value) => {
        expect(toChineseCapital(value)).toBe(reference(value));
      }),
      { numRuns: 10_000 },
    );
  });

  it('agrees with nzh (four decimal units) on amounts with 3-4 decimals', () => {
    const withSmallUnits = fc
      .tuple(integerOrZero, fc.stringMatching(/^[0-9]{3,4}$/))
      .map(([int, frac]) => `${int}.${frac}`);
    fc.assert(
      fc.property(withSmallUnits, (value) => {
        expect(toChineseCapital(value)).toBe(reference(value));
      }),
      { numRuns: 5_000 },
    );
  });

  it('accepts exactly what isCapitalConvertible accepts', () => {
    fc.assert(
      fc.property(fc.oneof(amount(6), fc.string({ maxLength: 8 })), (value) => {
        const convertible = isCapitalConvertible(value);
        if (convertible)
          expect(toChineseCapital(value)).toMatch(/^[零壹贰叁肆伍陆柒捌玖拾佰仟万亿元角分毫厘整]+$/);
        else expect(() => toChineseCapital(value)).toThrow(CapitalConversionError);
      }),
    );
  });

  it('keeps 99999999999999.98 exact from input to capital', () => {
    const input = '99999999999999.98';
    expect(input).toBe(AMOUNT_MAX);
    const shown = formatAmount(input);
    expect(shown).toBe('99,999,999,999,999.98');
    const stripped = shown.replace(/,/g, '');
    expect(stripped).toBe(input);
    expect(toChineseCapital(stripped)).toBe(
      '玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角捌分',
    );
    // Through Number, .98 and .99 become the same double: the reason amounts stay strings.
    expect(Number('99999999999999.99')).toBe(Number(input));
    expect(toChineseCapital('99999999999999.99')).not.toBe(toChineseCapital(input));
  });
});
