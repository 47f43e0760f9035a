import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearExpressionCache,
  compileExpression,
  evaluate,
  EXPRESSION_CACHE_SIZE,
  ExpressionError,
  expressionCacheSize,
} from '@renderer/core/expression';

beforeEach(clearExpressionCache);

describe('compileExpression', () => {
  it('parses once and reuses the tree', () => {
    const first = compileExpression('$deps[0] > 100');
    expect(compileExpression('$deps[0] > 100')).toBe(first);
    expect(first.evaluate({ $deps: [101] })).toBe(true);
    expect(first.evaluate({ $deps: [1] })).toBe(false);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('keeps the most recently used entries', () => {
    const kept = compileExpression('kept');
    for (let i = 0; i < EXPRESSION_CACHE_SIZE - 1; i += 1) compileExpression(`x${i}`);
    compileExpression('kept'); // refresh: now the youngest
    compileExpression('overflow');
    expect(expressionCacheSize()).toBe(EXPRESSION_CACHE_SIZE);
    expect(compileExpression('kept')).toBe(kept);
    const evicted = compileExpression('x0');
    expect(expressionCacheSize()).toBe(EXPRESSION_CACHE_SIZE);
    expect(compileExpression('x0')).toBe(evicted);
  });

  it('does not cache failures and reports the source', () => {
    expect(() => compileExpression('a +')).toThrow(ExpressionError);
    expect(expressionCacheSize()).toBe(0);
    try {
      evaluate('1 + missing', {});
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ code: 'E_UNDEFINED_IDENTIFIER', position: 4, source: '1 + missing' });
      expect((error as Error).message).toBe('表达式引用了未定义的名称：第 5 个字符附近，missing 未定义');
    }
  });
});
