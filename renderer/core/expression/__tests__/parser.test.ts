import { describe, expect, it } from 'vitest';
import { ExpressionError, parseExpression, tokenize } from '@renderer/core/expression';
import type { ExpressionErrorCode, ExpressionNode } from '@renderer/core/expression';

/** Compact S-expression view of a tree, so shapes are easy to assert. */
function show(node: ExpressionNode): string {
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ? JSON.stringify(node.value) : String(node.value);
    case 'Identifier':
      return node.name;
    case 'Member':
      return `(${node.optional ? '?.' : '.'} ${show(node.object)} ${show(node.property)})`;
    case 'Chain':
      return `(chain ${show(node.expression)})`;
    case 'Call':
      return `(call ${node.callee.name}${node.arguments.map((a) => ` ${show(a)}`).join('')})`;
    case 'Unary':
      return `(${node.operator} ${show(node.argument)})`;
    case 'Binary':
    case 'Logical':
      return `(${node.operator} ${show(node.left)} ${show(node.right)})`;
    case 'Conditional':
      return `(? ${show(node.test)} ${show(node.consequent)} ${show(node.alternate)})`;
    case 'Array':
      return `[${node.elements.map(show).join(' ')}]`;
    case 'Object':
      return `{${node.properties.map((p) => `${p.key}: ${show(p.value)}`).join(', ')}}`;
  }
}

function failure(source: string): { code: ExpressionErrorCode; position: number; message: string } {
  try {
    parseExpression(source);
  } catch (error) {
    if (error instanceof ExpressionError)
      return { code: error.code, position: error.position, message: error.message };
    throw error;
  }
  throw new Error(`expected ${source} to fail`);
}

describe('parseExpression', () => {
  const shapes: [string, string][] = [
    ['1 + 2 * 3', '(+ 1 (* 2 3))'],
    ['1 * 2 + 3', '(+ (* 1 2) 3)'],
    ['a - b - c', '(- (- a b) c)'],
    ['a / b * c % d', '(% (* (/ a b) c) d)'],
    ['-a * b', '(* (- a) b)'],
    ['!a && b', '(&& (! a) b)'],
    ['a < b == c > d', '(== (< a b) (> c d))'],
    ['a + b < c * d', '(< (+ a b) (* c d))'],
    ['a === b && c !== d', '(&& (=== a b) (!== c d))'],
    ['a || b && c', '(|| a (&& b c))'],
    ['a && b || c && d', '(|| (&& a b) (&& c d))'],
    ['a ?? b ?? c', '(?? (?? a b) c)'],
    ['a ? b : c ? d : e', '(? a b (? c d e))'],
    ['a ? b ? c : d : e', '(? a (? b c d) e)'],
    ['a || b ? c : d', '(? (|| a b) c d)'],
    ['(a || b) ?? c', '(?? (|| a b) c)'],
    ['a ?? (b && c)', '(?? a (&& b c))'],
    ['a.b.c', '(. (. a "b") "c")'],
    ["a['b'][0]", '(. (. a "b") 0)'],
    ['a?.b.c', '(chain (. (?. a "b") "c"))'],
    ['a?.[0]?.b', '(chain (?. (?. a 0) "b"))'],
    ['(a?.b).c', '(. (chain (?. a "b")) "c")'],
    ['f(a, b.c)', '(call f a (. b "c"))'],
    ['f()', '(call f)'],
    ['f(1,)', '(call f 1)'],
    ['f(x).y', '(. (call f x) "y")'],
    ['[1, [2], {a: 3}]', '[1 [2] {a: 3}]'],
    ['{ a, "b c": 1, 2: x }', '{a: a, b c: 1, 2: x}'],
    ['a?.5:1', '(? a 0.5 1)'],
  ];

  it.each(shapes)('parses %s', (source, shape) => {
    expect(show(parseExpression(source))).toBe(shape);
  });

  it('records source ranges', () => {
    const node = parseExpression('  a + bb ');
    expect(node).toMatchObject({ type: 'Binary', start: 2, end: 8 });
  });

  const errors: [string, ExpressionErrorCode, number][] = [
    ['', 'E_SYNTAX', 0],
    ['   ', 'E_SYNTAX', 3],
    ['(a + b', 'E_SYNTAX', 6],
    ['f(a b)', 'E_SYNTAX', 4],
    ['a +', 'E_SYNTAX', 3],
    ['a b', 'E_SYNTAX', 2],
    ['[1,,2]', 'E_SYNTAX', 3],
    ['a = 1', 'E_SYNTAX', 2],
    ['a += 1', 'E_SYNTAX', 3],
    ['x => x', 'E_SYNTAX', 2],
    ['(x) => x', 'E_SYNTAX', 4],
    ['() => 1', 'E_SYNTAX', 1],
    ['(a, b)', 'E_SYNTAX', 2],
    ['a ?? b || c', 'E_SYNTAX', 7],
    ['a || b ?? c', 'E_SYNTAX', 7],
    ['a && b ?? c', 'E_SYNTAX', 7],
    ['a ?? b && c', 'E_SYNTAX', 7],
    ['a & b', 'E_SYNTAX', 2],
    ['[...a]', 'E_SYNTAX', 1],
    ['`x${a}`', 'E_SYNTAX', 0],
    ["'open", 'E_SYNTAX', 0],
    ['"bad \\q"', 'E_SYNTAX', 5],
    ['1a', 'E_SYNTAX', 1],
    ['1e', 'E_SYNTAX', 2],
    ['a # b', 'E_SYNTAX', 2],
    ['{ [a]: 1 }', 'E_SYNTAX', 2],
    ['{ m() {} }', 'E_SYNTAX', 3],
    ['a.1', 'E_SYNTAX', 1],
    ['typeof a', 'E_RESERVED_WORD', 0],
    ['new Date()', 'E_RESERVED_WORD', 0],
    ['this.x', 'E_RESERVED_WORD', 0],
    ['a in b', 'E_RESERVED_WORD', 2],
    ['function () {}', 'E_RESERVED_WORD', 0],
    ['void 0', 'E_RESERVED_WORD', 0],
    ['{ this }', 'E_RESERVED_WORD', 2],
    ['globalThis', 'E_FORBIDDEN_NAME', 0],
    ['a + window.x', 'E_FORBIDDEN_NAME', 4],
    ['a.constructor', 'E_FORBIDDEN_PROPERTY', 2],
    ["a['__proto__']", 'E_FORBIDDEN_PROPERTY', 1],
    ['{ __proto__: a }', 'E_FORBIDDEN_PROPERTY', 2],
    ['a.b()', 'E_FORBIDDEN_CALL', 3],
    ['f()()', 'E_FORBIDDEN_CALL', 3],
    ['(f)(1)', 'E_FORBIDDEN_CALL', 3],
    ['a?.()', 'E_FORBIDDEN_CALL', 3],
  ];

  it.each(errors)('refuses %j with %s at %d', (source, code, position) => {
    const error = failure(source);
    expect(error.code).toBe(code);
    expect(error.position).toBe(position);
  });

  it('writes the position for humans, 1-based, in Chinese', () => {
    expect(failure('f(a, b').message).toBe("表达式语法错误：第 7 个字符附近应为 ')'");
    expect(failure('(1 + 2').message).toBe("表达式语法错误：第 7 个字符附近应为 ')'");
    expect(failure('a.constructor').message).toContain('第 3 个字符附近');
  });

  it('limits nesting and length', () => {
    expect(failure('('.repeat(200) + '1' + ')'.repeat(200)).code).toBe('E_TOO_COMPLEX');
    expect(failure('-'.repeat(200) + '1').code).toBe('E_TOO_COMPLEX');
    expect(failure('1+'.repeat(6000) + '1').code).toBe('E_TOO_COMPLEX');
    expect(() => parseExpression('('.repeat(30) + '1' + ')'.repeat(30))).not.toThrow();
  });
});

describe('tokenize', () => {
  it('prefers the longest punctuator', () => {
    expect(tokenize('a!==b??c?.d').map((t) => t.value)).toEqual(['a', '!==', 'b', '??', 'c', '?.', 'd', '']);
  });

  it('decodes strings and keeps number text', () => {
    const [str, num] = tokenize("'a\\tb' 1.50");
    expect(str).toMatchObject({ type: 'String', value: 'a\tb', start: 0, end: 6 });
    expect(num).toMatchObject({ type: 'Number', value: '1.50', number: 1.5 });
  });
});
