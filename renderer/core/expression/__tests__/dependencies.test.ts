import { describe, expect, it } from 'vitest';
import {
  collectDependencies,
  collectFunctionNames,
  compileExpression,
  findCycles,
  parseExpression,
} from '@renderer/core/expression';

const deps = (source: string): string[] => [...collectDependencies(parseExpression(source))];

describe('collectDependencies', () => {
  const cases: [string, string[]][] = [
    ['1 + 2', []],
    ['$values.amount > 100', ['$values.amount']],
    ['$deps[0] > 100', ['$deps[0]']],
    ["$deps['0']", ['$deps[0]']],
    ['$self.value', ['$self.value']],
    ["$values['amount'] + $values.amount", ['$values.amount']],
    ['$values.a.b.c', ['$values.a.b.c']],
    ['$record?.owner?.name', ['$record.owner.name']],
    ["$record['x-y']", ['$record["x-y"]']],
    ['$values.list[$index].price', ['$values.list', '$index']],
    ['$values[$deps[1]]', ['$values', '$deps[1]']],
    ['len($values.items) > 0 && hasRole("ROLE_X")', ['$values.items']],
    ['a ? b.c : [d, { k: e.f }]', ['a', 'b.c', 'd', 'e.f']],
    ['-x + !y', ['x', 'y']],
    ['f(g(x))', ['x']],
    ['{ a }', ['a']],
    ['(a ?? b)?.c', ['a', 'b']],
  ];

  it.each(cases)('%s', (source, expected) => {
    expect(deps(source)).toEqual(expected);
  });

  it('is exposed on compiled expressions', () => {
    expect([...compileExpression('$deps[0] > moneyAdd($values.a, $values.b)').dependencies]).toEqual([
      '$deps[0]',
      '$values.a',
      '$values.b',
    ]);
  });
});

describe('collectFunctionNames', () => {
  it('lists called names, nested and deduplicated', () => {
    expect([...collectFunctionNames(parseExpression('len(x) + len(trim(y)) > max(a?.[f()], 1)'))]).toEqual([
      'len',
      'trim',
      'max',
      'f',
    ]);
  });
});

describe('findCycles', () => {
  it('returns nothing for an acyclic graph', () => {
    expect(findCycles({ total: ['price', 'qty'], price: ['currency'], qty: [] })).toEqual([]);
    expect(findCycles({})).toEqual([]);
  });

  it('reports a field that depends on itself', () => {
    expect(findCycles({ a: ['a'] })).toEqual([['a', 'a']]);
  });

  it('reports the cycle path in graph order', () => {
    expect(findCycles({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] })).toEqual([['a', 'b', 'c', 'a']]);
    expect(findCycles({ x: ['y'], y: ['x'] })).toEqual([['x', 'y', 'x']]);
  });

  it('starts from the component field that comes first and takes the shortest way back', () => {
    expect(findCycles({ start: ['m'], m: ['n', 'start'], n: ['start'] })).toEqual([['start', 'm', 'start']]);
    expect(findCycles({ c: ['a'], a: ['b'], b: ['c'] })).toEqual([['c', 'a', 'b', 'c']]);
  });

  it('reports one cycle per independent loop', () => {
    const graph = new Map<string, string[]>([
      ['amount', ['rate']],
      ['rate', ['amount']],
      ['ok', ['amount']],
      ['start', ['end']],
      ['end', ['start']],
      ['self', ['self']],
    ]);
    expect(findCycles(graph)).toEqual([
      ['amount', 'rate', 'amount'],
      ['start', 'end', 'start'],
      ['self', 'self'],
    ]);
  });

  it('handles fields that only appear as targets', () => {
    expect(findCycles({ a: ['ghost'] })).toEqual([]);
    expect(findCycles({ a: ['b'], c: ['a'], b: ['c', 'z'] })).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('does not overflow the stack on long chains', () => {
    const graph: Record<string, string[]> = {};
    const size = 50_000;
    for (let i = 0; i < size; i += 1) graph[`f${i}`] = [`f${i + 1}`];
    expect(findCycles(graph)).toEqual([]);
    graph[`f${size}`] = ['f0'];
    const [cycle] = findCycles(graph);
    expect(cycle?.length).toBe(size + 2);
    expect(cycle?.[0]).toBe('f0');
  });
});
