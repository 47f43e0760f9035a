import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_MAX,
  addMoney,
  compareMoney,
  fromCents,
  fromScaled,
  isMoneyString,
  mulRate,
  normalizeDecimal,
  parseDecimal,
  roundDecimal,
  shiftDecimal,
  subMoney,
  sumMoney,
  toCents,
  toScaled,
} from '@renderer/core/format';

/** Cents up to ±10^17, beyond what doubles hold exactly. */
const cents = fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n });

/** Reference half-up rounding of a scaled integer, written differently from the implementation. */
function referenceRound(value: bigint, drop: number): bigint {
  const divisor = 10n ** BigInt(drop);
  const sign = value < 0n ? -1n : 1n;
  return (sign * (2n * sign * value + divisor)) / (2n * divisor);
}

describe('parseDecimal / normalizeDecimal', () => {
  it('normalises signs, leading and trailing zeros', () => {
    expect(normalizeDecimal(' 007.50 ')).toBe('7.5');
    expect(normalizeDecimal('+0.000')).toBe('0');
    expect(normalizeDecimal('-0.00')).toBe('0');
    expect(normalizeDecimal('-12.340')).toBe('-12.34');
    expect(normalizeDecimal(12345678901234567890n)).toBe('12345678901234567890');
    expect(normalizeDecimal(1e21)).toBe('1000000000000000000000');
    expect(normalizeDecimal(1.5e-7)).toBe('0.00000015');
    expect(normalizeDecimal(-2.5e-7)).toBe('-0.00000025');
  });

  it('rejects what is not a plain decimal', () => {
    for (const bad of ['', ' ', '1.', '.5', '1e3', '1,000', 'abc', '--1', '1.2.3', '0x10']) {
      expect(parseDecimal(bad), bad).toBeNull();
      expect(() => normalizeDecimal(bad)).toThrow(TypeError);
    }
    expect(parseDecimal(Number.NaN)).toBeNull();
    expect(parseDecimal(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('is idempotent and keeps the value of any number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = normalizeDecimal(value);
        expect(normalizeDecimal(text)).toBe(text);
        expect(Number(text)).toBe(value === 0 ? 0 : value);
      }),
    );
  });
});

describe('toCents / fromCents', () => {
  it('keeps the largest amount exactly', () => {
    expect(toCents(AMOUNT_MAX)).toBe(9999999999999998n);
    expect(fromCents(9999999999999998n)).toBe('99999999999999.98');
    expect(addMoney('99999999999999.97', '0.01')).toBe(AMOUNT_MAX);
    expect(fromCents(-5n)).toBe('-0.05');
    expect(toCents('1.500')).toBe(150n);
  });

  it('refuses more than two decimals instead of rounding silently', () => {
    expect(() => toCents('1.005')).toThrow(RangeError);
    expect(() => toCents('abc')).toThrow(TypeError);
  });

  it('round-trips any number of cents', () => {
    fc.assert(
      fc.property(cents, (value) => {
        const text = fromCents(value);
        expect(isMoneyString(text)).toBe(true);
        expect(toCents(text)).toBe(value);
      }),
    );
  });
});

describe('addMoney / subMoney / sumMoney / compareMoney', () => {
  it('agree with BigInt arithmetic', () => {
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        expect(addMoney(fromCents(a), fromCents(b))).toBe(fromCents(a + b));
        expect(subMoney(fromCents(a), fromCents(b))).toBe(fromCents(a - b));
        expect(compareMoney(fromCents(a), fromCents(b))).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
    );
  });

  it('sums a list exactly where Number arithmetic drifts', () => {
    expect(sumMoney(['0.1', '0.2'])).toBe('0.30');
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumMoney([])).toBe('0.00');
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 20 }), (list) => {
        expect(sumMoney(list.map(fromCents))).toBe(fromCents(list.reduce((s, c) => s + c, 0n)));
      }),
    );
  });

  it('compares values with different numbers of decimals', () => {
    expect(compareMoney('1.5', '1.50')).toBe(0);
    expect(compareMoney('1.005', '1.01')).toBe(-1);
    expect(compareMoney('-1', '-1.0001')).toBe(1);
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.integer({ min: 0, max: 6 }),
        cents,
        (a, s, b) => {
          const left = fromScaled(a, s);
          const right = fromCents(b);
          const expected = a * 100n < b * 10n ** BigInt(s) ? -1 : a * 100n > b * 10n ** BigInt(s) ? 1 : 0;
          expect(compareMoney(left, right)).toBe(expected);
        },
      ),
    );
  });
});

describe('roundDecimal / mulRate', () => {
  it('rounds half up, ties away from zero, without binary drift', () => {
    expect(roundDecimal('1.005', 2)).toBe('1.01');
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(roundDecimal('-2.5', 0)).toBe('-3');
    expect(roundDecimal('-0.001', 2)).toBe('0.00');
    expect(roundDecimal('12', 3)).toBe('12.000');
    expect(mulRate('10000.00', '0.0435')).toBe('435.00');
    expect(mulRate('0.05', '0.5')).toBe('0.03');
    expect(mulRate('-0.05', '0.5')).toBe('-0.03');
    expect(mulRate(AMOUNT_MAX, '1')).toBe(AMOUNT_MAX);
    expect(mulRate('99999999999999.98', '0.8', 4)).toBe('79999999999999.9840');
  });

  it('multiplies exactly and rounds like a reference implementation', () => {
    fc.assert(
      fc.property(
        cents,
        fc.bigInt({ min: -(10n ** 6n), max: 10n ** 6n }),
        fc.integer({ min: 0, max: 6 }),
        (a, r, d) => {
          const product = a * r; // scale 2 + 4 = 6
          const expected = d >= 6 ? product * 10n ** BigInt(d - 6) : referenceRound(product, 6 - d);
          expect(mulRate(fromCents(a), fromScaled(r, 4), d)).toBe(fromScaled(expected, d));
        },
      ),
    );
  });

  it('rejects a bad number of decimals', () => {
    expect(() => roundDecimal('1', -1)).toThrow(RangeError);
    expect(() => mulRate('1', '1', 1.5)).toThrow(RangeError);
  });
});

describe('shiftDecimal / toScaled', () => {
  it('moves the decimal point exactly', () => {
    expect(shiftDecimal('12345.6', -4)).toBe('1.23456');
    expect(shiftDecimal('0.1234', 2)).toBe('12.34');
    expect(shiftDecimal('-0.5', 3)).toBe('-500');
    expect(shiftDecimal('7', -3)).toBe('0.007');
  });

  it('undoes itself and matches scaling', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: -12, max: 12 }),
        (v, s, n) => {
          const text = fromScaled(v, s);
          expect(shiftDecimal(shiftDecimal(text, n), -n)).toBe(normalizeDecimal(text));
          expect(toScaled(text, s)).toBe(v);
        },
      ),
    );
  });
});

describe('isMoneyString', () => {
  it('accepts canonical money strings only', () => {
    for (const good of ['0', '12.5', '-3.07', '99999999999999.98'])
      expect(isMoneyString(good), good).toBe(true);
    for (const bad of ['01', '1.', '1.234', '1e3', ' 1', '', '+1', 12])
      expect(isMoneyString(bad), String(bad)).toBe(false);
  });
});
