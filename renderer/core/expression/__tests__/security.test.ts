import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lazyMerge } from '@formily/shared';
import { describe, expect, it } from 'vitest';
import {
  createFunctionRegistry,
  defaultFunctions,
  evaluate,
  ExpressionError,
  interpret,
} from '@renderer/core/expression';
import type { ExpressionErrorCode, ExpressionNode } from '@renderer/core/expression';

function codeOf(run: () => unknown): ExpressionErrorCode | 'NO_ERROR' {
  try {
    run();
  } catch (error) {
    if (error instanceof ExpressionError) return error.code;
    throw error;
  }
  return 'NO_ERROR';
}

const probes = { valueOfCalls: 0, toStringCalls: 0 };
const scope = {
  a: { b: 1 },
  x: { y: 2 },
  s: 'abc',
  n: 42,
  k: '__proto__',
  list: [1, 2, 3],
  fn: () => 'leaked',
  obj: { method: () => 'leaked', data: 1 },
  date: new Date(0),
  map: new Map([['size', 1]]),
  tricky: {
    valueOf: () => ((probes.valueOfCalls += 1), 1),
    toString: () => ((probes.toStringCalls += 1), 'x'),
  },
  $values: { amount: '1.00' },
};

describe('escape attempts', () => {
  const attempts: [string, ExpressionErrorCode][] = [
    ['constructor', 'E_FORBIDDEN_NAME'],
    ["''.constructor.constructor('return process')()", 'E_FORBIDDEN_PROPERTY'],
    ['s.constructor', 'E_FORBIDDEN_PROPERTY'],
    ['__proto__', 'E_FORBIDDEN_NAME'],
    ["a['__proto__']", 'E_FORBIDDEN_PROPERTY'],
    ['a.__proto__.polluted', 'E_FORBIDDEN_PROPERTY'],
    ['a[k]', 'E_FORBIDDEN_PROPERTY'],
    ["a['con' + 'structor']", 'E_FORBIDDEN_PROPERTY'],
    ["a['__defineGetter__']", 'E_FORBIDDEN_PROPERTY'],
    ['list.prototype', 'E_FORBIDDEN_PROPERTY'],
    ['this', 'E_RESERVED_WORD'],
    ['this.constructor', 'E_RESERVED_WORD'],
    ['new Function("x")', 'E_RESERVED_WORD'],
    ['globalThis', 'E_FORBIDDEN_NAME'],
    ['globalThis.process', 'E_FORBIDDEN_NAME'],
    ['window', 'E_FORBIDDEN_NAME'],
    ['self', 'E_FORBIDDEN_NAME'],
    ['document.cookie', 'E_FORBIDDEN_NAME'],
    ['process', 'E_FORBIDDEN_NAME'],
    ['process.env', 'E_FORBIDDEN_NAME'],
    ['require("fs")', 'E_FORBIDDEN_NAME'],
    ["Function('x')", 'E_FORBIDDEN_NAME'],
    ["eval('1')", 'E_FORBIDDEN_NAME'],
    ['Math.max(1, 2)', 'E_FORBIDDEN_CALL'],
    ['Math', 'E_UNDEFINED_IDENTIFIER'],
    ['x.toString', 'E_FORBIDDEN_PROPERTY'],
    ['x.toString.call', 'E_FORBIDDEN_PROPERTY'],
    ['x.toString.call(1)', 'E_FORBIDDEN_CALL'],
    ['[].map', 'E_FORBIDDEN_PROPERTY'],
    ["list['map']", 'E_FORBIDDEN_PROPERTY'],
    ['list.map(len)', 'E_FORBIDDEN_CALL'],
    ['({}).valueOf', 'E_FORBIDDEN_PROPERTY'],
    ['({}).hasOwnProperty', 'E_FORBIDDEN_PROPERTY'],
    ['$values.constructor', 'E_FORBIDDEN_PROPERTY'],
    ['$values.toString', 'E_FORBIDDEN_PROPERTY'],
    ["'abc'.toUpperCase()", 'E_FORBIDDEN_CALL'],
    ["'abc'.toUpperCase", 'E_FORBIDDEN_PROPERTY'],
    ['s.at', 'E_FORBIDDEN_PROPERTY'],
    ['n.toFixed', 'E_FORBIDDEN_PROPERTY'],
    ['(1).toString', 'E_FORBIDDEN_PROPERTY'],
    ['true.valueOf', 'E_FORBIDDEN_PROPERTY'],
    ['unknownFn(1)', 'E_UNKNOWN_FUNCTION'],
    ['fn()', 'E_UNKNOWN_FUNCTION'],
    ['fn', 'E_FUNCTION_VALUE'],
    ['[fn]', 'E_FUNCTION_VALUE'],
    ['obj.method', 'E_FUNCTION_VALUE'],
    ["obj['method']", 'E_FUNCTION_VALUE'],
    ['obj.method()', 'E_FORBIDDEN_CALL'],
    ['len', 'E_UNDEFINED_IDENTIFIER'],
    ['len.constructor', 'E_FORBIDDEN_PROPERTY'],
    ['hasOwnProperty', 'E_UNDEFINED_IDENTIFIER'],
    ['date.getTime', 'E_FORBIDDEN_PROPERTY'],
    ['date.anything', 'E_FORBIDDEN_PROPERTY'],
    ['map.size', 'E_FORBIDDEN_PROPERTY'],
    ['{ __proto__: a }', 'E_FORBIDDEN_PROPERTY'],
    ["{ 'constructor': 1 }", 'E_FORBIDDEN_PROPERTY'],
    ['x => x', 'E_SYNTAX'],
    ['a.b = 2', 'E_SYNTAX'],
    ['`${process}`', 'E_SYNTAX'],
  ];

  it.each(attempts)('refuses %s (%s)', (source, code) => {
    expect(codeOf(() => evaluate(source, scope))).toBe(code);
  });

  it('refuses at least the twelve classic escapes', () => {
    expect(attempts.length).toBeGreaterThanOrEqual(12);
  });

  it('never coerces scope objects (no hidden valueOf/toString)', () => {
    probes.valueOfCalls = 0;
    probes.toStringCalls = 0;
    expect(codeOf(() => evaluate('tricky + 1', scope))).toBe('E_TYPE');
    expect(codeOf(() => evaluate('"a" + tricky', scope))).toBe('E_TYPE');
    expect(codeOf(() => evaluate('tricky < 2', scope))).toBe('E_TYPE');
    expect(codeOf(() => evaluate('-tricky', scope))).toBe('E_TYPE');
    expect(evaluate('tricky == 1', scope)).toBe(false);
    expect(evaluate('tricky == "x"', scope)).toBe(false);
    expect(probes).toEqual({ valueOfCalls: 0, toStringCalls: 0 });
  });

  it('leaves Object.prototype untouched', () => {
    for (const source of ['{ __proto__: { polluted: 1 } }', "a['__proto__'].polluted", 'a[k]']) {
      codeOf(() => evaluate(source, scope));
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('resolves names only from own members of the scope', () => {
    const inherited = Object.create({ secret: 1 }) as object;
    expect(codeOf(() => evaluate('secret', inherited))).toBe('E_UNDEFINED_IDENTIFIER');
    expect(codeOf(() => evaluate('toString', {}))).toBe('E_UNDEFINED_IDENTIFIER');
    expect(evaluate('v', Object.assign(Object.create(null) as object, { v: 1 }))).toBe(1);
  });

  it('refuses functions returned by a registered function', () => {
    const functions = createFunctionRegistry([{ name: 'leak', fn: () => () => 1 }]);
    expect(codeOf(() => evaluate('leak()', {}, functions))).toBe('E_FUNCTION_VALUE');
  });

  it('cannot reach the registry functions as values', () => {
    expect(codeOf(() => evaluate('len', {}, defaultFunctions))).toBe('E_UNDEFINED_IDENTIFIER');
    // A scope value named like a function is data; calls still go to the registry.
    expect(evaluate('len(len)', { len: 'abcd' })).toBe(4);
  });

  it('stays safe behind Formily lazyMerge scopes', () => {
    const merged = lazyMerge({ $record: { id: 1 } }, { $values: { amount: 2 } }) as object;
    expect(evaluate('$record.id + $values.amount', merged)).toBe(3);
    expect(codeOf(() => evaluate('toString', merged))).toBe('E_FUNCTION_VALUE');
    expect(codeOf(() => evaluate('valueOf', merged))).toBe('E_FUNCTION_VALUE');
    expect(codeOf(() => evaluate('$record.constructor', merged))).toBe('E_FORBIDDEN_PROPERTY');
    expect(codeOf(() => evaluate('missing', merged))).toBe('E_UNDEFINED_IDENTIFIER');
    const nested = lazyMerge({ id: 1 }, { $index: 0 }) as object;
    expect(codeOf(() => evaluate('$r.toString', { $r: nested }))).toBe('E_FUNCTION_VALUE');
  });
});

describe('hand-built trees cannot bypass the parser', () => {
  const at = { start: 0, end: 1 };
  const id = (name: string): ExpressionNode => ({ type: 'Identifier', name, ...at });
  const lit = (value: string): ExpressionNode => ({ type: 'Literal', value, ...at });
  const run = (ast: ExpressionNode): unknown =>
    interpret(ast, { globalThis, eval: globalThis.eval, a: {} }, { functions: defaultFunctions });

  it.each<[string, ExpressionNode, ExpressionErrorCode]>([
    ['a global name', id('globalThis'), 'E_FORBIDDEN_NAME'],
    ['a reserved word', id('this'), 'E_RESERVED_WORD'],
    [
      'a forbidden static property',
      {
        type: 'Member',
        object: id('a'),
        property: lit('constructor'),
        computed: false,
        optional: false,
        ...at,
      },
      'E_FORBIDDEN_PROPERTY',
    ],
    [
      'a call of eval',
      { type: 'Call', callee: { type: 'Identifier', name: 'eval', ...at }, arguments: [], ...at },
      'E_FORBIDDEN_NAME',
    ],
    [
      'a forbidden object key',
      { type: 'Object', properties: [{ key: '__proto__', value: lit('x'), ...at }], ...at },
      'E_FORBIDDEN_PROPERTY',
    ],
    ['an unknown node', { type: 'Assign', ...at } as unknown as ExpressionNode, 'E_SYNTAX'],
  ])('refuses %s', (_label, ast, code) => {
    expect(codeOf(() => run(ast))).toBe(code);
  });
});

describe('source of the module', () => {
  const folder = join(dirname(fileURLToPath(import.meta.url)), '..');
  const files = readdirSync(folder).filter((name) => name.endsWith('.ts'));

  it.each(files)('%s has no code generation and no globals', (name) => {
    // Code only: comments and string literals (the policy lists forbidden names as strings).
    const text = readFileSync(join(folder, name), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '')
      .replace(/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g, "''");
    expect(text).not.toMatch(
      /\beval\s*\(|new\s+Function\b|\bFunction\s*\(|globalThis|\bwindow\b|\bprocess\./,
    );
  });
});
