import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CREDIT_CODE_ALPHABET,
  VALIDATION_MESSAGES,
  creditCodeCheckChar,
  idCardCheckChar,
  isCalendarDate,
  validateCreditCode,
  validateIdCard,
} from '@renderer/core/validators';

const pad = (value: number, width: number): string => String(value).padStart(width, '0');
const digits = (length: number) => fc.stringMatching(new RegExp(`^\\d{${length}}$`));

/** A real calendar date as [year, month, day]. */
const birthDate = (minYear: number, maxYear: number) =>
  fc
    .tuple(
      fc.integer({ min: minYear, max: maxYear }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 31 }),
    )
    .filter(([y, m, d]) => isCalendarDate(y, m, d));

/** Valid 18-digit ID numbers built from area, birth date, sequence and the GB 11643 check character. */
const idCard18 = fc.tuple(digits(6), birthDate(1800, 2099), digits(3)).map(([area, [y, m, d], seq]) => {
  const body = `${area}${y}${pad(m, 2)}${pad(d, 2)}${seq}`;
  return body + idCardCheckChar(body);
});

/** Valid 15-digit ID numbers (birth date YYMMDD in the 1900s). */
const idCard15 = fc
  .tuple(digits(6), birthDate(1900, 1999), digits(3))
  .map(([area, [y, m, d], seq]) => `${area}${pad(y % 100, 2)}${pad(m, 2)}${pad(d, 2)}${seq}`);

const creditChar = fc.integer({ min: 0, max: 30 }).map((index) => CREDIT_CODE_ALPHABET.charAt(index));
const creditCode = fc
  .array(creditChar, { minLength: 17, maxLength: 17 })
  .map((chars) => chars.join(''))
  .map((body) => body + creditCodeCheckChar(body));

describe('validateIdCard', () => {
  it('accepts known good numbers and says why others fail', () => {
    expect(validateIdCard('11010519491231002X')).toBe(true);
    expect(validateIdCard('11010519491231002x')).toBe(true);
    expect(validateIdCard('110105491231002')).toBe(true);
    expect(validateIdCard('110105194912310021')).toBe('请输入正确的身份证号码');
    expect(validateIdCard('110105194902300020')).toBe(VALIDATION_MESSAGES.idCard); // 30 February
    expect(validateIdCard('110105490230002')).toBe(VALIDATION_MESSAGES.idCard);
    expect(validateIdCard('11010519491231002')).toBe(VALIDATION_MESSAGES.idCard);
    expect(validateIdCard(null)).toBe(VALIDATION_MESSAGES.idCard);
  });

  it('accepts generated 18-digit numbers with the right check character', () => {
    fc.assert(
      fc.property(idCard18, (id) => {
        expect(validateIdCard(id)).toBe(true);
      }),
    );
  });

  it('rejects any single-character change of an 18-digit number', () => {
    fc.assert(
      fc.property(
        idCard18,
        fc.integer({ min: 0, max: 17 }),
        fc.constantFrom(...'0123456789X'),
        (id, index, char) => {
          fc.pre(id.charAt(index) !== char && (index === 17 || char !== 'X'));
          const changed = id.slice(0, index) + char + id.slice(index + 1);
          expect(validateIdCard(changed)).toBe(VALIDATION_MESSAGES.idCard);
        },
      ),
    );
  });

  it('accepts generated 15-digit numbers and rejects impossible dates', () => {
    fc.assert(
      fc.property(idCard15, (id) => {
        expect(validateIdCard(id)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(digits(6), fc.integer({ min: 13, max: 99 }), digits(5), (area, month, rest) => {
        expect(validateIdCard(`${area}49${month}${rest}`)).toBe(VALIDATION_MESSAGES.idCard);
      }),
    );
  });
});

describe('validateCreditCode', () => {
  it('accepts the domain guide examples', () => {
    expect(validateCreditCode('91350100M000100Y43')).toBe(true);
    expect(validateCreditCode('911100001000044477')).toBe(true);
  });

  it('rejects wrong check characters, forbidden letters and lower case', () => {
    expect(validateCreditCode('91350100M000100Y44')).toBe('请输入正确的统一社会信用代码');
    expect(validateCreditCode('91350100I000100Y43')).toBe(VALIDATION_MESSAGES.creditCode);
    expect(validateCreditCode('91350100m000100y43')).toBe(VALIDATION_MESSAGES.creditCode);
    expect(validateCreditCode('91350100M000100Y4')).toBe(VALIDATION_MESSAGES.creditCode);
    // A number (not a string) is refused even when its digits would form a valid code.
    expect(validateCreditCode(Number('911100001000044477'))).toBe(VALIDATION_MESSAGES.creditCode);
  });

  it('accepts generated codes and rejects any single-character change', () => {
    fc.assert(
      fc.property(creditCode, (code) => {
        expect(validateCreditCode(code)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(creditCode, fc.integer({ min: 0, max: 17 }), creditChar, (code, index, char) => {
        fc.pre(code.charAt(index) !== char);
        const changed = code.slice(0, index) + char + code.slice(index + 1);
        expect(validateCreditCode(changed)).toBe(VALIDATION_MESSAGES.creditCode);
      }),
    );
  });

  it('computes the check character of the examples', () => {
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
    expect(creditCodeCheckChar('91110000100004447')).toBe('7');
    expect(() => creditCodeCheckChar('short')).toThrow(RangeError);
    expect(() => idCardCheckChar('123')).toThrow(RangeError);
  });
});
