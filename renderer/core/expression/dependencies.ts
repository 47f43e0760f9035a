import type { ExpressionNode } from './ast';

const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$_]*$/u;
const INDEX = /^(0|[1-9]\d*)$/;

function segment(key: string | number): string {
  const text = String(key);
  if (INDEX.test(text)) return `[${text}]`;
  if (IDENTIFIER.test(text)) return `.${text}`;
  return `[${JSON.stringify(text)}]`;
}

/** The fixed scope path a member chain reads (`$values.amount`, `$deps[0]`), or null if not fixed. */
function staticPath(node: ExpressionNode): string | null {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'Chain') return staticPath(node.expression);
  if (node.type !== 'Member') return null;
  const { property } = node;
  if (
    property.type !== 'Literal' ||
    (typeof property.value !== 'string' && typeof property.value !== 'number')
  ) {
    return null;
  }
  const base = staticPath(node.object);
  return base === null ? null : base + segment(property.value);
}

/** The sub-expressions of a node, in evaluation order (a call's callee is a name, not a node). */
export function childNodes(node: ExpressionNode): ExpressionNode[] {
  switch (node.type) {
    case 'Literal':
    case 'Identifier':
      return [];
    case 'Chain':
      return [node.expression];
    case 'Member':
      return [node.object, node.property];
    case 'Call':
      return node.arguments;
    case 'Unary':
      return [node.argument];
    case 'Binary':
    case 'Logical':
      return [node.left, node.right];
    case 'Conditional':
      return [node.test, node.consequent, node.alternate];
    case 'Array':
      return node.elements;
    case 'Object':
      return node.properties.map((property) => property.value);
  }
}

/**
 * The scope paths an expression reads, in first-read order: the longest fixed member path of each
 * read, written `$values.amount`, `$deps[0]`, `$record["x-y"]`. `a['b']` and `a.b` both give `a.b`;
 * a computed key contributes its own dependencies and cuts the path (`a[b].c` gives `a` and `b`).
 * Called function names are not dependencies (see {@link collectFunctionNames}).
 */
export function collectDependencies(ast: ExpressionNode): Set<string> {
  const found = new Set<string>();
  const visit = (node: ExpressionNode): void => {
    const path = staticPath(node);
    if (path !== null) found.add(path);
    else childNodes(node).forEach(visit);
  };
  visit(ast);
  return found;
}

/** Names of the functions an expression calls, so a checker can flag unknown ones before running. */
export function collectFunctionNames(ast: ExpressionNode): Set<string> {
  const found = new Set<string>();
  const visit = (node: ExpressionNode): void => {
    if (node.type === 'Call') found.add(node.callee.name);
    childNodes(node).forEach(visit);
  };
  visit(ast);
  return found;
}

/** A dependency graph: each field mapped to the fields it depends on. */
export type DependencyGraph =
  ReadonlyMap<string, Iterable<string>> | Readonly<Record<string, Iterable<string>>>;

function toAdjacency(graph: DependencyGraph): Map<string, string[]> {
  const entries: [string, Iterable<string>][] =
    graph instanceof Map ? [...(graph as ReadonlyMap<string, Iterable<string>>)] : Object.entries(graph);
  const adjacency = new Map<string, string[]>();
  for (const [node, targets] of entries) adjacency.set(node, [...new Set(targets)]);
  for (const targets of [...adjacency.values()]) {
    for (const target of targets) if (!adjacency.has(target)) adjacency.set(target, []);
  }
  return adjacency;
}

/**
 * Finds the circular dependencies of a field graph: one cycle per strongly connected component that
 * loops (including a field depending on itself). Each cycle is a path that starts and ends at the
 * same field, e.g. `['a', 'b', 'c', 'a']`, starting from the component's field that comes first in
 * the graph and following the shortest way back. Cycles come in graph order; `[]` means acyclic.
 */
export function findCycles(graph: DependencyGraph): string[][] {
  const adjacency = toAdjacency(graph);
  const order = new Map([...adjacency.keys()].map((node, i) => [node, i]));
  const components = stronglyConnected(adjacency);
  const cycles: string[][] = [];
  for (const component of components) {
    const members = new Set(component);
    const start = [...component].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))[0] as string;
    const selfLoop = (adjacency.get(start) ?? []).includes(start);
    if (component.length === 1 && !selfLoop) continue;
    cycles.push(selfLoop ? [start, start] : shortestLoop(start, members, adjacency));
  }
  return cycles.sort((a, b) => (order.get(a[0] as string) ?? 0) - (order.get(b[0] as string) ?? 0));
}

/** Breadth-first search for the shortest path from `start` back to itself inside one component. */
function shortestLoop(
  start: string,
  members: ReadonlySet<string>,
  adjacency: Map<string, string[]>,
): string[] {
  const previous = new Map<string, string>();
  const queue: string[] = [start];
  for (let i = 0; i < queue.length; i += 1) {
    const node = queue[i] as string;
    for (const target of adjacency.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = previous.get(at))
          path.push(at);
        path.push(start);
        // `path` was built backwards from the closing edge: start, node, ..., start.
        return [start, ...path.slice(1, -1).reverse(), start];
      }
      if (!previous.has(target) && target !== start) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/** Tarjan's algorithm, iterative so a long dependency chain cannot overflow the stack. */
function stronglyConnected(adjacency: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;

  for (const root of adjacency.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; next: number }[] = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter);
    counter += 1;
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: number };
      const targets = adjacency.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next] as string;
        frame.next += 1;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter);
          counter += 1;
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(target) ?? 0));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop();
          if (member === undefined) break;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}
