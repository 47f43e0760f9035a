/**
 * What a tester can address on a schema page, read from the schema itself: its fields by title, its
 * buttons by label, its list columns and detail values by title, its tabs by title, each with the
 * `data-testid` the renderer gives it (renderer/react/testIds.ts). The e2e page objects
 * (tests/e2e/pageObjects.ts) use it at run time; tests/schemas/pageObjects.test.ts writes the titles
 * per route as TypeScript types (tests/e2e/pageObjects.generated.ts), so a test that names a field
 * the schema does not have fails to compile.
 */
import { readSchemaDirectory } from '@renderer/core/node';
import { loadPageSchema } from '@renderer/core';
import { testIds, type FieldScope } from '@renderer/react/testIds';

/** A form field: its data path (`{i}` where an array item's index goes) and its component. */
export interface FieldModel {
  scope: FieldScope;
  path: string;
  component: string;
}

/** The addressable parts of one route, each by the title a user sees. */
export interface PageModel {
  route: string;
  kind: string;
  fields: Record<string, FieldModel[]>;
  /** Label → test ids of the buttons with that label; `*` stands for an area the schema leaves to the page kind, `text:` for a button without a test id. */
  actions: Record<string, string[]>;
  /** Column title → the cells' field names (list columns and section tables). */
  columns: Record<string, string[]>;
  /** Tab title → test id. */
  tabs: Record<string, string>;
  /** Detail value title → test ids (`detail-<section>-<field>[-<format>]`, a result part's `result-<key>`). */
  details: Record<string, string[]>;
  /** Section title → test id. */
  sections: Record<string, string>;
  /** Keys of the buttons that open a dialog (`type: "dialog"`), the declared interactions with tabs. */
  dialogs: string[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Buttons a page kind draws without a schema entry (step navigation, query form). */
const BUILT_IN_ACTIONS: Record<string, string[]> = {
  下一步: [testIds.action('step', 'next')],
  上一步: [testIds.action('step', 'previous')],
  查询: [testIds.action('query', 'search')],
  重置: [testIds.action('query', 'reset')],
};

/** Where a list of actions sits → the area of its buttons' test ids. */
const AREAS: Record<string, Parameters<typeof testIds.action>[0]> = {
  toolbar: 'toolbar',
  rowActions: 'row',
  batchActions: 'batch',
};

function add<T>(map: Record<string, T[]>, key: string, value: T): void {
  const list = (map[key] ??= []);
  if (!list.some((v) => JSON.stringify(v) === JSON.stringify(value))) list.push(value);
}

/** Collects the Formily fields of a `properties` map (or a query/filters map) into `model.fields`. */
function walkFields(
  model: PageModel,
  properties: Json,
  scope: FieldScope,
  prefix: { path: string; title: string; columnTitle?: string },
): void {
  for (const [name, raw] of Object.entries(properties)) {
    if (!isObject(raw)) continue;
    const component = str(raw['x-component']) ?? '';
    const props = isObject(raw['x-component-props']) ? raw['x-component-props'] : {};
    if (raw.type === 'void' && component === 'ArrayTable.Addition' && str(raw.title)) {
      add(model.actions, raw.title as string, `text:${raw.title as string}`);
      continue;
    }
    if (raw.type === 'void') {
      // Layout only: not part of the path; an array table's column titles the fields in it.
      const columnTitle = component === 'ArrayTable.Column' ? str(props.title) : prefix.columnTitle;
      if (isObject(raw.properties)) walkFields(model, raw.properties, scope, { ...prefix, columnTitle });
      continue;
    }
    const path = `${prefix.path}${name}`;
    const title = str(raw.title) ?? prefix.columnTitle;
    if (title && raw['x-decorator'] === 'FormItem')
      add(model.fields, `${prefix.title}${title}`, { scope, path, component });
    const items = isObject(raw.items) ? raw.items : undefined;
    if (items && isObject(items.properties))
      walkFields(model, items.properties, scope, {
        path: `${path}.{i}.`,
        title: `${prefix.title}${title ?? name}.`,
      });
    if (isObject(raw.properties))
      walkFields(model, raw.properties, scope, { path: `${path}.`, title: prefix.title });
  }
}

/** Walks any part of a page schema, collecting what it declares where it declares it. */
function walk(model: PageModel, node: unknown, key: string, parentKey: string): void {
  if (Array.isArray(node)) {
    if (key === 'sections') for (const s of node) if (isObject(s)) section(model, s);
    node.forEach((item) => {
      if (isObject(item)) {
        const label = str(item.label);
        const actionKey = str(item.key);
        if (label && actionKey && str(item.type)) {
          const area = AREAS[key];
          add(model.actions, label, area ? testIds.action(area, actionKey) : `*-${actionKey}`);
          if (item.type === 'dialog' && !model.dialogs.includes(actionKey)) model.dialogs.push(actionKey);
        }
        if (key === 'columns' && str(item.field) && str(item.title))
          add(model.columns, item.title as string, item.field as string);
        if (key === 'tabs' && str(item.key) && str(item.title))
          model.tabs[item.title as string] = testIds.tab(item.key as string);
      }
      walk(model, item, key, parentKey);
    });
    return;
  }
  if (!isObject(node)) return;
  // A composite page's tabs part.
  if (node.type === 'tabs' && Array.isArray(node.items))
    for (const item of node.items)
      if (isObject(item) && str(item.key) && str(item.title))
        model.tabs[item.title as string] = testIds.tab(item.key as string);
  // A result part's labelled values read like detail values.
  if (node.type === 'result' && Array.isArray(node.lines))
    for (const line of node.lines)
      if (isObject(line) && str(line.key) && str(line.label))
        add(model.details, line.label as string, testIds.resultValue(line.key as string));
  for (const [k, v] of Object.entries(node)) {
    if (!isObject(v) && !Array.isArray(v)) continue;
    if (k === 'properties' && isObject(v)) {
      walkFields(model, v, 'field', { path: '', title: '' });
      continue;
    }
    if (k === 'query' && isObject(v) && key === 'list') {
      walkFields(model, v, 'query', { path: '', title: '' });
      continue;
    }
    if (k === 'filters' && isObject(v) && key === 'statistics') {
      walkFields(model, v, 'filter', { path: '', title: '' });
      continue;
    }
    walk(model, v, k, key);
  }
}

/** A detail section: its values (a field shown twice adds its format to the second id) and table. */
function section(model: PageModel, s: Json): void {
  const key = str(s.key);
  if (!key) return;
  if (str(s.title)) model.sections[s.title as string] = testIds.section(key);
  const seen = new Set<string>();
  for (const f of Array.isArray(s.fields) ? s.fields : []) {
    if (!isObject(f) || !str(f.field) || !str(f.title)) continue;
    const field = f.field as string;
    const repeated = seen.has(field);
    seen.add(field);
    add(
      model.details,
      f.title as string,
      testIds.detail(key, field, repeated ? (str(f.format) ?? 'text') : undefined),
    );
  }
}

/** The page model of one page schema (its `$ref`s already resolved). */
export function pageModel(schema: Json): PageModel {
  const route = isObject(schema.route) ? (str(schema.route.path) ?? '') : '';
  const model: PageModel = {
    route,
    kind: str(schema.page) ?? '',
    fields: {},
    actions: {},
    columns: {},
    tabs: {},
    details: {},
    sections: {},
    dialogs: [],
  };
  for (const [k, v] of Object.entries(schema)) if (k !== 'route') walk(model, v, k, '');
  const form = isObject(schema.form) ? schema.form : {};
  const list = isObject(schema.list) ? schema.list : {};
  const builtIn = [
    ...(Array.isArray(form.steps) ? ['下一步', '上一步'] : []),
    ...(list.query ? ['查询', '重置'] : []),
  ];
  for (const label of builtIn) model.actions[label] ??= BUILT_IN_ACTIONS[label]!;
  return model;
}

let cache: Map<string, PageModel> | undefined;

/** The page models of every page schema in `schemas/`, by route path. */
export function pageModels(root = 'schemas'): Map<string, PageModel> {
  if (cache && root === 'schemas') return cache;
  const directory = readSchemaDirectory(root);
  const models = new Map<string, PageModel>();
  for (const page of directory.pages) {
    const { schema } = loadPageSchema(page.raw, { file: page.file, source: directory.source });
    const model = pageModel(schema as unknown as Json);
    models.set(model.route, model);
  }
  if (root === 'schemas') cache = models;
  return models;
}
