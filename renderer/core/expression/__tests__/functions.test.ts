import { describe, expect, it } from 'vitest';
import {
  createDefaultFunctions,
  createFunctionRegistry,
  defaultFunctionDefinitions,
  defaultFunctions,
  evaluate,
  ExpressionError,
} from '@renderer/core/expression';
import type { ExpressionErrorCode, FunctionRegistry } from '@renderer/core/expression';

// 2026-03-01 01:30 UTC = 2026-03-01 09:30 in China, 2026-02-28 in New York.
const fixedClock = (): Date => new Date(Date.UTC(2026, 2, 1, 1, 30));
const china = createDefaultFunctions({ clock: fixedClock, utcOffsetMinutes: 480 });

function codeOf(run: () => unknown): ExpressionErrorCode | 'NO_ERROR' {
  try {
    run();
  } catch (error) {
    if (error instanceof ExpressionError) return error.code;
    throw error;
  }
  return 'NO_ERROR';
}

const scope = {
  $roles: ['ROLE_CORE_OPERATOR', 'ROLE_CORP_OPERATOR'],
  list: [3, 1, 2],
  text: '  Mixed Case  ',
  blank: '',
  nil: null,
  obj: { a: 1, b: 2 },
  big: '99999999999999.97',
};

describe('default functions', () => {
  const cases: [string, unknown][] = [
    ['len("abc")', 3],
    ['len(list)', 3],
    ['len(obj)', 2],
    ['len(nil)', 0],
    ['includes(list, 2)', true],
    ['includes(list, "2")', false],
    ['includes("abc", "bc")', true],
    ['includes(nil, 1)', false],
    ['startsWith("ROLE_CORE", "ROLE_")', true],
    ['startsWith(nil, "x")', false],
    ['endsWith("file.pdf", ".pdf")', true],
    ['isEmpty(blank)', true],
    ['isEmpty(nil)', true],
    ['isEmpty([])', true],
    ['isEmpty({})', true],
    ['isEmpty(0)', false],
    ['isEmpty(" ")', false],
    ['notEmpty(list)', true],
    ['notEmpty(blank)', false],
    ['toNumber("12.5")', 12.5],
    ['toNumber(" 7 ")', 7],
    ['toNumber("")', null],
    ['toNumber("abc")', null],
    ['toNumber(true)', 1],
    ['round(2.675, 2)', 2.68],
    ['round(1.005, 2)', 1.01],
    ['round(-2.5)', -3],
    ['round("3.14159", 3)', 3.142],
    ['round(nil)', null],
    ['min(3, 1, 2)', 1],
    ['max(list)', 3],
    ['max(1, "5", nil, blank)', 5],
    ['min(nil)', null],
    ['abs(-3)', 3],
    ['abs("-0.5")', 0.5],
    ['concat("a", 1, nil, true)', 'a1true'],
    ['concat([1], [2, 3])', [1, 2, 3]],
    ['concat()', ''],
    ['upper("abc")', 'ABC'],
    ['lower("ABC")', 'abc'],
    ['trim(text)', 'Mixed Case'],
    ['upper(nil)', ''],
    ['dateAdd("2024-01-31", 1, "month")', '2024-02-29'],
    ['dateAdd("2024-02-29", 1, "year")', '2025-02-28'],
    ['dateAdd("2026-03-01", -1)', '2026-02-28'],
    ['dateAdd("2026-12-25", 2, "week")', '2027-01-08'],
    ['dateAdd("2026-03-01 10:00:00", 1)', '2026-03-02'],
    ['dateAdd("2026-02-30", 1)', null],
    ['dateAdd(nil, 1)', null],
    ['dateAdd("2026-01-01", 1.5)', null],
    ['dateDiff("2026-01-01", "2026-03-01")', 59],
    ['dateDiff("2026-03-01", "2026-01-01")', -59],
    ['dateDiff("2024-01-31", "2024-02-29", "month")', 1],
    ['dateDiff("2024-01-15", "2024-02-14", "month")', 0],
    ['dateDiff("2024-02-14", "2024-01-15", "month")', 0],
    ['dateDiff("2024-03-31", "2024-01-31", "month")', -2],
    ['dateDiff("2020-02-29", "2026-02-28", "year")', 6],
    ['dateDiff("2026-01-01", "2026-01-15", "week")', 2],
    ['dateDiff("x", "2026-01-01")', null],
    ['moneyAdd("0.1", "0.2")', '0.30'],
    ['moneyAdd("1,234.5", 0.5, nil, blank)', '1235.00'],
    ['moneyAdd(big, "0.01")', '99999999999999.98'],
    ['moneyAdd(["1.10", "2.20"], "3")', '6.30'],
    ['moneyAdd("1.001")', null],
    ['moneyAdd("abc")', null],
    ['moneySub("0.3", "0.1")', '0.20'],
    ['moneySub("1", "2.5")', '-1.50'],
    ['moneySub(big, "99999999999999.96")', '0.01'],
    ['moneySub("1", "x")', null],
    ['moneyCmp("99999999999999.98", big)', 1],
    ['moneyCmp("10", "10.00")', 0],
    ['moneyCmp("-0.01", nil)', -1],
    ['moneyCmp("1", "1.234")', null],
    ['hasRole("ROLE_CORP_OPERATOR")', true],
    ['hasRole("ROLE_FIN_CLIENT_MANAGER")', false],
    ['hasRole("ROLE_X", "ROLE_CORE_OPERATOR")', true],
    ['hasRole(["ROLE_X", "ROLE_CORE_OPERATOR"])', true],
    ['oneOf("B", "A", "B")', true],
    ['oneOf("C", ["A", "B"])', false],
    ['oneOf(1, "1")', false],
  ];

  it.each(cases)('%s', (source, expected) => {
    expect(evaluate(source, scope)).toStrictEqual(expected);
  });

  it('dates today from the injected clock and offset', () => {
    expect(evaluate('today()', {}, china)).toBe('2026-03-01');
    expect(evaluate('now()', {}, china)).toBe('2026-03-01');
    const newYork = createDefaultFunctions({ clock: fixedClock, utcOffsetMinutes: -300 });
    expect(evaluate('today()', {}, newYork)).toBe('2026-02-28');
    expect(evaluate('dateDiff(today(), "2026-03-31") > 20', {}, china)).toBe(true);
  });

  it('reads roles only from the scope', () => {
    expect(evaluate('hasRole("A")', { $roles: 'A' })).toBe(true);
    expect(evaluate('hasRole("A")', {})).toBe(false);
    expect(evaluate('hasRole("A")', { $roles: { A: true } })).toBe(false);
  });

  it.each<[string, ExpressionErrorCode]>([
    ['len()', 'E_ARITY'],
    ['len(1, 2)', 'E_ARITY'],
    ['today(1)', 'E_ARITY'],
    ['moneyCmp("1")', 'E_ARITY'],
    ['len(5)', 'E_TYPE'],
    ['upper(list)', 'E_TYPE'],
    ['round(1, -1)', 'E_TYPE'],
    ['round("abc")', 'E_TYPE'],
    ['max("abc")', 'E_TYPE'],
    ['dateAdd("2026-01-01", 1, "hour")', 'E_TYPE'],
  ])('refuses %s with %s', (source, code) => {
    expect(codeOf(() => evaluate(source, scope))).toBe(code);
  });

  it('points function errors at the call', () => {
    try {
      evaluate('1 + len(5)', {});
      expect.unreachable();
    } catch (error) {
      expect((error as ExpressionError).position).toBe(4);
    }
  });
});

describe('createFunctionRegistry', () => {
  it('is a value: registries do not share functions', () => {
    const mine = createFunctionRegistry([{ name: 'double', fn: ([x]) => (x as number) * 2 }]);
    expect(evaluate('double(21)', {}, mine)).toBe(42);
    expect(codeOf(() => evaluate('double(21)', {}))).toBe('E_UNKNOWN_FUNCTION');
    expect(codeOf(() => evaluate('len("a")', {}, mine))).toBe('E_UNKNOWN_FUNCTION');
    expect(defaultFunctions.has('double')).toBe(false);
  });

  it('refuses duplicate names', () => {
    const fn = (): number => 1;
    expect(
      codeOf(() =>
        createFunctionRegistry([
          { name: 'f', fn },
          { name: 'f', fn },
        ]),
      ),
    ).toBe('E_DUPLICATE_FUNCTION');
    expect(codeOf(() => createFunctionRegistry([...defaultFunctionDefinitions(), { name: 'len', fn }]))).toBe(
      'E_DUPLICATE_FUNCTION',
    );
    expect(codeOf(() => createFunctionRegistry([{ name: 'len', fn }], { base: defaultFunctions }))).toBe(
      'E_DUPLICATE_FUNCTION',
    );
  });

  it('replaces a base function only when asked to', () => {
    const extended: FunctionRegistry = createFunctionRegistry([{ name: 'len', fn: () => -1 }], {
      base: defaultFunctions,
      override: ['len'],
    });
    expect(evaluate('len("abc")', {}, extended)).toBe(-1);
    expect(evaluate('upper("a")', {}, extended)).toBe('A');
    expect(evaluate('len("abc")', {}, defaultFunctions)).toBe(3);
    expect(codeOf(() => createFunctionRegistry([], { base: defaultFunctions, override: ['nope'] }))).toBe(
      'E_UNKNOWN_FUNCTION',
    );
  });

  it.each(['eval', 'constructor', 'this', 'a.b', '1x', 'null', ''])('refuses the name %j', (name) => {
    expect(codeOf(() => createFunctionRegistry([{ name, fn: () => 1 }]))).toBe('E_SYNTAX');
  });

  it('wraps a throwing function', () => {
    const functions = createFunctionRegistry([
      {
        name: 'boom',
        fn: () => {
          throw new RangeError('bad');
        },
      },
    ]);
    try {
      evaluate('boom()', {}, functions);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ExpressionError);
      expect((error as ExpressionError).code).toBe('E_FUNCTION_FAILED');
      expect((error as ExpressionError).cause).toBeInstanceOf(RangeError);
    }
  });

  it('lists default function names', () => {
    expect(defaultFunctions.names()).toEqual(
      expect.arrayContaining([
        'len',
        'includes',
        'startsWith',
        'isEmpty',
        'notEmpty',
        'toNumber',
        'round',
        'min',
        'max',
        'abs',
        'concat',
        'upper',
        'lower',
        'trim',
        'now',
        'today',
        'dateAdd',
        'dateDiff',
        'moneyAdd',
        'moneySub',
        'moneyCmp',
        'hasRole',
        'oneOf',
      ]),
    );
  });
});
