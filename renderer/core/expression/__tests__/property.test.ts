import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate, findCycles } from '@renderer/core/expression';

/**
 * Generated trees, printed to source with minimal parentheses (so the parser's precedence and
 * associativity are what is under test) and evaluated by a tiny reference evaluator over the tree
 * itself — no eval, no parser shared with the code under test.
 */
type Tree =
  | { kind: 'num'; value: number }
  | { kind: 'var'; name: 'x' | 'y' | 'z' }
  | { kind: 'neg'; arg: Tree }
  | { kind: 'not'; arg: Tree }
  | {
      kind: 'bin';
      op: '+' | '-' | '*' | '/' | '%' | '<' | '<=' | '>' | '>=' | '===' | '!==';
      left: Tree;
      right: Tree;
    }
  | { kind: 'logic'; op: '&&' | '||' | '??'; left: Tree; right: Tree }
  | { kind: 'cond'; test: Tree; then: Tree; else: Tree };

const vars = { x: 7, y: -3, z: 0 };

const PRECEDENCE: Record<string, number> = {
  cond: 1,
  '??': 2,
  '||': 3,
  '&&': 4,
  '===': 5,
  '!==': 5,
  '<': 6,
  '<=': 6,
  '>': 6,
  '>=': 6,
  '+': 7,
  '-': 7,
  '*': 8,
  '/': 8,
  '%': 8,
  unary: 9,
  atom: 10,
};

function precedence(tree: Tree): number {
  switch (tree.kind) {
    case 'num':
      return tree.value < 0 ? PRECEDENCE.unary! : PRECEDENCE.atom!;
    case 'var':
      return PRECEDENCE.atom!;
    case 'neg':
    case 'not':
      return PRECEDENCE.unary!;
    case 'bin':
    case 'logic':
      return PRECEDENCE[tree.op]!;
    case 'cond':
      return PRECEDENCE.cond!;
  }
}

const wrap = (text: string): string => `(${text})`;

function print(tree: Tree): string {
  switch (tree.kind) {
    case 'num':
      return String(tree.value);
    case 'var':
      return tree.name;
    case 'neg':
    case 'not': {
      const arg = print(tree.arg);
      const op = tree.kind === 'neg' ? '-' : '!';
      return `${op} ${precedence(tree.arg) < PRECEDENCE.unary! ? wrap(arg) : arg}`;
    }
    case 'bin':
    case 'logic': {
      const p = PRECEDENCE[tree.op]!;
      let left = print(tree.left);
      let right = print(tree.right);
      // Left-associative: the left side may share the level, the right side may not.
      if (precedence(tree.left) < p || mixesNullish(tree, tree.left)) left = wrap(left);
      if (precedence(tree.right) <= p || mixesNullish(tree, tree.right)) right = wrap(right);
      return `${left} ${tree.op} ${right}`;
    }
    case 'cond': {
      const test = precedence(tree.test) <= PRECEDENCE.cond! ? wrap(print(tree.test)) : print(tree.test);
      return `${test} ? ${print(tree.then)} : ${print(tree.else)}`;
    }
  }
}

/** `??` cannot sit directly next to `&&`/`||` (a syntax error in JavaScript and in our language). */
function mixesNullish(parent: Tree, child: Tree): boolean {
  if (parent.kind !== 'logic' || child.kind !== 'logic') return false;
  return (parent.op === '??') !== (child.op === '??');
}

function reference(tree: Tree): unknown {
  switch (tree.kind) {
    case 'num':
      return tree.value;
    case 'var':
      return vars[tree.name];
    case 'neg':
      return -(reference(tree.arg) as number);
    case 'not':
      return !reference(tree.arg);
    case 'logic': {
      const left = reference(tree.left);
      if (tree.op === '&&') return left ? reference(tree.right) : left;
      if (tree.op === '||') return left ? left : reference(tree.right);
      return left ?? reference(tree.right);
    }
    case 'cond':
      return reference(tree.test) ? reference(tree.then) : reference(tree.else);
    case 'bin': {
      const l = reference(tree.left) as number;
      const r = reference(tree.right) as number;
      switch (tree.op) {
        case '+':
          return l + r;
        case '-':
          return l - r;
        case '*':
          return l * r;
        case '/':
          return l / r;
        case '%':
          return l % r;
        case '<':
          return l < r;
        case '<=':
          return l <= r;
        case '>':
          return l > r;
        case '>=':
          return l >= r;
        case '===':
          return l === r;
        case '!==':
          return l !== r;
      }
    }
  }
}

const leaf: fc.Arbitrary<Tree> = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }).map((value): Tree => ({ kind: 'num', value })),
  fc.constantFrom<Tree>({ kind: 'var', name: 'x' }, { kind: 'var', name: 'y' }, { kind: 'var', name: 'z' }),
);

const arithmetic = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    tie('tree').map((arg): Tree => ({ kind: 'neg', arg })),
    fc
      .record({
        op: fc.constantFrom('+', '-', '*', '/', '%' as const),
        left: tie('tree'),
        right: tie('tree'),
      })
      .map((node): Tree => ({ kind: 'bin', ...node })),
  ),
})).tree;

const mixed = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    tie('tree').map((arg): Tree => ({ kind: 'neg', arg })),
    tie('tree').map((arg): Tree => ({ kind: 'not', arg })),
    fc
      .record({
        op: fc.constantFrom('+', '-', '*', '/', '%', '<', '<=', '>', '>=', '===', '!==' as const),
        left: tie('tree'),
        right: tie('tree'),
      })
      .map((node): Tree => ({ kind: 'bin', ...node })),
    fc
      .record({ op: fc.constantFrom('&&', '||', '??' as const), left: tie('tree'), right: tie('tree') })
      .map((node): Tree => ({ kind: 'logic', ...node })),
    fc
      .record({ test: tie('tree'), then: tie('tree'), else: tie('tree') })
      .map((node): Tree => ({ kind: 'cond', ...node })),
  ),
})).tree;

describe('interpreter agrees with a reference evaluator', () => {
  it('on integer arithmetic printed with minimal parentheses', () => {
    fc.assert(
      fc.property(arithmetic, (tree) => {
        expect(evaluate(print(tree), vars)).toBe(reference(tree));
      }),
      { numRuns: 500 },
    );
  });

  it('on comparisons, logic and conditionals', () => {
    fc.assert(
      fc.property(mixed, (tree) => {
        expect(evaluate(print(tree), vars)).toBe(reference(tree));
      }),
      { numRuns: 500 },
    );
  });

  it('the printer really relies on precedence (sanity check of the harness)', () => {
    const tree: Tree = {
      kind: 'bin',
      op: '-',
      left: { kind: 'num', value: 1 },
      right: { kind: 'bin', op: '-', left: { kind: 'num', value: 2 }, right: { kind: 'num', value: 3 } },
    };
    expect(print(tree)).toBe('1 - (2 - 3)');
    expect(evaluate(print(tree), vars)).toBe(2);
  });
});

describe('money helpers are exact', () => {
  const cents = fc.bigInt({ min: -9_999_999_999_999_998n, max: 9_999_999_999_999_998n });
  const toMoney = (c: bigint): string => {
    const abs = c < 0n ? -c : c;
    return `${c < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  };

  it('moneyAdd, moneySub and moneyCmp match BigInt arithmetic', () => {
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        const scope = { a: toMoney(a), b: toMoney(b) };
        expect(evaluate('moneyAdd(a, b)', scope)).toBe(toMoney(a + b));
        expect(evaluate('moneySub(a, b)', scope)).toBe(toMoney(a - b));
        expect(evaluate('moneyCmp(a, b)', scope)).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('findCycles', () => {
  const graphs = fc
    .array(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 7 })), { maxLength: 20 })
    .map((edges) => {
      const graph: Record<string, string[]> = {};
      for (const [from, to] of edges) (graph[`f${from}`] ??= []).push(`f${to}`);
      return graph;
    });

  /** Reference: Kahn's algorithm; the graph is acyclic iff every node can be removed. */
  function acyclic(graph: Record<string, string[]>): boolean {
    const nodes = new Set([...Object.keys(graph), ...Object.values(graph).flat()]);
    const indegree = new Map([...nodes].map((n) => [n, 0]));
    for (const targets of Object.values(graph))
      for (const t of targets) indegree.set(t, (indegree.get(t) ?? 0) + 1);
    const ready = [...nodes].filter((n) => indegree.get(n) === 0);
    let removed = 0;
    while (ready.length > 0) {
      const node = ready.pop() as string;
      removed += 1;
      for (const t of graph[node] ?? []) {
        indegree.set(t, (indegree.get(t) ?? 0) - 1);
        if (indegree.get(t) === 0) ready.push(t);
      }
    }
    return removed === nodes.size;
  }

  it('reports real cycles, and some cycle exactly when the graph has one', () => {
    fc.assert(
      fc.property(graphs, (graph) => {
        const cycles = findCycles(graph);
        expect(cycles.length === 0).toBe(acyclic(graph));
        for (const cycle of cycles) {
          expect(cycle.length).toBeGreaterThanOrEqual(2);
          expect(cycle[0]).toBe(cycle[cycle.length - 1]);
          for (let i = 0; i + 1 < cycle.length; i += 1) {
            expect(graph[cycle[i] as string] ?? []).toContain(cycle[i + 1]);
          }
          // Simple cycle: no field repeats except the closing one.
          expect(new Set(cycle.slice(0, -1)).size).toBe(cycle.length - 1);
        }
      }),
      { numRuns: 500 },
    );
  });
});
