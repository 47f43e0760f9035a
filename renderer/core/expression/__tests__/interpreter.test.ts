import { describe, expect, it } from 'vitest';
import {
  createFunctionRegistry,
  defaultFunctionDefinitions,
  evaluate,
  ExpressionError,
  interpret,
  parseExpression,
} from '@renderer/core/expression';

const scope = {
  a: 1,
  b: 2,
  s: 'abc',
  zero: 0,
  empty: '',
  nil: null,
  undef: undefined,
  flag: true,
  list: [10, 20, 30],
  nested: { x: { y: { z: 'deep' } }, arr: [{ id: 7 }], 'k-y': 'dash', 0: 'zero-key' },
  $values: { amount: '150.00', count: 3, type: 'A', items: [] as unknown[] },
  $deps: [150, 'x'],
};

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ExpressionError) return error.code;
    throw error;
  }
  return 'NO_ERROR';
}

describe('interpret', () => {
  const cases: [string, unknown][] = [
    // literals
    ['1', 1],
    ['1.5', 1.5],
    ['.5', 0.5],
    ['1e3', 1000],
    ['2E-2', 0.02],
    ['0x1F', 31],
    ["'it\\'s'", "it's"],
    ['"say \\"hi\\""', 'say "hi"'],
    ["'\\u4e2d\\x41\\n'", '中A\n'],
    ['true', true],
    ['false', false],
    ['null', null],
    ['undefined', undefined],
    // arithmetic and precedence
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['100 / 10 / 5', 2],
    ['2 * 3 % 4', 2],
    ['7 % 3 * 2', 2],
    ['-2 * -3', 6],
    ['- -1', 1],
    ['+"12" + 1', 13],
    ['-a + b', 1],
    ['!flag || a', 1],
    ['!!s', true],
    ['1 / 0', Infinity],
    ['"a" + 1 + 2', 'a12'],
    ['1 + 2 + "a"', '3a'],
    ['null + 1', 1],
    // comparison and equality
    ['1 < 2 == true', true],
    ['a + 1 > b - 1', true],
    ['"10" < "9"', true],
    ['"2026-01-02" >= "2026-01-01"', true],
    ['1 == "1"', true],
    ['1 === "1"', false],
    ['null == undefined', true],
    ['null === undefined', false],
    ['0 == false', true],
    ['nil != undef', false],
    ['nil !== undef', true],
    ['list == list', true],
    ['[1] == 1', false],
    ['{} == {}', false],
    // logical
    ['a && b', 2],
    ['zero && b', 0],
    ['zero || b', 2],
    ['empty || "fallback"', 'fallback'],
    ['empty ?? "fallback"', ''],
    ['nil ?? undef ?? 5', 5],
    ['zero ?? 5', 0],
    ['a || b && zero', 1],
    ['(a || b) && zero', 0],
    ['(nil || zero) ?? 3', 0],
    // conditional
    ['flag ? "y" : "n"', 'y'],
    ['zero ? "y" : "n"', 'n'],
    ['a > 1 ? "big" : a > 0 ? "small" : "none"', 'small'],
    ['flag ? zero ? 1 : 2 : 3', 2],
    ['a ? b : a ? 3 : 4', 2],
    // member access
    ['list[0]', 10],
    ['list[a]', 20],
    ['list[5]', undefined],
    ['list.length', 3],
    ['s.length', 3],
    ['s[1]', 'b'],
    ['s[9]', undefined],
    ["nested['k-y']", 'dash'],
    ['nested[0]', 'zero-key'],
    ['nested.x.y.z', 'deep'],
    ['nested.arr[0].id', 7],
    ['nested.missing', undefined],
    ['$values.amount', '150.00'],
    ['$deps[0] > 100', true],
    ['$values.items.length === 0', true],
    // optional chaining and null semantics
    ['nil?.x', undefined],
    ['nil?.x.y.z', undefined],
    ['undef?.[0]', undefined],
    ['nested?.x?.y.z', 'deep'],
    ['nested.missing?.y', undefined],
    ['nil?.x ?? "d"', 'd'],
    ['list?.[1]', 20],
    // literals of structures
    ['[1, a, [b]]', [1, 1, [2]]],
    ['[1, 2,]', [1, 2]],
    ['{ x: 1, "y z": a, 3: b, a }', { x: 1, 'y z': 1, 3: 2, a: 1 }],
    ['{}', {}],
    ['{ default: 1, new: 2 }', { default: 1, new: 2 }],
    ['{ x: [ { y: nil?.q } ] }', { x: [{ y: undefined }] }],
    // calls
    ['len(list) + 1', 4],
    ['upper(s)', 'ABC'],
    ['len(nested.arr) > 0 && nested.arr[0].id === 7', true],
    ['max(a, b, list)', 30],
  ];

  it.each(cases)('%s', (source, expected) => {
    expect(evaluate(source, scope)).toStrictEqual(expected);
  });

  it('keeps unicode names', () => {
    expect(evaluate('金额 * 2', { 金额: 21 })).toBe(42);
  });

  it('reads member names that are keywords', () => {
    expect(evaluate('o.default + o.class + o.new', { o: { default: 1, class: 2, new: 3 } })).toBe(6);
  });

  it('builds plain objects that Formily recognises', () => {
    const value = evaluate('{ a: 1 }', {}) as object;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it('refuses reading a member of null or undefined without ?.', () => {
    expect(codeOf(() => evaluate('nil.x', scope))).toBe('E_NULL_MEMBER');
    expect(codeOf(() => evaluate('undef[0]', scope))).toBe('E_NULL_MEMBER');
    expect(codeOf(() => evaluate('nested.missing.y', scope))).toBe('E_NULL_MEMBER');
    // Parentheses end an optional chain, exactly like JavaScript.
    expect(codeOf(() => evaluate('(nil?.x).y', scope))).toBe('E_NULL_MEMBER');
  });

  it('points runtime errors at the failing property', () => {
    try {
      evaluate('nested.missing.y', scope);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ExpressionError);
      expect((error as ExpressionError).position).toBe('nested.missing.'.length);
      expect((error as ExpressionError).source).toBe('nested.missing.y');
    }
  });

  it('refuses undefined names instead of reading globals', () => {
    expect(codeOf(() => evaluate('missing + 1', scope))).toBe('E_UNDEFINED_IDENTIFIER');
    expect(codeOf(() => evaluate('toString', scope))).toBe('E_UNDEFINED_IDENTIFIER');
    expect(codeOf(() => evaluate('Math', scope))).toBe('E_UNDEFINED_IDENTIFIER');
    expect(codeOf(() => evaluate('JSON', scope))).toBe('E_UNDEFINED_IDENTIFIER');
  });

  it('refuses objects in arithmetic instead of coercing them', () => {
    expect(codeOf(() => evaluate('list + 1', scope))).toBe('E_TYPE');
    expect(codeOf(() => evaluate('nested < 1', scope))).toBe('E_TYPE');
    expect(codeOf(() => evaluate('-list', scope))).toBe('E_TYPE');
    expect(codeOf(() => evaluate('"a" + {}', scope))).toBe('E_TYPE');
  });

  it('refuses non-string, non-number keys', () => {
    expect(codeOf(() => evaluate('list[nil]', scope))).toBe('E_TYPE');
    expect(codeOf(() => evaluate('list[[0]]', scope))).toBe('E_TYPE');
  });

  describe('short-circuit', () => {
    function counting(): { calls: string[]; run: (source: string) => unknown } {
      const calls: string[] = [];
      const functions = createFunctionRegistry([
        { name: 'hit', fn: ([label]) => (calls.push(String(label)), label) },
      ]);
      return { calls, run: (source) => evaluate(source, scope, functions) };
    }

    const cases: [string, unknown, string[]][] = [
      ['zero && hit("r")', 0, []],
      ['a && hit("r")', 'r', ['r']],
      ['a || hit("r")', 1, []],
      ['zero || hit("r")', 'r', ['r']],
      ['zero ?? hit("r")', 0, []],
      ['nil ?? hit("r")', 'r', ['r']],
      ['flag ? hit("t") : hit("f")', 't', ['t']],
      ['zero ? hit("t") : hit("f")', 'f', ['f']],
      ['nil?.[hit("k")]', undefined, []],
      ['nil?.x[hit("k")]', undefined, []],
      ['hit("l") + hit("r")', 'lr', ['l', 'r']],
    ];
    it.each(cases)('%s', (source, expected, calls) => {
      const probe = counting();
      expect(probe.run(source)).toStrictEqual(expected);
      expect(probe.calls).toStrictEqual(calls);
    });
  });

  it('runs a parsed tree many times against different scopes', () => {
    const ast = parseExpression('$deps[0] > 100');
    const functions = createFunctionRegistry(defaultFunctionDefinitions());
    expect(interpret(ast, { $deps: [101] }, { functions })).toBe(true);
    expect(interpret(ast, { $deps: [99] }, { functions })).toBe(false);
  });
});
