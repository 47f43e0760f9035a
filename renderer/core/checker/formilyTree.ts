/**
 * Walks the Formily parts of a page schema (query forms, form fields, filters): every node with its
 * data path and JSON pointer, every `{{ }}` expression, and the linkage graph between fields so that
 * circular linkage is found before it loops in a browser.
 */
import { compileExpression, findCycles } from '@renderer/core/expression';
import { escapePointerSegment } from '@renderer/core/schema';
import type { FormilyNode, FormilyProperties, FormilyReaction } from '@renderer/core/schema';
import { closest, didYouMean } from './suggest';

/** A Formily node met by {@link walkFormily}. */
export interface FormilyVisit {
  node: FormilyNode;
  /** Property name. */
  name: string;
  /** Data path (void nodes add nothing; array items add `*`), e.g. `statements.*.amount`. */
  path: string;
  /** Data path of the object holding it (`''` at the top). */
  parentPath: string;
  /** JSON pointer of the node in the loaded schema. */
  pointer: string;
  isVoid: boolean;
}

/** Formily's rule: a string that is entirely `{{ … }}` is an expression. */
const EXPRESSION = /^\s*\{\{([\s\S]*)\}\}\s*$/;

/** The expression inside `{{ }}`, or null when `value` is not one. */
export function expressionOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = EXPRESSION.exec(value);
  return match ? (match[1] ?? '') : null;
}

const join = (base: string, name: string): string => (base === '' ? name : `${base}.${name}`);

/** Visits every node of `properties` (depth first, in key order). */
export function walkFormily(
  properties: FormilyProperties | undefined,
  pointer: string,
  visit: (visit: FormilyVisit) => void,
  parentPath = '',
): void {
  if (!properties || typeof properties !== 'object') return;
  for (const [name, node] of Object.entries(properties)) {
    if (!node || typeof node !== 'object') continue;
    const at = `${pointer}/${escapePointerSegment(name)}`;
    const isVoid = node.type === 'void';
    const path = isVoid ? parentPath : join(parentPath, name);
    visit({ node, name, path: isVoid ? join(parentPath, name) : path, parentPath, pointer: at, isVoid });
    walkFormily(node.properties, `${at}/properties`, visit, path);
    if (node.items && typeof node.items === 'object') {
      const itemPath = join(path, '*');
      walkFormily(node.items.properties, `${at}/items/properties`, visit, itemPath);
    }
  }
}

/** Every string inside `value` that is a `{{ }}` expression, with its pointer. */
export function collectExpressions(
  value: unknown,
  pointer: string,
  out: Array<{ source: string; pointer: string }> = [],
): Array<{ source: string; pointer: string }> {
  const source = expressionOf(value);
  if (source !== null) {
    out.push({ source, pointer });
    return out;
  }
  if (Array.isArray(value)) value.forEach((item, i) => collectExpressions(item, `${pointer}/${i}`, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value))
      collectExpressions(v, `${pointer}/${escapePointerSegment(k)}`, out);
  }
  return out;
}

/**
 * Resolves a Formily dependency pattern against the field that declares it: `.x` is a sibling,
 * `..x` the parent's sibling, anything else an absolute data path. Returns null for patterns with
 * wildcards or the `#` property syntax beyond the path (they are read as their path part).
 */
export function resolveDependency(pattern: string, parentPath: string): string | null {
  const target = pattern.split('#')[0]?.trim() ?? '';
  if (target === '' || /[*~()[\]]/.test(target)) return null;
  if (!target.startsWith('.')) return target;
  const dots = /^\.+/.exec(target)?.[0].length ?? 0;
  let base = parentPath.split('.').filter(Boolean);
  // '.x' stays in the parent; each extra dot climbs one level (an array's `*` counts as a level).
  base = base.slice(0, Math.max(0, base.length - (dots - 1)));
  return [...base, target.slice(dots)].filter(Boolean).join('.');
}

/** The data paths an expression reads through `$values.…` / `$form.values.…`. */
function valueReads(source: string): string[] {
  const out: string[] = [];
  for (const dependency of compileExpression(source).dependencies) {
    const match = /^(?:\$values|\$form\.values)\.(.+)$/.exec(dependency);
    if (match?.[1]) out.push(match[1].replace(/\[(\d+)\]/g, '.$1'));
  }
  return out;
}

/** The fields a node depends on and the fields its passive reactions write to. */
function nodeLinks(visit: FormilyVisit): { reads: string[]; targets: string[] } {
  const reads: string[] = [];
  const targets: string[] = [];
  const { node } = visit;
  const reactions: FormilyReaction[] = Array.isArray(node['x-reactions'])
    ? node['x-reactions']
    : node['x-reactions']
      ? [node['x-reactions']]
      : [];
  for (const reaction of reactions) {
    if (!reaction || typeof reaction !== 'object') continue;
    const deps = Array.isArray(reaction.dependencies)
      ? reaction.dependencies
      : reaction.dependencies && typeof reaction.dependencies === 'object'
        ? Object.values(reaction.dependencies)
        : [];
    for (const dep of deps) {
      const path = typeof dep === 'string' ? resolveDependency(dep, visit.parentPath) : null;
      if (path) reads.push(path);
    }
    if (typeof reaction.target === 'string') {
      const path = resolveDependency(reaction.target, visit.parentPath);
      if (path) targets.push(path);
    }
  }
  for (const { source } of collectExpressions(node, '')) {
    try {
      reads.push(...valueReads(source));
    } catch {
      // Syntax errors are reported by the expression check; they add no edge.
    }
  }
  const of = node['x-component-props']?.of;
  if (typeof of === 'string') reads.push(resolveDependency(of, visit.parentPath) ?? of);
  return { reads, targets };
}

/**
 * Finds circular linkage among the fields of one form: each cycle as data paths, e.g.
 * `['amount', 'rate', 'amount']`. A read of `a.b` where only `a` is a field counts as a read of `a`.
 */
export function findLinkageCycles(visits: readonly FormilyVisit[]): string[][] {
  const fields = new Set(visits.map((v) => v.path));
  const owner = (path: string): string | null => {
    for (let at = path; at !== ''; at = at.includes('.') ? at.slice(0, at.lastIndexOf('.')) : '') {
      if (fields.has(at)) return at;
    }
    return null;
  };
  const graph = new Map<string, Set<string>>();
  const edge = (from: string, to: string): void => {
    const set = graph.get(from) ?? new Set<string>();
    set.add(to);
    graph.set(from, set);
  };
  for (const visit of visits) {
    const { reads, targets } = nodeLinks(visit);
    const readFields = reads.map(owner).filter((p): p is string => p !== null);
    if (targets.length === 0) {
      for (const read of readFields) edge(visit.path, read);
      continue;
    }
    // A passive reaction writes its targets from this field (and its dependencies).
    for (const target of targets.map(owner).filter((p): p is string => p !== null)) {
      edge(target, visit.path);
      for (const read of readFields) edge(target, read);
    }
  }
  return findCycles(graph);
}

/** A problem found in a form's nodes, at a pointer of the loaded schema. */
export interface FormilyProblem {
  pointer: string;
  message: string;
}

/** Node keys and reaction state keys that take a boolean or a `{{ }}` expression, never a plain string. */
const BOOLEAN_KEYS = [
  'x-visible',
  'x-hidden',
  'x-disabled',
  'x-editable',
  'x-read-only',
  'x-read-pretty',
  'required',
];
const STATE_KEYS = ['visible', 'hidden', 'disabled', 'editable', 'readOnly', 'readPretty', 'required'];

const reactionsOf = (node: FormilyVisit['node']): Array<{ reaction: FormilyReaction; at: string }> => {
  const value = node['x-reactions'];
  if (Array.isArray(value)) return value.map((reaction, i) => ({ reaction, at: `/x-reactions/${i}` }));
  return value && typeof value === 'object' ? [{ reaction: value, at: '/x-reactions' }] : [];
};

/**
 * Mistakes Formily takes silently: an `x-reactions` dependency on a field the form does not have (the
 * reaction never fires), and an expression written without `{{ }}` where a boolean or an expression is
 * expected (`"x-visible": "$values.kind === 'A'"` is a non-empty string, so the rule is never applied).
 */
export function formilyProblems(visits: readonly FormilyVisit[]): FormilyProblem[] {
  const problems: FormilyProblem[] = [];
  const paths = visits.filter((v) => !v.isVoid).map((v) => v.path);
  const exists = (path: string): boolean =>
    visits.some((v) => v.path === path || path.startsWith(`${v.path}.`) || v.path.startsWith(`${path}.`));
  const plainExpression = (pointer: string, value: unknown): void => {
    if (typeof value !== 'string' || expressionOf(value) !== null) return;
    problems.push({
      pointer,
      message: `应为 true/false 或 {{ }} 表达式：不带 {{ }} 的 "${value}" 只是一个字符串，规则不会生效（写成 "{{ ${value} }}"）`,
    });
  };
  for (const visit of visits) {
    for (const key of BOOLEAN_KEYS)
      plainExpression(`${visit.pointer}/${key}`, visit.node[key as 'x-visible']);
    for (const { reaction, at } of reactionsOf(visit.node)) {
      if (!reaction || typeof reaction !== 'object') continue;
      const deps = reaction.dependencies;
      const entries: Array<[string, unknown]> = Array.isArray(deps)
        ? deps.map((d, i) => [String(i), d])
        : deps && typeof deps === 'object'
          ? Object.entries(deps)
          : [];
      for (const [key, dep] of entries) {
        if (typeof dep !== 'string') continue;
        const path = resolveDependency(dep, visit.parentPath);
        if (path === null || exists(path)) continue;
        const near = closest(path, paths);
        problems.push({
          pointer: `${visit.pointer}${at}/dependencies/${escapePointerSegment(key)}`,
          message: `联动依赖的字段 "${dep}" 在表单中不存在${near === null ? '' : `，是否应为 "${near}"？`}（表单字段：${paths.join(', ')}）`,
        });
      }
      if (typeof reaction.target === 'string') {
        const path = resolveDependency(reaction.target, visit.parentPath);
        if (path !== null && !exists(path))
          problems.push({
            pointer: `${visit.pointer}${at}/target`,
            message: `联动目标字段 "${reaction.target}" 在表单中不存在${didYouMean(path, paths)}`,
          });
      }
      for (const branch of ['fulfill', 'otherwise'] as const) {
        const state = (reaction[branch] as { state?: Record<string, unknown> } | undefined)?.state;
        for (const key of STATE_KEYS)
          if (state && key in state)
            plainExpression(`${visit.pointer}${at}/${branch}/state/${key}`, state[key]);
      }
      if (typeof reaction.when === 'string') plainExpression(`${visit.pointer}${at}/when`, reaction.when);
    }
  }
  return problems;
}
