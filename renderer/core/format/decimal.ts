/**
 * Exact decimal arithmetic on strings for money and rates.
 *
 * Amounts reach 99999999999999.98 (16 significant digits), more than an IEEE double holds exactly in
 * cents, so every operation here works on `bigint` scaled integers and never on `Number` values.
 */

/** What the decimal helpers accept: a decimal string, a finite number or a bigint. */
export type DecimalInput = string | number | bigint;

/** A parsed decimal in canonical form (no leading integer zeros, no trailing fraction zeros). */
export interface DecimalParts {
  /** True for values below zero; zero is never negative. */
  readonly negative: boolean;
  /** Integer digits without leading zeros ('0' for zero). */
  readonly integer: string;
  /** Fraction digits without trailing zeros ('' for whole numbers). */
  readonly fraction: string;
}

/** Largest amount the amount input accepts (spec section 9). */
export const AMOUNT_MAX = '99999999999999.98';
/** Smallest amount the amount input accepts (spec section 5). */
export const AMOUNT_MIN = '0';
/** Decimals of money amounts (spec section 9). */
export const AMOUNT_DECIMALS = 2;

const DECIMAL_RE = /^([+-])?(\d+)(?:\.(\d+))?$/;
const EXPONENT_RE = /^([+-])?(\d+)(?:\.(\d+))?e([+-]?\d+)$/i;
const MONEY_RE = /^-?(?:0|[1-9]\d*)(?:\.\d{1,2})?$/;

function canonical(negative: boolean, integer: string, fraction: string): DecimalParts {
  const int = integer.replace(/^0+(?=\d)/, '');
  const frac = fraction.replace(/0+$/, '');
  const isZero = int === '0' && frac === '';
  return { negative: negative && !isZero, integer: int, fraction: frac };
}

/** Expands the exponent form that `String(number)` produces for very large or small numbers. */
function expandExponent(text: string): DecimalParts | null {
  const match = EXPONENT_RE.exec(text);
  if (!match) return null;
  const digits = (match[2] ?? '') + (match[3] ?? '');
  // Position of the decimal point inside `digits` after applying the exponent.
  const point = (match[2] ?? '').length + Number(match[4]);
  if (point <= 0) return canonical(match[1] === '-', '0', '0'.repeat(-point) + digits);
  if (point >= digits.length)
    return canonical(match[1] === '-', digits + '0'.repeat(point - digits.length), '');
  return canonical(match[1] === '-', digits.slice(0, point), digits.slice(point));
}

/**
 * Parses a decimal. Strings must be plain decimals (optional sign, digits, optional `.digits`,
 * surrounding whitespace ignored); exponents are accepted only from `number` input.
 * @returns the canonical parts, or `null` when the input is not a finite decimal.
 */
export function parseDecimal(input: DecimalInput): DecimalParts | null {
  if (typeof input === 'bigint') {
    const negative = input < 0n;
    return canonical(negative, (negative ? -input : input).toString(), '');
  }
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    const text = String(input);
    return parseDecimal(text) ?? expandExponent(text);
  }
  if (typeof input !== 'string') return null;
  const match = DECIMAL_RE.exec(input.trim());
  if (!match) return null;
  return canonical(match[1] === '-', match[2] ?? '0', match[3] ?? '');
}

/** Whether `input` parses as a finite decimal (see {@link parseDecimal}). */
export function isDecimal(input: DecimalInput): boolean {
  return parseDecimal(input) !== null;
}

function requireParts(input: DecimalInput): DecimalParts {
  const parts = parseDecimal(input);
  if (!parts) throw new TypeError(`Not a decimal number: ${JSON.stringify(String(input))}`);
  return parts;
}

/**
 * Canonical string of a decimal: no leading or trailing zeros, no '+', no '-0'.
 * @example normalizeDecimal(' 007.50 ') === '7.5'
 * @throws TypeError when the input is not a decimal.
 */
export function normalizeDecimal(input: DecimalInput): string {
  const { negative, integer, fraction } = requireParts(input);
  return (negative ? '-' : '') + integer + (fraction ? `.${fraction}` : '');
}

/**
 * Whether `text` is a money string: optional '-', integer digits without leading zeros, and at most
 * two decimals (`'0'`, `'12.5'`, `'-3.07'`; not `'01'`, `'1.'`, `'1.234'`, `'1e3'`).
 */
export function isMoneyString(text: unknown): text is string {
  return typeof text === 'string' && MONEY_RE.test(text);
}

/**
 * The value times 10^scale as a bigint, exactly.
 * @throws TypeError for a non-decimal; RangeError when the value has more than `scale` decimals.
 */
export function toScaled(input: DecimalInput, scale: number): bigint {
  assertDecimals(scale, 'scale');
  const { negative, integer, fraction } = requireParts(input);
  if (fraction.length > scale) {
    throw new RangeError(`${normalizeDecimal(input)} has more than ${scale} decimals`);
  }
  const magnitude = BigInt(integer + fraction.padEnd(scale, '0'));
  return negative ? -magnitude : magnitude;
}

/**
 * A scaled bigint as a decimal string with exactly `scale` decimals.
 * @example fromScaled(-5n, 2) === '-0.05'
 */
export function fromScaled(value: bigint, scale: number): string {
  assertDecimals(scale, 'scale');
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const cut = digits.length - scale;
  const text = scale === 0 ? digits : `${digits.slice(0, cut)}.${digits.slice(cut)}`;
  return negative ? `-${text}` : text;
}

/**
 * An amount in cents (exact).
 * @throws TypeError for a non-decimal; RangeError for more than 2 non-zero decimals.
 */
export function toCents(amount: DecimalInput): bigint {
  return toScaled(amount, AMOUNT_DECIMALS);
}

/** Cents as a money string, always with two decimals. @example fromCents(1234n) === '12.34' */
export function fromCents(cents: bigint): string {
  return fromScaled(cents, AMOUNT_DECIMALS);
}

/**
 * Rounds a scaled integer from `fromScale` to `toScale` decimals, half up (ties away from zero, as
 * Java's `RoundingMode.HALF_UP` and Chinese bank statements do).
 */
export function rescaleHalfUp(value: bigint, fromScale: number, toScale: number): bigint {
  if (toScale >= fromScale) return value * 10n ** BigInt(toScale - fromScale);
  const divisor = 10n ** BigInt(fromScale - toScale);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  let quotient = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) quotient += 1n;
  return negative ? -quotient : quotient;
}

/**
 * The value rounded half up (ties away from zero) to exactly `decimals` decimals.
 * A result of zero carries no sign.
 * @example roundDecimal('1.005', 2) === '1.01'; roundDecimal('-2.5', 0) === '-3'
 * @throws TypeError when the input is not a decimal.
 */
export function roundDecimal(input: DecimalInput, decimals: number): string {
  assertDecimals(decimals, 'decimals');
  const { negative, integer, fraction } = requireParts(input);
  const scale = fraction.length;
  const magnitude = BigInt(integer + fraction);
  return fromScaled(rescaleHalfUp(negative ? -magnitude : magnitude, scale, decimals), decimals);
}

/**
 * Moves the decimal point: multiplies by 10^places (negative places divide), exactly.
 * @example shiftDecimal('12345.6', -4) === '1.23456'; shiftDecimal('0.1234', 2) === '12.34'
 */
export function shiftDecimal(input: DecimalInput, places: number): string {
  if (!Number.isInteger(places)) throw new RangeError(`places must be an integer, got ${places}`);
  const { negative, integer, fraction } = requireParts(input);
  const digits = integer + fraction;
  const point = integer.length + places;
  const int = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0');
  const frac = point <= 0 ? '0'.repeat(-point) + digits : digits.slice(point);
  return normalizeDecimal((negative ? '-' : '') + int + (frac ? `.${frac}` : ''));
}

/** Sum of two amounts with two decimals. @example addMoney('0.1', '0.2') === '0.30' */
export function addMoney(a: DecimalInput, b: DecimalInput): string {
  return fromCents(toCents(a) + toCents(b));
}

/** Difference `a - b` of two amounts with two decimals. */
export function subMoney(a: DecimalInput, b: DecimalInput): string {
  return fromCents(toCents(a) - toCents(b));
}

/** Sum of any number of amounts with two decimals ('0.00' for none). */
export function sumMoney(amounts: readonly DecimalInput[]): string {
  return fromCents(amounts.reduce<bigint>((sum, amount) => sum + toCents(amount), 0n));
}

/**
 * Compares two decimals exactly (any number of decimals).
 * @returns -1 when a < b, 0 when equal, 1 when a > b.
 */
export function compareMoney(a: DecimalInput, b: DecimalInput): -1 | 0 | 1 {
  const left = requireParts(a);
  const right = requireParts(b);
  const scale = Math.max(left.fraction.length, right.fraction.length);
  const x = toScaled(a, scale);
  const y = toScaled(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * `amount × rate`, computed exactly and rounded half up (ties away from zero) to `decimals`.
 * @example mulRate('10000.00', '0.0435', 2) === '435.00'; mulRate('0.05', '0.5') === '0.03'
 * @param decimals decimals of the result; default 2 (money).
 */
export function mulRate(
  amount: DecimalInput,
  rate: DecimalInput,
  decimals: number = AMOUNT_DECIMALS,
): string {
  assertDecimals(decimals, 'decimals');
  const a = requireParts(amount);
  const r = requireParts(rate);
  const product = toScaled(amount, a.fraction.length) * toScaled(rate, r.fraction.length);
  return fromScaled(rescaleHalfUp(product, a.fraction.length + r.fraction.length, decimals), decimals);
}

function assertDecimals(value: number, name: string): void {
  if (!Number.isInteger(value) || value < 0 || value > 100) {
    throw new RangeError(`${name} must be an integer from 0 to 100, got ${value}`);
  }
}
