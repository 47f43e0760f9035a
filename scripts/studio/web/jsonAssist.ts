// The studio editor's knowledge of page schemas, on CodeMirror's JSON syntax tree: where a checker JSON
// pointer sits in the text (to mark it), which keyword path the cursor is on, and what the meta-schema
// (renderer/core/schema/page.schema.json, with its per-component `x-component-props`) offers there as
// completions and hover docs. No DOM: the unit tests run it on an EditorState.
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { ensureSyntaxTree, syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { SyntaxNode, Tree } from '@lezer/common';
import type { ModelDefinition } from '@renderer';
import { BUILTIN_COMPONENT_NAMES } from '@renderer/core/schema/components';

/** A JSON Schema node of the meta-schema (only what the studio reads). */
export interface MetaSchema {
  $ref?: string;
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, MetaSchema>;
  patternProperties?: Record<string, MetaSchema>;
  additionalProperties?: boolean | MetaSchema;
  items?: MetaSchema | MetaSchema[];
  allOf?: MetaSchema[];
  anyOf?: MetaSchema[];
  oneOf?: MetaSchema[];
  if?: MetaSchema;
  then?: MetaSchema;
  else?: MetaSchema;
  required?: string[];
  definitions?: Record<string, MetaSchema>;
}

type Segment = string | number;

function tree(state: EditorState): Tree {
  return ensureSyntaxTree(state, state.doc.length, 2000) ?? syntaxTree(state);
}

const VALUE_NODES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

function children(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) out.push(c);
  return out;
}

function keyOf(state: EditorState, property: SyntaxNode): string | undefined {
  const name = property.getChild('PropertyName');
  if (!name) return undefined;
  const raw = state.doc.sliceString(name.from, name.to);
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.replace(/^"|"$/g, '');
  }
}

function valueOf(property: SyntaxNode): SyntaxNode | undefined {
  return children(property).find((c) => VALUE_NODES.has(c.name));
}

/**
 * The text range a checker pointer points at: the whole `"key": value` for an object member, the element
 * for an array item; a pointer past what the text has marks the deepest part that exists.
 */
export function pointerRange(state: EditorState, pointer: string): { from: number; to: number } {
  const range = locate(state, pointer).mark;
  // A long object is marked on its first line only, so the mark stays readable.
  const line = state.doc.lineAt(range.from);
  return { from: range.from, to: Math.max(range.from + 1, Math.min(range.to, line.to)) };
}

/** The whole text of the value at `pointer` (not its key), or null when the text has no such value. */
export function valueRange(state: EditorState, pointer: string): { from: number; to: number } | null {
  const found = locate(state, pointer);
  return found.complete && found.node ? { from: found.node.from, to: found.node.to } : null;
}

function locate(
  state: EditorState,
  pointer: string,
): { node: SyntaxNode | undefined; mark: { from: number; to: number }; complete: boolean } {
  const top = tree(state).topNode;
  let node = children(top).find((c) => VALUE_NODES.has(c.name));
  if (!node) return { node, mark: { from: 0, to: Math.min(1, state.doc.length) }, complete: false };
  let range = { from: node.from, to: node.to };
  const segments = pointer === '' ? [] : pointer.slice(1).split('/');
  for (const raw of segments) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    let next: SyntaxNode | undefined;
    let mark: { from: number; to: number } | undefined;
    if (node.name === 'Object') {
      const property = node.getChildren('Property').find((p) => keyOf(state, p) === seg);
      if (property) {
        next = valueOf(property);
        mark = { from: property.from, to: property.to };
      }
    } else if (node.name === 'Array') {
      next = children(node).filter((c) => VALUE_NODES.has(c.name))[Number(seg)];
      if (next) mark = { from: next.from, to: next.to };
    }
    if (!next || !mark) return { node, mark: range, complete: false };
    node = next;
    range = mark;
  }
  return { node, mark: range, complete: true };
}

/** Where the cursor is: the keyword path of the value it is in, and whether it is on a key or a value. */
export interface CursorPlace {
  path: Segment[];
  /** 'key': typing a member name of the object at `path`; 'value': the value at `path`. */
  kind: 'key' | 'value';
  /** The node being typed (to replace on completion), if any. */
  node?: SyntaxNode;
}

/** The keyword path of the value `node` (an Object, Array or scalar), by its Property and Array parents. */
function pathOf(state: EditorState, node: SyntaxNode, pos: number): Segment[] {
  const path: Segment[] = [];
  let child: SyntaxNode = node;
  for (let n: SyntaxNode | null = node.parent; n && n.name !== 'JsonText'; child = n, n = n.parent) {
    if (n.name === 'Property') {
      const key = keyOf(state, n);
      if (key !== undefined) path.unshift(key);
    } else if (n.name === 'Array') {
      const items = children(n).filter((c) => VALUE_NODES.has(c.name) || c.name === '⚠');
      const index = items.findIndex((c) => c.from === child.from && c.to === child.to);
      path.unshift(index < 0 ? items.filter((c) => c.to <= pos).length : index);
    }
  }
  return path;
}

export function placeAt(state: EditorState, pos: number): CursorPlace | null {
  const inner = tree(state).resolveInner(pos, -1);
  const parent = inner.parent;
  // A member name being typed, or the cursor between members of an object.
  if (inner.name === 'PropertyName' && parent?.parent)
    return { path: pathOf(state, parent.parent, pos), kind: 'key', node: inner };
  if (inner.name === 'Object') return { path: pathOf(state, inner, pos), kind: 'key' };
  if (['{', ',', '⚠'].includes(inner.name) && parent?.name === 'Object')
    return { path: pathOf(state, parent, pos), kind: 'key' };
  // A value: after `key:`, inside a scalar, or an array item.
  if (inner.name === 'Property' || (inner.name === ':' && parent?.name === 'Property')) {
    const property = inner.name === 'Property' ? inner : parent!;
    const key = keyOf(state, property);
    const object = property.parent;
    if (key === undefined || !object) return null;
    return { path: [...pathOf(state, object, pos), key], kind: 'value' };
  }
  if (['[', ','].includes(inner.name) && parent?.name === 'Array') {
    const before = children(parent).filter((c) => VALUE_NODES.has(c.name) && c.to <= pos).length;
    return { path: [...pathOf(state, parent, pos), before], kind: 'value' };
  }
  if (['String', 'Number', 'True', 'False', 'Null', '⚠'].includes(inner.name)) {
    if (parent?.name === 'Property') {
      const key = keyOf(state, parent);
      const object = parent.parent;
      if (key === undefined || !object) return null;
      return { path: [...pathOf(state, object, pos), key], kind: 'value', node: inner };
    }
    if (parent?.name === 'Array') return { path: pathOf(state, inner, pos), kind: 'value', node: inner };
  }
  return null;
}

/** The meta-schema's knowledge, with `$ref`s, `allOf`/`anyOf`/`oneOf` and `if`/`then` followed. */
export class SchemaKnowledge {
  constructor(private readonly root: MetaSchema) {}

  private deref(schema: MetaSchema): MetaSchema {
    let s = schema;
    for (let i = 0; s.$ref && i < 20; i++) {
      const name = s.$ref.replace(/^#\/definitions\//, '');
      const target = this.root.definitions?.[name];
      if (!target) break;
      s = { ...target, description: s.description ?? target.description };
    }
    return s;
  }

  private static matches(condition: MetaSchema, value: unknown): boolean {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const v = value as Record<string, unknown>;
    if (condition.required?.some((k) => !(k in v))) return false;
    return Object.entries(condition.properties ?? {}).every(([k, s]) => {
      if (!(k in v)) return true;
      if ('const' in s) return v[k] === s.const;
      if (s.enum) return s.enum.includes(v[k]);
      return true;
    });
  }

  /** Every schema that applies to `value` under `schema` (combinators and matching conditions opened). */
  expand(schema: MetaSchema | undefined, value: unknown, depth = 0): MetaSchema[] {
    if (!schema || depth > 12) return [];
    const s = this.deref(schema);
    const out = [s];
    for (const part of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])])
      out.push(...this.expand(part, value, depth + 1));
    if (s.if)
      out.push(...this.expand(SchemaKnowledge.matches(s.if, value) ? s.then : s.else, value, depth + 1));
    return out;
  }

  private childOf(schemas: MetaSchema[], seg: Segment, value: unknown): MetaSchema[] {
    const child = (value as Record<string | number, unknown> | undefined)?.[seg];
    return schemas.flatMap((s) => {
      if (typeof seg === 'number') {
        const items = Array.isArray(s.items) ? s.items[seg] : s.items;
        return this.expand(items, child);
      }
      const direct = s.properties?.[seg];
      if (direct) return this.expand(direct, child);
      const pattern = Object.entries(s.patternProperties ?? {}).find(([p]) => new RegExp(p).test(seg));
      if (pattern) return this.expand(pattern[1], child);
      return typeof s.additionalProperties === 'object' ? this.expand(s.additionalProperties, child) : [];
    });
  }

  /** The schemas at `path` in `document` (the last text that parsed, for the conditions). */
  at(path: readonly Segment[], document: unknown): MetaSchema[] {
    let schemas = this.expand(this.root, document);
    let value = document;
    for (const seg of path) {
      schemas = this.childOf(schemas, seg, value);
      value = (value as Record<string | number, unknown> | undefined)?.[seg];
      if (schemas.length === 0) break;
    }
    return schemas;
  }

  /** Member names the object at `path` may have, with their docs. */
  keys(path: readonly Segment[], document: unknown): { key: string; doc: string }[] {
    const seen = new Map<string, string>();
    for (const s of this.at(path, document))
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        const doc = this.deref(prop).description ?? '';
        if (!seen.get(key)) seen.set(key, doc);
      }
    return [...seen].map(([key, doc]) => ({ key, doc }));
  }

  /** Values the keyword at `path` takes (enums, constants, booleans, component names). */
  values(path: readonly Segment[], document: unknown): unknown[] {
    const last = path.at(-1);
    if (last === 'x-component' || last === 'x-decorator') return [...BUILTIN_COMPONENT_NAMES];
    const out = new Set<unknown>();
    for (const s of this.at(path, document)) {
      for (const v of s.enum ?? []) out.add(v);
      if ('const' in s) out.add(s.const);
      const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
      if (types.includes('boolean')) [true, false].forEach((b) => out.add(b));
    }
    return [...out];
  }

  /** What a component is and which `x-component-props` it documents (`definitions["props.<name>"]`). */
  componentDoc(name: string): string | undefined {
    if (!(BUILTIN_COMPONENT_NAMES as readonly string[]).includes(name)) return undefined;
    const props = this.root.definitions?.[`props.${name}`];
    if (!props) return `组件 ${name}`;
    const keys = Object.entries(props.properties ?? {}).map(
      ([k, p]) => `${k}：${this.deref(p).description ?? ''}`,
    );
    return [`组件 ${name}：${props.description ?? ''}`, ...keys].join('\n');
  }

  /** The hover text of the keyword at `path`: its description (and, for a component, its props' doc). */
  doc(path: readonly Segment[], document: unknown): string | undefined {
    const schemas = this.at(path, document);
    const text = schemas.map((s) => s.description).find(Boolean);
    const values = schemas.flatMap((s) => s.enum ?? []);
    if (!text && values.length === 0) return undefined;
    return [text, values.length ? `可选值：${values.map((v) => JSON.stringify(v)).join('、')}` : '']
      .filter(Boolean)
      .join('\n');
  }
}

/** What the project knows beyond the meta-schema: models, dictionaries, roles and routes. */
export interface Domain {
  models: Readonly<Record<string, ModelDefinition>>;
  /** The schema folder's files by path (`_dicts/<name>.json` among them). */
  files: Readonly<Record<string, unknown>>;
  roles: readonly string[];
  /** Route paths of every page. */
  routes: readonly string[];
}

type Offer = { label: string; detail?: string };

function dictItems(domain: Domain, name: string): Offer[] {
  const dict = domain.files[`_dicts/${name}.json`] as
    { items?: { value: unknown; label?: string }[] } | undefined;
  return (dict?.items ?? []).map((i) => ({ label: String(i.value), detail: i.label }));
}

/** The states of a model as offers (its state dictionary's values, or its inline states). */
function stateOffers(domain: Domain, model: ModelDefinition | undefined): Offer[] {
  const states = model?.states;
  if (!states) return [];
  if (Array.isArray(states)) return states.map((i) => ({ label: String(i.value), detail: i.label }));
  return dictItems(domain, states.$dict);
}

/**
 * Values the project knows for the member at `path`: a column's or query's `field` and form property names
 * from the page's model, `$dict` names, a field's `default` from its dictionary, a state literal (`status`),
 * an `action` from the model's transitions, `roles` codes and link targets (`to`, `redirect`, `path`).
 */
export function domainValues(domain: Domain, path: readonly Segment[], document: unknown): Offer[] {
  const doc = (document ?? {}) as Record<string, unknown>;
  const model = typeof doc.model === 'string' ? domain.models[doc.model] : undefined;
  const fields = Object.entries(model?.fields ?? {}).map(([name, f]) => ({ label: name, detail: f.title }));
  const last = path.at(-1);
  const parent = path.at(-2);
  if (last === 'field' || last === 'dataIndex') return fields;
  if (last === 'model') return Object.values(domain.models).map((m) => ({ label: m.name, detail: m.title }));
  if (last === '$dict')
    return Object.keys(domain.files)
      .filter((f) => f.startsWith('_dicts/'))
      .map((f) => ({ label: f.slice('_dicts/'.length).replace(/\.json$/, '') }));
  if (last === 'action')
    return (model?.transitions ?? []).map((t) => ({
      label: t.action,
      detail: typeof t.title === 'string' ? t.title : undefined,
    }));
  if (parent === 'roles' || last === 'roles') return domain.roles.map((r) => ({ label: r }));
  if (last === 'to' || last === 'redirect' || (last === 'path' && parent === 'route'))
    return domain.routes.map((r) => ({ label: r }));
  const stateField = typeof model?.stateField === 'string' ? model.stateField : 'status';
  if (last === stateField || parent === stateField) return stateOffers(domain, model);
  if (last === 'default' && typeof parent === 'string') {
    const dict = model?.fields[parent]?.dict;
    if (typeof dict === 'string') return dictItems(domain, dict);
  }
  return [];
}

/** Member names the project knows at `path`: a form's or query's properties are the model's fields. */
export function domainKeys(domain: Domain, path: readonly Segment[], document: unknown): Offer[] {
  const doc = (document ?? {}) as Record<string, unknown>;
  const model = typeof doc.model === 'string' ? domain.models[doc.model] : undefined;
  if (!model) return [];
  if (path.at(-1) === 'properties' || path.at(-1) === 'query')
    return Object.entries(model.fields).map(([name, f]) => ({ label: name, detail: f.title }));
  return [];
}

/** Completion of member names and values from the meta-schema and the project (models, dictionaries…). */
export function schemaCompletion(
  knowledge: SchemaKnowledge,
  document: () => unknown,
  domain?: () => Domain | null,
): (context: CompletionContext) => CompletionResult | null {
  return (context) => {
    const place = placeAt(context.state, context.pos);
    if (!place) return null;
    const from = place.node ? place.node.from : context.pos;
    if (!place.node && !context.explicit && !/[{,[:][ \t]*$/.test(context.state.sliceDoc(0, context.pos)))
      return null;
    const options: Completion[] =
      place.kind === 'key'
        ? knowledge.keys(place.path, document()).map(({ key, doc }) => ({
            label: key,
            apply: `${JSON.stringify(key)}: `,
            info: doc || undefined,
            type: 'property',
          }))
        : knowledge.values(place.path, document()).map((v) => ({
            label: JSON.stringify(v),
            type: 'constant',
            info: typeof v === 'string' ? knowledge.componentDoc(v) : undefined,
          }));
    const project = domain?.();
    if (project) {
      const known = new Set(options.map((o) => o.label));
      const offers =
        place.kind === 'key'
          ? domainKeys(project, place.path, document()).map((o) => ({
              ...o,
              label: o.label,
              apply: `${JSON.stringify(o.label)}: `,
              type: 'property',
            }))
          : domainValues(project, place.path, document()).map((o) => ({
              ...o,
              label: JSON.stringify(o.label),
              type: 'constant',
            }));
      options.push(...offers.filter((o) => !known.has(o.label)));
    }
    if (options.length === 0) return null;
    return { from, options, validFor: /^"?[\w.$-]*"?$/ };
  };
}

/** The hover doc at `pos`: the keyword under the pointer (a member name or a component name). */
export function hoverDoc(
  knowledge: SchemaKnowledge,
  state: EditorState,
  pos: number,
  document: unknown,
): { from: number; to: number; text: string } | null {
  const node = tree(state).resolveInner(pos, 1);
  if (node.name === 'PropertyName' && node.parent) {
    const place = placeAt(state, node.to);
    const key = keyOf(state, node.parent);
    if (!place || key === undefined) return null;
    const text = knowledge.doc([...place.path, key], document);
    return text ? { from: node.from, to: node.to, text: `${key}：${text}` } : null;
  }
  if (node.name === 'String' && node.parent?.name === 'Property') {
    const key = keyOf(state, node.parent);
    if (key !== 'x-component' && key !== 'x-decorator') return null;
    const name = state.sliceDoc(node.from + 1, node.to - 1);
    return { from: node.from, to: node.to, text: knowledge.componentDoc(name) ?? `未知组件 ${name}` };
  }
  return null;
}
