import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chinaDateTime,
  chinaDay,
  EMPTY_PLACEHOLDER,
  formatAmount,
  formatAmountUnit,
  formatBankNo,
  formatDateTime,
  formatPercent,
  fromCents,
  fromScaled,
  maskString,
  shiftDecimal,
  compareMoney,
  subMoney,
} from '@renderer/core/format';

const cents = fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n });

describe('formatAmount', () => {
  it('groups thousands with fixed decimals', () => {
    expect(formatAmount('99999999999999.98')).toBe('99,999,999,999,999.98');
    expect(formatAmount('1234.5')).toBe('1,234.50');
    expect(formatAmount(1234.5678, 3)).toBe('1,234.568');
    expect(formatAmount('1234.5', 0)).toBe('1,235');
    expect(formatAmount('-1234567.891')).toBe('-1,234,567.89');
    expect(formatAmount('999.995')).toBe('1,000.00');
    expect(formatAmount('-0.001')).toBe('0.00');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(12n)).toBe('12.00');
  });

  it('shows the long dash for missing or non-numeric values', () => {
    expect(EMPTY_PLACEHOLDER).toBe('——');
    for (const missing of [null, undefined, '', '  ', 'abc', Number.NaN]) {
      expect(formatAmount(missing)).toBe(EMPTY_PLACEHOLDER);
    }
  });

  it('round-trips by stripping commas, and is idempotent', () => {
    fc.assert(
      fc.property(cents, (value) => {
        const money = fromCents(value);
        const shown = formatAmount(money);
        expect(shown).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(shown.replace(/,/g, '')).toBe(money);
        expect(formatAmount(shown)).toBe(shown);
      }),
    );
  });
});

describe('formatPercent', () => {
  it('reads ratios by default and percents on request', () => {
    expect(formatPercent('0.1234')).toBe('12.34%');
    expect(formatPercent(0.5)).toBe('50.00%');
    expect(formatPercent('12.34', 2, 'percent')).toBe('12.34%');
    expect(formatPercent('12.3%')).toBe('12.30%');
    expect(formatPercent('0.123456', 3)).toBe('12.346%');
    expect(formatPercent('1', 0)).toBe('100%');
    expect(formatPercent(null)).toBe(EMPTY_PLACEHOLDER);
    expect(formatPercent('n/a')).toBe(EMPTY_PLACEHOLDER);
  });

  it('agrees with exact scaling', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), (ratio) => {
        // ratio with 4 decimals is a percent with 2 decimals, exactly
        expect(formatPercent(fromScaled(ratio, 4))).toBe(`${fromScaled(ratio, 2)}%`);
        expect(formatPercent(fromScaled(ratio, 2), 2, 'percent')).toBe(`${fromScaled(ratio, 2)}%`);
      }),
    );
  });
});

describe('formatBankNo', () => {
  it('groups in fours', () => {
    expect(formatBankNo('6217000010001234567')).toBe('6217 0000 1000 1234 567');
    expect(formatBankNo('6217 0000 1000')).toBe('6217 0000 1000');
    expect(formatBankNo(12345678)).toBe('1234 5678');
    expect(formatBankNo('')).toBe(EMPTY_PLACEHOLDER);
    expect(formatBankNo(null)).toBe(EMPTY_PLACEHOLDER);
  });

  it('only inserts spaces, four characters apart', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,40}$/), (digits) => {
        const shown = formatBankNo(digits);
        expect(shown.replace(/ /g, '')).toBe(digits);
        const groups = shown.split(' ');
        groups.slice(0, -1).forEach((group) => expect(group).toHaveLength(4));
        expect(groups.at(-1)?.length).toBeGreaterThanOrEqual(1);
        expect(groups.at(-1)?.length).toBeLessThanOrEqual(4);
      }),
    );
  });
});

describe('maskString', () => {
  it('keeps the first and last four characters around four stars', () => {
    expect(maskString('6217000010001234')).toBe('6217****1234');
    expect(maskString('13812345678')).toBe('1381****5678');
    expect(maskString('13812345678', 3, 6)).toBe('138******678');
    expect(maskString('13812345')).toBe('13****45');
    expect(maskString('abc')).toBe('****');
    expect(maskString('张三丰')).toBe('****');
    expect(maskString(null)).toBe(EMPTY_PLACEHOLDER);
    expect(() => maskString('x', -1)).toThrow(RangeError);
  });

  it('never shows more than half of the string and keeps its ends', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme-ascii' }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        (text, keep, stars) => {
          const masked = maskString(text, keep, stars);
          const kept = text.length > keep * 2 ? keep : Math.floor(text.length / 4);
          expect(masked).toHaveLength(kept * 2 + stars);
          expect(masked.startsWith(text.slice(0, kept))).toBe(true);
          expect(masked.endsWith(kept ? text.slice(-kept) : '')).toBe(true);
          expect(masked.slice(kept, kept + stars)).toBe('*'.repeat(stars));
          if (text.length <= keep * 2) expect(kept * 2).toBeLessThanOrEqual(text.length / 2);
        },
      ),
    );
  });
});

describe('formatAmountUnit', () => {
  it('steps by 10000 while the integer part has five digits or more', () => {
    expect(formatAmountUnit('9999.99')).toEqual({ value: '9999.99', unit: '元' });
    expect(formatAmountUnit('12345.67')).toEqual({ value: '1.23', unit: '万元' });
    expect(formatAmountUnit('123456789')).toEqual({ value: '1.23', unit: '亿元' });
    expect(formatAmountUnit('1234567890123')).toEqual({ value: '1.23', unit: '万亿' });
    expect(formatAmountUnit('99999999999999.98')).toEqual({ value: '100.00', unit: '万亿' });
    expect(formatAmountUnit('99999999.996')).toEqual({ value: '1.00', unit: '亿元' });
    expect(formatAmountUnit('-56789')).toEqual({ value: '-5.68', unit: '万元' });
    expect(formatAmountUnit('1,234,567')).toEqual({ value: '123.46', unit: '万元' });
    expect(formatAmountUnit(undefined)).toEqual({ value: EMPTY_PLACEHOLDER, unit: '' });
  });

  it('rescales exactly and leaves fewer than five integer digits below 万亿', () => {
    const units = ['元', '万元', '亿元', '万亿'];
    fc.assert(
      fc.property(cents, (value) => {
        const money = fromCents(value);
        const { value: shown, unit } = formatAmountUnit(money);
        const step = units.indexOf(unit);
        expect(step).toBeGreaterThanOrEqual(0);
        const integerDigits = shown.replace('-', '').split('.')[0]?.length ?? 0;
        if (step < 3) expect(integerDigits).toBeLessThan(5);
        if (step > 0) expect(integerDigits + 4 * step).toBeGreaterThanOrEqual(5);
        // The shown value, scaled back, is within half a unit of its last decimal from the amount.
        const error = subMoney(roundTo2(shiftDecimal(shown, 4 * step)), money).replace('-', '');
        expect(compareMoney(error, shiftDecimal('0.005', 4 * step))).toBeLessThanOrEqual(0);
      }),
    );
  });
});

function roundTo2(text: string): string {
  return formatAmount(text).replace(/,/g, '');
}

describe('formatDateTime (instants shown in Asia/Shanghai)', () => {
  it('moves an instant with a zone to China time and keeps a local text as it is', () => {
    expect(formatDateTime('2026-11-24T11:45:00.000Z')).toBe('2026-11-24 19:45:00');
    expect(formatDateTime('2026-11-24T20:30Z')).toBe('2026-11-25 04:30');
    expect(formatDateTime('2026-11-24T19:45:00+08:00')).toBe('2026-11-24 19:45:00');
    expect(formatDateTime('2026-11-24 19:45:00')).toBe('2026-11-24 19:45:00');
    expect(formatDateTime('2026-11-24T19:45')).toBe('2026-11-24 19:45');
    expect(formatDateTime('不是时间')).toBe('不是时间');
  });

  it('chinaDateTime and chinaDay: an instant (Date) or a text, across midnight China time', () => {
    expect(chinaDateTime(new Date('2026-11-20T15:30:00Z'))).toBe('2026-11-20 23:30:00');
    expect(chinaDay(new Date('2026-11-20T15:30:00Z'))).toBe('2026-11-20');
    expect(chinaDay(new Date('2026-11-20T16:30:00Z'))).toBe('2026-11-21');
    // A China-time text (what the answers carry) keeps its day, whatever the process's zone.
    expect(chinaDay('2026-11-20 23:30:00')).toBe('2026-11-20');
    expect(chinaDateTime('2026-11-20T16:05:00.000Z')).toBe('2026-11-21 00:05:00');
  });
});
