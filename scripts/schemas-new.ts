// `npm run schemas:new -- <route> --model <m> [--kind list|form] [--role <ROLE>] [--title <t>] [--dir schemas]`:
// writes a starting page for an existing model. A list: the route block, a query form from the model's
// `query.filters`, columns showing names and dictionary labels (never ids or codes), a toolbar with a
// create dialog (when the role may create) and export, and one row action per transition the chosen role
// may run, offered in the transition's `from` states. A form: a create form of the model's required
// fields (the rest are added from the model in the studio), with back and submit. The page is checked
// with the schemas:check logic; nothing is kept when it fails.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { ACCOUNT_CENTRE, PRODUCT_CODES } from '@contract/products';
import { expandRoles } from '@contract/roles';
import { formatIssue } from '@renderer/core/checker';
import { schemaFileOnDisk, schemaTreeFile } from '@renderer/core/node';
import { checkSchemaFolder } from './schemas-check';
import { formatSchemaText } from './studio/core';

interface ModelField {
  type?: string;
  title?: string;
  format?: string;
  ref?: string;
  nameField?: string;
  dict?: string;
  /** The values of `dict` the field allows (the page takes its options from the model then). */
  enum?: unknown[];
  readOnly?: boolean;
  maxLength?: number;
}
interface ModelTransition {
  action: string;
  title?: string;
  from?: string[];
  roles?: string[];
  reason?: 'none' | 'optional' | 'required';
  reasonTitle?: string;
  sign?: boolean;
}
interface ModelFile {
  name: string;
  title?: string;
  product?: string;
  stateField?: string;
  fields: Record<string, ModelField>;
  required?: string[];
  states?: { $dict: string };
  transitions?: ModelTransition[];
  create?: { roles?: string[] };
  update?: { roles?: string[] };
  query?: { filters?: Record<string, 'eq' | 'in' | 'range' | 'contains'>; sort?: string[] };
}

export interface NewPageOptions {
  route: string;
  model: string;
  kind: 'list' | 'form';
  role?: string;
  title?: string;
  /** Leave out the toolbar's create dialog (used when the model's fields cannot make one). */
  noCreate?: boolean;
}

const COLUMN_FORMATS: Record<string, string> = { amount: 'money', money: 'money', date: 'date' };
const isMoney = (f: ModelField): boolean => f.format === 'amount' || f.format === 'money';
/** At most this many columns besides the state: a list an analyst keeps, not every field. */
const MAX_COLUMNS = 8;

/** Reads a model file (a Chinese error when it does not exist). */
function readModel(root: string, name: string): ModelFile {
  const modelPath = schemaTreeFile(root, `_models/${name}.json`);
  if (!existsSync(modelPath)) throw new Error(`模型 ${name} 不存在（${modelPath}）`);
  return JSON.parse(readFileSync(modelPath, 'utf8')) as ModelFile;
}

/**
 * The column showing a field as people read it: a reference's name field instead of its id, a
 * dictionary's label instead of its code; null for what a list does not show (ids without a name,
 * arrays and objects, a name field shown through its reference).
 */
function columnOf(
  field: string,
  spec: ModelField,
  model: ModelFile,
  shownNames: Set<string>,
): Record<string, unknown> | null {
  if (spec.type === 'array' || spec.type === 'object') return null;
  if (spec.ref) {
    const name = spec.nameField;
    if (!name || shownNames.has(name) || !model.fields[name]) return null;
    shownNames.add(name);
    return {
      field: name,
      title: spec.title ?? model.fields[name]?.title ?? name,
      width: 200,
      ellipsis: true,
    };
  }
  if (shownNames.has(field)) return null;
  // A name field some reference shows already, or an id-like text nobody reads.
  const referenced = Object.values(model.fields).some((f) => f.ref && f.nameField === field);
  if (referenced) return null;
  const column: Record<string, unknown> = { field, title: spec.title ?? field };
  if (spec.dict) column.enum = { $dict: spec.dict };
  const fmt = spec.format && COLUMN_FORMATS[spec.format];
  if (fmt) column.format = fmt;
  if (isMoney(spec)) column.title = `${String(column.title)}（元）`;
  column.width = fmt === 'date' ? 120 : isMoney(spec) ? 170 : spec.dict ? 120 : 180;
  return column;
}

/** A query field for a filter the model declares (`query.filters`), or null when none fits. */
function queryFieldOf(name: string, kind: string, model: ModelFile): Record<string, unknown> | null {
  const stateField = model.stateField ?? 'status';
  const base = { 'x-decorator': 'FormItem' };
  if (name === stateField) {
    if (!model.states?.$dict) return null;
    return {
      type: 'array',
      title: '状态',
      enum: { $dict: model.states.$dict },
      ...base,
      'x-component': 'Select',
      'x-component-props': { mode: 'multiple', placeholder: '全部', allowClear: true },
    };
  }
  const spec = model.fields[name];
  if (!spec || spec.ref) return null;
  const title = spec.title ?? name;
  if (spec.dict && (kind === 'eq' || kind === 'in'))
    return {
      type: kind === 'in' ? 'array' : 'string',
      title,
      enum: { $dict: spec.dict },
      ...base,
      'x-component': 'Select',
      'x-component-props': {
        ...(kind === 'in' ? { mode: 'multiple' } : {}),
        placeholder: '全部',
        allowClear: true,
      },
    };
  if (kind === 'range' && isMoney(spec))
    return { type: 'array', title, ...base, 'x-component': 'AmountRange' };
  if (kind === 'range' && spec.format === 'date')
    return { type: 'array', title, ...base, 'x-component': 'DatePicker.RangePicker' };
  if ((kind === 'contains' || kind === 'eq') && (spec.type ?? 'string') === 'string' && !spec.format)
    return {
      type: 'string',
      title,
      ...base,
      'x-component': 'Input',
      'x-component-props': { placeholder: `请输入${title}`, allowClear: true },
    };
  return null;
}

/** A create-dialog field for a writable model field, or null when the generator cannot offer one. */
function formFieldOf(name: string, spec: ModelField): Record<string, unknown> | null {
  const title = spec.title ?? name;
  // Formily knows `number`, not JSON Schema's `integer`.
  const type = spec.type === 'integer' ? 'number' : (spec.type ?? 'string');
  const base = { type, title, 'x-decorator': 'FormItem' };
  if (spec.ref === 'corp') return { ...base, 'x-component': 'RemoteSelect' };
  if (spec.ref) return null;
  if (spec.dict)
    return { ...base, ...(spec.enum ? {} : { enum: { $dict: spec.dict } }), 'x-component': 'Select' };
  if (isMoney(spec)) return { ...base, 'x-component': 'AmountInput' };
  if (spec.format === 'date') return { ...base, 'x-component': 'DatePicker' };
  if (spec.type === 'integer' || spec.type === 'number') return { ...base, 'x-component': 'NumberPicker' };
  if (spec.type === 'boolean') return { ...base, 'x-component': 'Switch' };
  if (spec.type === 'array' || spec.type === 'object') return null;
  return { ...base, 'x-component': (spec.maxLength ?? 0) > 100 ? 'Input.TextArea' : 'Input' };
}

/** The toolbar's 新建 dialog from the model's writable fields, or null when a required one cannot be offered. */
function createDialog(model: ModelFile, roles: string[] | undefined): Record<string, unknown> | null {
  const properties: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(model.fields)) {
    if (spec.readOnly) continue;
    const field = formFieldOf(name, spec);
    if (field) properties[name] = field;
    else if (model.required?.includes(name)) return null;
  }
  if (Object.keys(properties).length === 0) return null;
  return {
    key: 'create',
    label: '新建',
    type: 'dialog',
    primary: true,
    title: `新建${model.title ?? model.name}`,
    ...(roles ? { roles } : {}),
    success: '已保存',
    form: { properties },
  };
}

/** The route product of a model's product (the account centre's plugins are one route product). */
function routeProduct(product: string | undefined): string | undefined {
  if (!product) return undefined;
  if ((PRODUCT_CODES as readonly string[]).includes(product)) return product;
  return product.startsWith(`${ACCOUNT_CENTRE.code}-`) ? ACCOUNT_CENTRE.code : undefined;
}

/** The members every new page starts with: meta-schema, version, description and a route kept out of menus. */
function pageHead(
  path: string,
  model: ModelFile,
  title: string,
  roles: readonly string[],
  description: string,
): Record<string, unknown> {
  const route = path.replace(/^\/+/, '');
  return {
    $schema: `${'../'.repeat(route.split('/').length)}renderer/core/schema/page.schema.json`,
    schemaVersion: 2,
    description,
    route: {
      path: `/${route}`,
      title,
      ...(routeProduct(model.product) ? { product: routeProduct(model.product) } : {}),
      roles: roles.length > 0 ? roles : undefined,
      hideInMenu: true,
    },
  };
}

/**
 * A model's role list as a page names it: its role groups (`@operatorOrDirector`, contract/roles.ts) as
 * role codes, `@all` (any current role) kept.
 */
function pageRoles(names: readonly string[] | undefined): string[] {
  const all = (names ?? []).filter((n) => n === '@all');
  return [...all, ...expandRoles((names ?? []).filter((n) => n !== '@all')).roles];
}

/** Builds the page schema object for `options` from the model in `root`/_models. */
export function buildListPage(root: string, options: NewPageOptions): Record<string, unknown> {
  const model = readModel(root, options.model);
  const stateField = model.stateField ?? 'status';
  // A transition open to `@all` (any current role, server/models/compileModel.ts) is offered to every role
  // of the page: its button names no roles.
  const anyRole = (t: ModelTransition): boolean => (t.roles ?? []).includes('@all');
  const transitions = (model.transitions ?? []).filter(
    (t) => !options.role || anyRole(t) || pageRoles(t.roles).includes(options.role),
  );
  const canCreate = model.create && (!options.role || pageRoles(model.create.roles).includes(options.role));
  const roles = [
    ...new Set(
      options.role
        ? [options.role]
        : (model.transitions ?? []).flatMap((t) => pageRoles(t.roles)).concat(pageRoles(model.create?.roles)),
    ),
  ];
  const shownNames = new Set<string>();
  const columns = Object.entries(model.fields)
    .map(([field, spec]) => columnOf(field, spec, model, shownNames))
    .filter((c): c is Record<string, unknown> => c !== null)
    .slice(0, MAX_COLUMNS);
  if (columns[0]) columns[0] = { ...columns[0], fixed: 'left' };
  for (const column of columns)
    if ((model.query?.sort ?? []).includes(String(column.field))) column.sortable = true;
  if (model.states?.$dict)
    columns.push({ field: stateField, title: '状态', enum: { $dict: model.states.$dict }, width: 120 });
  const query = Object.fromEntries(
    Object.entries(model.query?.filters ?? {})
      .map(([name, kind]) => [name, queryFieldOf(name, kind, model)] as const)
      .filter(([, field]) => field !== null),
  );
  const create =
    canCreate && !options.noCreate
      ? createDialog(model, options.role || !model.create?.roles ? undefined : pageRoles(model.create.roles))
      : null;
  const toolbar = [...(create ? [create] : []), { key: 'export', label: '导出', type: 'export' }];
  const rowActions = transitions.map((t) => ({
    key: t.action,
    label: t.title ?? t.action,
    type: 'action',
    action: t.action,
    ...(t.from?.length
      ? {
          visible:
            t.from.length === 1
              ? `$record.${stateField} === '${t.from[0]}'`
              : `oneOf($record.${stateField}, ${t.from.map((s) => `'${s}'`).join(', ')})`,
        }
      : {}),
    ...(options.role || anyRole(t) ? {} : t.roles?.length ? { roles: pageRoles(t.roles) } : {}),
    ...(t.reason && t.reason !== 'none' ? { reason: t.reason, reasonTitle: t.reasonTitle ?? '原因' } : {}),
    ...(t.sign ? { sign: true } : {}),
    ...(t.reason === 'required' || t.sign ? {} : { confirm: `确认${t.title ?? t.action}该记录？` }),
  }));
  const noun = (model.title ?? model.name).replace(/列表$/, '');
  const title = options.title ?? `${noun}列表`;
  const filterTitles = Object.keys(query).map((name) =>
    name === stateField ? '状态' : (model.fields[name]?.title ?? name),
  );
  const description = [
    `${title}：${noun}的记录`,
    filterTitles.length ? `，可按${filterTitles.join('、')}查询` : '',
    create ? '，可新建' : '',
    '，可导出',
    rowActions.length ? `；行操作：${rowActions.map((a) => a.label).join('、')}` : '',
    '。',
  ].join('');
  return {
    ...pageHead(options.route, model, title, roles, description),
    page: 'list',
    model: model.name,
    list: {
      ...(Object.keys(query).length ? { query, queryColumns: 3 } : {}),
      columns,
      toolbar,
      ...(rowActions.length ? { rowActions } : {}),
      pageSize: 10,
    },
  };
}

/** Builds a create-form page for `options` from the model: its required writable fields, back and submit. */
export function buildFormPage(root: string, options: NewPageOptions): Record<string, unknown> {
  const model = readModel(root, options.model);
  const properties: Record<string, unknown> = {};
  for (const name of model.required ?? []) {
    const spec = model.fields[name];
    const field = spec && !spec.readOnly ? formFieldOf(name, spec) : null;
    if (field) properties[name] = { ...field, required: true };
  }
  const noun = model.title ?? model.name;
  const title = options.title ?? `新建${noun}`;
  const roles = options.role ? [options.role] : pageRoles(model.create?.roles);
  return {
    ...pageHead(
      options.route,
      model,
      title,
      roles,
      `${title}：填写${noun}的必填信息后提交，生成一条${noun}记录。`,
    ),
    page: 'form',
    model: model.name,
    form: {
      mode: 'create',
      columns: 2,
      labelWidth: 120,
      properties,
      actions: [
        { key: 'back', label: '返回', type: 'back' },
        {
          key: 'submit',
          label: '提交',
          type: 'submit',
          primary: true,
          confirm: `确认提交该${noun}？`,
          success: `${noun}已提交`,
        },
      ],
    },
  };
}

/**
 * Writes the page into the schemas tree at `root` (in a product folder when its folder for the route holds
 * pages already: renderer/core/node/schemaTree.ts), checks the folder and removes it again when the check
 * fails. A model the checker refuses is named with its own problems (the page would inherit them).
 */
export async function writeNewPage(
  root: string,
  options: NewPageOptions,
): Promise<{ file: string; path: string; issues: string[] }> {
  const path = `${options.route.replace(/^\/+/, '')}.json`;
  const file = schemaTreeFile(root, path);
  if (existsSync(file)) throw new Error(`文件已存在：${path}`);
  readModel(root, options.model);
  const modelFile = `_models/${options.model}.json`;
  const onDisk = schemaFileOnDisk(root);
  const modelIssues = checkSchemaFolder(root)
    .issues.filter((i) => i.file === modelFile)
    .map((i) => formatIssue(i, onDisk));
  if (modelIssues.length > 0)
    throw new Error(`模型 ${options.model} 未通过 schemas:check，先修正它：\n${modelIssues.join('\n')}`);
  const rel = path;
  // The page's file may sit in a product folder (renderer/core/node/schemaTree.ts): its meta-schema from there.
  const meta = relative(dirname(file), resolve(root, '../renderer/core/schema/page.schema.json'))
    .split('\\')
    .join('/');
  let issues: string[] = [];
  for (const attempt of options.noCreate || options.kind === 'form' ? [true] : [false, true]) {
    const page =
      options.kind === 'form'
        ? buildFormPage(root, options)
        : buildListPage(root, { ...options, noCreate: attempt });
    const text = await formatSchemaText(file, JSON.stringify({ ...page, $schema: meta }));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    const written = schemaFileOnDisk(root);
    issues = checkSchemaFolder(root)
      .issues.filter((i) => i.file === rel || i.via === rel)
      .map((i) => formatIssue(i, written));
    if (issues.length === 0) break;
    rmSync(file);
  }
  return { file, path, issues };
}

function parseArgs(argv: string[]): NewPageOptions & { dir: string } {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--')) flags[arg.slice(2)] = argv[++i] ?? '';
    else positional.push(arg);
  }
  const route = positional[0];
  if (!route || !flags.model)
    throw new Error('用法：npm run schemas:new -- <route> --model <m> [--kind list|form] [--role R]');
  const kind = flags.kind ?? 'list';
  if (kind !== 'list' && kind !== 'form')
    throw new Error(`--kind 只能是 list（列表页）或 form（新建表单页），收到 ${kind}`);
  return {
    route,
    model: flags.model,
    kind,
    role: flags.role,
    title: flags.title,
    dir: resolve(flags.dir ?? 'schemas'),
  };
}

const isMain =
  process.argv[1] !== undefined &&
  resolve(process.argv[1]).replace(/\.ts$/, '') === resolve(import.meta.filename ?? '').replace(/\.ts$/, '');
if (isMain) {
  try {
    const { dir, ...options } = parseArgs(process.argv.slice(2));
    const { file, issues } = await writeNewPage(dir, options);
    if (issues.length > 0) {
      for (const line of issues) console.log(line);
      console.log(`schemas:new: 生成的页面未通过检查，未写入 ${file}`);
      process.exitCode = 1;
    } else console.log(`schemas:new: 已写入 ${file}（通过 schemas:check）`);
  } catch (error) {
    console.error(`schemas:new: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
