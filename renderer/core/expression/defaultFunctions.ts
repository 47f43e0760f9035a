import { ExpressionError } from './errors';
import { createFunctionRegistry } from './functionRegistry';
import type { FunctionDefinition, FunctionRegistry } from './functionRegistry';
import { isPlainObject } from './interpreter';
import { dateAdd, dateDiff, dateOf, isDateUnit } from './dates';
import type { DateUnit } from './dates';
import { moneyAdd, moneyCmp, moneySub } from './money';

/** Options of {@link createDefaultFunctions}. */
export interface DefaultFunctionsOptions {
  /** The clock behind `today()`/`now()`. @default () => new Date() */
  clock?: () => Date;
  /**
   * Fixed UTC offset, in minutes, used to turn the clock into a calendar date (480 for China).
   * @default the host's local time zone
   */
  utcOffsetMinutes?: number;
}

const typeError = (name: string, expected: string): ExpressionError =>
  new ExpressionError('E_TYPE', `${name} 需要${expected}`);

function toText(name: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw typeError(name, '字符串');
}

/** `Number(v)` for numbers, numeric strings and booleans; `null` for blanks and non-numbers. */
function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value.trim());
  return Number.isNaN(n) ? null : n;
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value)) return Object.keys(value).length === 0;
  return false;
}

function flatten(values: readonly unknown[]): unknown[] {
  return values.flatMap((v) => (Array.isArray(v) ? (v as unknown[]) : [v]));
}

/** Rounds half away from zero at `digits` decimals, on the decimal representation (2.675 → 2.68). */
function round(value: number, digits: number): number {
  const abs = Math.abs(value);
  const text = String(abs);
  const rounded = text.includes('e')
    ? Math.round(abs * 10 ** digits) / 10 ** digits
    : Number(`${Math.round(Number(`${text}e${digits}`))}e${-digits}`);
  return value < 0 ? -rounded : rounded;
}

function extreme(
  name: string,
  args: readonly unknown[],
  pick: (a: number, b: number) => number,
): number | null {
  let result: number | null = null;
  for (const value of flatten(args)) {
    if (value === null || value === undefined || value === '') continue;
    const n = toNumber(value);
    if (n === null) throw typeError(name, '数字');
    result = result === null ? n : pick(result, n);
  }
  return result;
}

function unitOf(name: string, value: unknown): DateUnit {
  if (value === undefined) return 'day';
  if (isDateUnit(value)) return value;
  throw typeError(name, "单位 'day'、'week'、'month' 或 'year'");
}

/**
 * The default function set, as a list of definitions (to extend with `createFunctionRegistry`).
 *
 * | function | result |
 * |---|---|
 * | `len(x)` | length of a string/array, key count of an object, 0 for null |
 * | `includes(c, v)` | array contains `v` (SameValueZero) or string contains `v`; false for null |
 * | `startsWith(s, p)`, `endsWith(s, p)` | string test; false for null |
 * | `isEmpty(v)`, `notEmpty(v)` | null, undefined, `''`, `[]`, `{}` are empty |
 * | `toNumber(v)` | number, or null for blank/non-numeric |
 * | `round(n, digits = 0)` | decimal rounding, half away from zero; null for blank |
 * | `min(...)`, `max(...)` | over numbers (arrays flattened, blanks skipped); null when none |
 * | `abs(n)` | absolute value; null for blank |
 * | `concat(...)` | arrays concatenated if all arguments are arrays, else text joined (null as '') |
 * | `upper(s)`, `lower(s)`, `trim(s)` | text; null becomes '' |
 * | `today()`, `now()` | today's date `YYYY-MM-DD` from the injected clock (`now` is an alias) |
 * | `dateAdd(d, n, unit = 'day')` | `YYYY-MM-DD`, month ends clamped; null on invalid input |
 * | `dateDiff(from, to, unit = 'day')` | whole units from `from` to `to`; null on invalid input |
 * | `moneyAdd(...)`, `moneySub(a, ...)` | exact decimal-string sums (`'0.30'`), blanks count 0, null if invalid |
 * | `moneyCmp(a, b)` | -1, 0, 1 (exact); null if invalid |
 * | `hasRole(...roles)` | the scope's `$roles` (array or string) contains any of `roles` |
 * | `oneOf(v, ...candidates)` | `v` equals (===) one of the candidates (arrays flattened) |
 */
export function defaultFunctionDefinitions(options: DefaultFunctionsOptions = {}): FunctionDefinition[] {
  const clock = options.clock ?? (() => new Date());
  const today = (): string => dateOf(clock(), options.utcOffsetMinutes);
  const numberArg = (name: string, value: unknown): number | null => {
    const n = toNumber(value);
    if (n === null && value !== null && value !== undefined && value !== '') throw typeError(name, '数字');
    return n;
  };
  return [
    {
      name: 'len',
      minArgs: 1,
      maxArgs: 1,
      description: '字符串或数组的长度',
      fn: ([v]) => {
        if (v === null || v === undefined) return 0;
        if (typeof v === 'string' || Array.isArray(v)) return v.length;
        if (isPlainObject(v)) return Object.keys(v).length;
        throw typeError('len', '字符串、数组或对象');
      },
    },
    {
      name: 'includes',
      minArgs: 2,
      maxArgs: 2,
      description: '数组是否包含某值 / 字符串是否包含子串',
      fn: ([c, v]) => {
        if (c === null || c === undefined) return false;
        if (Array.isArray(c)) return c.includes(v);
        if (typeof c === 'string') return c.includes(toText('includes', v));
        throw typeError('includes', '数组或字符串');
      },
    },
    {
      name: 'startsWith',
      minArgs: 2,
      maxArgs: 2,
      description: '字符串是否以某前缀开头',
      fn: ([s, p]) =>
        s === null || s === undefined ? false : toText('startsWith', s).startsWith(toText('startsWith', p)),
    },
    {
      name: 'endsWith',
      minArgs: 2,
      maxArgs: 2,
      description: '字符串是否以某后缀结尾',
      fn: ([s, p]) =>
        s === null || s === undefined ? false : toText('endsWith', s).endsWith(toText('endsWith', p)),
    },
    { name: 'isEmpty', minArgs: 1, maxArgs: 1, description: '是否为空', fn: ([v]) => isEmpty(v) },
    { name: 'notEmpty', minArgs: 1, maxArgs: 1, description: '是否非空', fn: ([v]) => !isEmpty(v) },
    {
      name: 'toNumber',
      minArgs: 1,
      maxArgs: 1,
      description: '转为数字，空或非数字为 null',
      fn: ([v]) => toNumber(v),
    },
    {
      name: 'round',
      minArgs: 1,
      maxArgs: 2,
      description: '四舍五入到指定小数位',
      fn: ([v, d]) => {
        const n = numberArg('round', v);
        const digits = d === undefined ? 0 : d;
        if (typeof digits !== 'number' || !Number.isInteger(digits) || digits < 0 || digits > 15) {
          throw typeError('round', '0~15 的整数小数位');
        }
        return n === null ? null : round(n, digits);
      },
    },
    { name: 'min', minArgs: 1, description: '最小值', fn: (args) => extreme('min', args, Math.min) },
    { name: 'max', minArgs: 1, description: '最大值', fn: (args) => extreme('max', args, Math.max) },
    {
      name: 'abs',
      minArgs: 1,
      maxArgs: 1,
      description: '绝对值',
      fn: ([v]) => {
        const n = numberArg('abs', v);
        return n === null ? null : Math.abs(n);
      },
    },
    {
      name: 'concat',
      description: '拼接字符串（全部为数组时拼接数组）',
      fn: (args) =>
        args.length > 0 && args.every((a) => Array.isArray(a))
          ? (args as unknown[][]).flat(1)
          : args.map((a) => toText('concat', a)).join(''),
    },
    {
      name: 'upper',
      minArgs: 1,
      maxArgs: 1,
      description: '转大写',
      fn: ([s]) => toText('upper', s).toUpperCase(),
    },
    {
      name: 'lower',
      minArgs: 1,
      maxArgs: 1,
      description: '转小写',
      fn: ([s]) => toText('lower', s).toLowerCase(),
    },
    {
      name: 'trim',
      minArgs: 1,
      maxArgs: 1,
      description: '去掉首尾空白',
      fn: ([s]) => toText('trim', s).trim(),
    },
    { name: 'today', maxArgs: 0, description: '今天，YYYY-MM-DD', fn: () => today() },
    { name: 'now', maxArgs: 0, description: '今天，YYYY-MM-DD（同 today）', fn: () => today() },
    {
      name: 'dateAdd',
      minArgs: 2,
      maxArgs: 3,
      description: '日期加减天/周/月/年',
      fn: ([d, n, unit]) => dateAdd(d, n, unitOf('dateAdd', unit)),
    },
    {
      name: 'dateDiff',
      minArgs: 2,
      maxArgs: 3,
      description: '两个日期相差的天/周/月/年数',
      fn: ([a, b, unit]) => dateDiff(a, b, unitOf('dateDiff', unit)),
    },
    { name: 'moneyAdd', minArgs: 1, description: '金额精确相加', fn: (args) => moneyAdd(args) },
    {
      name: 'moneySub',
      minArgs: 2,
      description: '金额精确相减',
      fn: ([first, ...rest]) => moneySub(first, rest),
    },
    {
      name: 'moneyCmp',
      minArgs: 2,
      maxArgs: 2,
      description: '金额比较，返回 -1/0/1',
      fn: ([a, b]) => moneyCmp(a, b),
    },
    {
      name: 'hasRole',
      minArgs: 1,
      description: '当前角色（$roles）是否包含任一给定角色',
      fn: (roles, context) => {
        const own = context.lookup('$roles');
        const list = typeof own === 'string' ? [own] : Array.isArray(own) ? (own as unknown[]) : [];
        return flatten(roles).some((role) => typeof role === 'string' && list.includes(role));
      },
    },
    {
      name: 'oneOf',
      minArgs: 2,
      description: '值是否等于候选值之一',
      fn: ([v, ...candidates]) => flatten(candidates).includes(v),
    },
  ];
}

/** Builds the default function registry with an injectable clock. */
export function createDefaultFunctions(options: DefaultFunctionsOptions = {}): FunctionRegistry {
  return createFunctionRegistry(defaultFunctionDefinitions(options));
}

/** The default function registry, on the system clock and local time zone. */
export const defaultFunctions: FunctionRegistry = createDefaultFunctions();
