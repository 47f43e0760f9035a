/**
 * Chinese capital money (大写金额) for amounts below 1e15 with up to four decimals (spec section 5).
 *
 * The wording follows `nzh`'s `Nzh.cn.toMoney(x, { outSymbol: false })`, which the tests compare
 * against: '壹拾' (never a bare '拾'), one '零' for a run of zeros inside a four-digit group or right
 * after a 万/亿 boundary ('壹仟零壹元', '壹亿零壹元', '壹拾万壹仟元'), '零' between 元 and a later
 * fraction digit ('壹元零伍分'), and no '元' for amounts below one ('伍角').
 * One deliberate difference: '整' is written whenever the amount has no fraction ('1.00' →
 * '壹元整'), as the standard rule asks for an amount that ends at 元; nzh adds it only when the input
 * string has no decimal point.
 */
import { parseDecimal } from './decimal';

/** Capital digits 0-9. */
export const CAPITAL_DIGITS = '零壹贰叁肆伍陆柒捌玖';

/**
 * Units of the four decimals, in the order the specification lists them ('角分毫厘'): the 3rd decimal
 * is written 毫 and the 4th 厘, as in the legacy portal (metrology would write 厘 then 毫).
 */
export const CAPITAL_FRACTION_UNITS = ['角', '分', '毫', '厘'] as const;

/** Amounts must be below this value (1e15). */
export const CAPITAL_MAX_EXCLUSIVE = '1000000000000000';

/** Thrown by {@link toChineseCapital} for input it cannot convert. */
export class CapitalConversionError extends Error {
  override readonly name = 'CapitalConversionError';
}

const GROUP_POSITION_UNITS = ['', '拾', '佰', '仟'] as const;
const ZERO = '零';

/**
 * Converts a non-negative amount below 1e15 with at most four decimals to Chinese capital money.
 * Leading zeros and trailing fraction zeros are ignored.
 * @example toChineseCapital('1001') === '壹仟零壹元整'
 * @example toChineseCapital('99999999999999.98') === '玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角捌分'
 * @throws CapitalConversionError for non-decimal, negative, too large or over-precise amounts.
 */
export function toChineseCapital(amount: string): string {
  const parts = typeof amount === 'string' ? parseDecimal(amount) : null;
  if (!parts) throw new CapitalConversionError(`金额格式不正确: ${JSON.stringify(amount)}`);
  if (parts.negative) throw new CapitalConversionError(`金额不能为负数: ${amount}`);
  if (parts.integer.length >= CAPITAL_MAX_EXCLUSIVE.length) {
    throw new CapitalConversionError(`金额必须小于1000万亿: ${amount}`);
  }
  if (parts.fraction.length > CAPITAL_FRACTION_UNITS.length) {
    throw new CapitalConversionError(`金额最多4位小数: ${amount}`);
  }
  const hasInteger = parts.integer !== '0';
  const fraction = encodeFraction(parts.fraction, hasInteger);
  if (fraction === '') return `${encodeInteger(parts.integer)}元整`;
  return (hasInteger ? `${encodeInteger(parts.integer)}元` : '') + fraction;
}

/** Whether {@link toChineseCapital} accepts `amount`. */
export function isCapitalConvertible(amount: unknown): amount is string {
  if (typeof amount !== 'string') return false;
  const parts = parseDecimal(amount);
  return (
    parts !== null &&
    !parts.negative &&
    parts.integer.length < CAPITAL_MAX_EXCLUSIVE.length &&
    parts.fraction.length <= CAPITAL_FRACTION_UNITS.length
  );
}

/**
 * Integer part (no leading zeros, at most 15 digits). Digits are read in groups of four from the
 * right: group 1 takes 万, group 2 亿, group 3 万 again (so 1e12 is '壹万亿').
 */
function encodeInteger(integer: string): string {
  if (integer === '0') return ZERO;
  const length = integer.length;
  const digitAt = (position: number): number => Number(integer[length - 1 - position] ?? '0');
  const groupIsZero = (group: number): boolean =>
    [0, 1, 2, 3].every((offset) => digitAt(group * 4 + offset) === 0);
  let out = '';
  let zerosAbove = false; // a zero run sits between the last written digit and the current one
  for (let position = length - 1; position >= 0; position -= 1) {
    const digit = digitAt(position);
    const group = Math.floor(position / 4);
    const inGroup = position % 4;
    if (digit === 0) {
      if (out !== '') zerosAbove = true;
    } else {
      if (zerosAbove && needsZero(inGroup, group, groupIsZero)) out += ZERO;
      zerosAbove = false;
      out += (CAPITAL_DIGITS[digit] ?? '') + GROUP_POSITION_UNITS[inGroup as 0 | 1 | 2 | 3];
    }
    if (inGroup === 0) out += groupUnit(group, groupIsZero);
  }
  return out;
}

/**
 * Whether a run of zeros above a non-zero digit is written as '零'. Zeros inside a group always are.
 * When the digit tops its group, the run lies in the groups above: it is written only when the whole
 * next group is zero and both groups are on the same side of 亿, because trailing zeros before '亿'
 * are dropped (nzh: '壹万亿壹仟万' for 1000010000000, but '壹亿零壹仟' for 100001000).
 */
function needsZero(inGroup: number, group: number, groupIsZero: (group: number) => boolean): boolean {
  if (inGroup < 3) return true;
  return group !== 1 && groupIsZero(group + 1);
}

function groupUnit(group: number, groupIsZero: (group: number) => boolean): string {
  if (group === 1 || group === 3) return groupIsZero(group) ? '' : '万';
  if (group === 2) return groupIsZero(2) && groupIsZero(3) ? '' : '亿';
  return '';
}

/**
 * Fraction digits (no trailing zeros). A run of zeros before a non-zero fraction digit is one '零',
 * except a leading run when there is no integer part ('0.05' → '伍分').
 */
function encodeFraction(fraction: string, hasInteger: boolean): string {
  let out = '';
  let zerosAbove = hasInteger;
  for (let index = 0; index < fraction.length; index += 1) {
    const digit = Number(fraction[index]);
    if (digit === 0) {
      if (out !== '' || hasInteger) zerosAbove = true;
      continue;
    }
    if (zerosAbove && index > 0) out += ZERO;
    zerosAbove = false;
    out += (CAPITAL_DIGITS[digit] ?? '') + CAPITAL_FRACTION_UNITS[index as 0 | 1 | 2 | 3];
  }
  return out;
}
