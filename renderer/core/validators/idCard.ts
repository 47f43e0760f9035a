import { VALIDATION_MESSAGES } from './messages';
import type { ValidatorResult } from './types';

/** Shape of a resident ID card number: 15 digits, or 17 digits and a digit or X. */
export const ID_CARD_PATTERN = /^(?:\d{15}|\d{17}[\dXx])$/;

/** GB 11643 weights of the first 17 digits. */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
/** GB 11643 check character for each weighted sum modulo 11. */
const CHECK_CHARS = '10X98765432';

/**
 * The GB 11643 check character ('0'-'9' or 'X') of the first 17 digits of an 18-digit ID number.
 * @throws RangeError when `first17` is not 17 digits.
 */
export function idCardCheckChar(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new RangeError('idCardCheckChar needs exactly 17 digits');
  let sum = 0;
  for (let index = 0; index < 17; index += 1) {
    sum += Number(first17[index]) * (WEIGHTS[index] ?? 0);
  }
  return CHECK_CHARS[sum % 11] ?? '';
}

/** Whether year, month and day form a real calendar date (proleptic Gregorian). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

/**
 * Validates a resident ID card number: 15 digits (old form, birth date YYMMDD read as 19YY) or 18
 * characters with a birth date YYYYMMDD in 1800-2099 and the GB 11643 check character (a lower-case
 * 'x' is accepted as 'X'). The birth date must be a real calendar date.
 * @returns true or '请输入正确的身份证号码'.
 */
export function validateIdCard(value: unknown): ValidatorResult {
  if (typeof value !== 'string' || !ID_CARD_PATTERN.test(value)) return VALIDATION_MESSAGES.idCard;
  if (value.length === 15) {
    const ok = isCalendarDate(
      1900 + Number(value.slice(6, 8)),
      Number(value.slice(8, 10)),
      Number(value.slice(10, 12)),
    );
    return ok ? true : VALIDATION_MESSAGES.idCard;
  }
  const year = Number(value.slice(6, 10));
  const dateOk =
    year >= 1800 &&
    year <= 2099 &&
    isCalendarDate(year, Number(value.slice(10, 12)), Number(value.slice(12, 14)));
  if (!dateOk) return VALIDATION_MESSAGES.idCard;
  return idCardCheckChar(value.slice(0, 17)) === value.charAt(17).toUpperCase()
    ? true
    : VALIDATION_MESSAGES.idCard;
}
