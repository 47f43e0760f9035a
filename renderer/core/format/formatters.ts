/**
 * Display formatters (spec section 5, "Display formats"). Pure string functions: amounts are handled
 * as exact decimal strings (see `decimal.ts`), never as `Number` values.
 */
import { AMOUNT_DECIMALS, isDecimal, parseDecimal, roundDecimal, shiftDecimal } from './decimal';
import type { DecimalInput } from './decimal';

/** What the display formatters show for a missing value (null, undefined, ''). */
export const EMPTY_PLACEHOLDER = '——';

/** A formatter input: a decimal string, number, bigint, or a missing value. */
export type FormatInput = DecimalInput | null | undefined;

/** Amount units of {@link formatAmountUnit}, each 10000 times the previous one. */
export const AMOUNT_UNITS = ['元', '万元', '亿元', '万亿'] as const;

/** One of {@link AMOUNT_UNITS}. */
export type AmountUnit = (typeof AMOUNT_UNITS)[number];

/** Result of {@link formatAmountUnit}. */
export interface AmountWithUnit {
  /** The scaled amount with fixed decimals, e.g. '1.23'; {@link EMPTY_PLACEHOLDER} when missing. */
  readonly value: string;
  /** The unit; '' when the value is missing or not a number. */
  readonly unit: AmountUnit | '';
}

/** How {@link formatPercent} reads its input. */
export type PercentScale = 'ratio' | 'percent';

function isMissing(value: unknown): value is null | undefined | '' {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** Drops grouping commas so that already formatted amounts are accepted again. */
function ungroup(value: DecimalInput): DecimalInput {
  return typeof value === 'string' ? value.replace(/,/g, '') : value;
}

function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * An amount with thousands separators and a fixed number of decimals, rounded half up exactly.
 * Grouping commas in a string input are ignored, so `formatAmount(formatAmount(x)) === formatAmount(x)`.
 * @param value decimal string, number or bigint; null, undefined and '' give {@link EMPTY_PLACEHOLDER},
 *   and so does anything that is not a decimal number.
 * @param decimals decimals shown; default 2.
 * @example formatAmount('99999999999999.98') === '99,999,999,999,999.98'; formatAmount(null) === '——'
 */
export function formatAmount(value: FormatInput, decimals: number = AMOUNT_DECIMALS): string {
  if (isMissing(value)) return EMPTY_PLACEHOLDER;
  const input = ungroup(value);
  if (!parseDecimal(input)) return EMPTY_PLACEHOLDER;
  const fixed = roundDecimal(input, decimals);
  const negative = fixed.startsWith('-');
  const [integer = '0', fraction] = (negative ? fixed.slice(1) : fixed).split('.');
  return (negative ? '-' : '') + groupThousands(integer) + (fraction === undefined ? '' : `.${fraction}`);
}

/**
 * A percentage with a fixed number of decimals and a '%' sign, computed exactly.
 *
 * Normalisation rule: with `scale = 'ratio'` (the default) the input is a fraction of one, so
 * `'0.1234'` shows as `'12.34%'`; with `scale = 'percent'` the input is already in percent, so
 * `'12.34'` shows as `'12.34%'`. A string that ends with '%' is always read as percent, whatever
 * `scale` says. Values are rounded half up; there are no thousands separators.
 * @param decimals decimals shown; default 2.
 * @returns {@link EMPTY_PLACEHOLDER} for a missing or non-numeric value.
 */
export function formatPercent(value: FormatInput, decimals = 2, scale: PercentScale = 'ratio'): string {
  if (isMissing(value)) return EMPTY_PLACEHOLDER;
  let input: DecimalInput = value;
  let readAs = scale;
  if (typeof input === 'string' && input.trim().endsWith('%')) {
    input = input.trim().slice(0, -1);
    readAs = 'percent';
  }
  if (!parseDecimal(input)) return EMPTY_PLACEHOLDER;
  const percent = readAs === 'ratio' ? shiftDecimal(input, 2) : input;
  return `${roundDecimal(percent, decimals)}%`;
}

/**
 * A rate (a fraction of one, as the models store it) as a percentage: at least 2 and at most 4 decimals,
 * trailing zeros beyond 2 dropped (spec section 5, percentages normalised): '0.0725' → '7.25%',
 * '0.005' → '0.50%', '0.965' and '0.9650' → '96.50%', '0.123456' → '12.3456%'.
 */
export function formatRate(value: FormatInput): string {
  const text = formatPercent(value, 4);
  if (text === EMPTY_PLACEHOLDER) return text;
  return text.replace(/^(-?\d+\.\d\d\d*?)0*%$/, '$1%');
}

/**
 * The percentage a stored rate is entered as ('0.0725' → '7.25'; RateInput, import templates); '' when there
 * is none, other text as it is.
 */
export function percentOfRate(value: string | null | undefined): string {
  if (value === undefined || value === null || value === '' || !isDecimal(value)) return value ?? '';
  return shiftDecimal(value, 2);
}

/**
 * The stored rate of an entered percentage ('7.25' or '7.25%' → '0.0725'; RateInput, import templates); text
 * that is not a number, or has more decimals than `precision`, is kept as entered so the field's rule names
 * the problem instead of a silent fix.
 */
export function rateOfPercent(text: string, precision = 4): string | undefined {
  const clean = text.trim().replace(/%$/, '').trim();
  if (clean === '') return undefined;
  const fits = /^\d+(\.\d+)?$/.test(clean) && (clean.split('.')[1]?.length ?? 0) <= precision;
  return fits ? shiftDecimal(clean, -2) : clean;
}

/**
 * A bank account number in groups of four separated by single spaces; existing whitespace is
 * removed first. @example formatBankNo('6217000010001234567') === '6217 0000 1000 1234 567'
 * @returns {@link EMPTY_PLACEHOLDER} for a missing value.
 */
export function formatBankNo(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY_PLACEHOLDER;
  const compact = String(value).replace(/\s+/g, '');
  if (compact === '') return EMPTY_PLACEHOLDER;
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Masks the middle of a string: the first and last `keep` characters around `stars` asterisks,
 * e.g. '6217000010001234' → '6217****1234'. Characters are counted as Unicode code points.
 *
 * Short strings (at most `2 × keep` characters) would otherwise be shown whole, so they keep
 * `floor(length / 4)` characters at each end instead: never more than half the string is shown
 * ('13812345' → '13****45', 'abc' → '****').
 * @param keep characters kept at each end; default 4.
 * @param stars asterisks in the middle; default 4.
 * @returns {@link EMPTY_PLACEHOLDER} for a missing value.
 */
export function maskString(value: string | number | null | undefined, keep = 4, stars = 4): string {
  if (!Number.isInteger(keep) || keep < 0 || !Number.isInteger(stars) || stars < 0) {
    throw new RangeError(`keep and stars must be non-negative integers, got ${keep} and ${stars}`);
  }
  if (value === null || value === undefined || value === '') return EMPTY_PLACEHOLDER;
  const chars = Array.from(String(value));
  const kept = chars.length > keep * 2 ? keep : Math.floor(chars.length / 4);
  const head = chars.slice(0, kept).join('');
  const tail = kept === 0 ? '' : chars.slice(-kept).join('');
  return head + '*'.repeat(stars) + tail;
}

/**
 * An amount in the largest unit of 元, 万元, 亿元, 万亿 that leaves fewer than 5 integer digits: the
 * amount is divided by 10000 (exactly, as a decimal shift) while its integer part, after rounding to
 * `decimals`, has 5 or more digits, up to 万亿. No thousands separators.
 * @example formatAmountUnit('12345.67') → { value: '1.23', unit: '万元' }
 * @example formatAmountUnit('9999.99') → { value: '9999.99', unit: '元' }
 * @param decimals decimals of the value; default 2.
 */
export function formatAmountUnit(value: FormatInput, decimals: number = AMOUNT_DECIMALS): AmountWithUnit {
  if (isMissing(value)) return { value: EMPTY_PLACEHOLDER, unit: '' };
  const input = ungroup(value);
  if (!parseDecimal(input)) return { value: EMPTY_PLACEHOLDER, unit: '' };
  let step = 0;
  let rounded = roundDecimal(input, decimals);
  // Rounding can carry into a fifth digit (9999.999 → 10000.00), so test the rounded value.
  while (integerDigits(rounded) >= 5 && step < AMOUNT_UNITS.length - 1) {
    step += 1;
    rounded = roundDecimal(shiftDecimal(input, -4 * step), decimals);
  }
  return { value: rounded, unit: AMOUNT_UNITS[step] ?? '元' };
}

function integerDigits(fixed: string): number {
  return (fixed.replace(/^-/, '').split('.')[0] ?? '').length;
}

/** The portal's time zone: Asia/Shanghai, UTC+8 all year (no daylight saving). */
export const CHINA_UTC_OFFSET_MINUTES = 480;

const INSTANT = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A date-time as `YYYY-MM-DD HH:mm[:ss]` in Asia/Shanghai. An instant with a zone (`…Z`, `…+00:00`) is
 * moved to UTC+8; a text without a zone is already local time and kept; anything else is returned as is.
 */
export function formatDateTime(value: unknown, offsetMinutes: number = CHINA_UTC_OFFSET_MINUTES): string {
  const text = String(value).trim();
  const match = INSTANT.exec(text);
  if (!match) return text;
  const [, date, hm, seconds = '', zone] = match;
  if (!zone) return `${date} ${hm}${seconds}`;
  const ms = Date.parse(text.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (Number.isNaN(ms)) return text;
  const local = new Date(ms + offsetMinutes * 60_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)}${seconds ? local.slice(16, 19) : ''}`;
}

/**
 * An instant as people read it: `YYYY-MM-DD HH:mm:ss` in China time (DESIGN.md section 13). A `Date` or
 * a text with a zone is moved to UTC+8; a text without one is already China time and kept. Screens, PDFs,
 * exports, messages and SMS all print time through this (or {@link chinaDay}).
 */
export function chinaDateTime(value: Date | string): string {
  return formatDateTime(value instanceof Date ? value.toISOString() : value);
}

/** The business date of an instant: the calendar day in China (YYYY-MM-DD). */
export function chinaDay(value: Date | string): string {
  return chinaDateTime(value).slice(0, 10);
}
