import { isCalendarDate } from './idCard';

/**
 * Business dates (due dates, limit terms, invoice dates, list filters) are real calendar days of these
 * years: 0000-01-01 or 9999-12-31 is a typing slip or a probe, never a date a finance document means.
 */
export const BUSINESS_YEAR_MIN = 1900;
export const BUSINESS_YEAR_MAX = 2099;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD`, a real calendar day (no 02-30) within {@link BUSINESS_YEAR_MIN}..{@link BUSINESS_YEAR_MAX}. */
export function isBusinessDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return year >= BUSINESS_YEAR_MIN && year <= BUSINESS_YEAR_MAX && isCalendarDate(year, month, day);
}

/** The message for a value that is not a business date. */
export const BUSINESS_DATE_MESSAGE = '请输入正确的日期（YYYY-MM-DD）';
