/**
 * Page rules derived from the model (ADR 0007, renderer/README.md): a form field bound to a model field gets the
 * model's required/format/length/bounds/enum/money bounds/day window unless the page narrows them,
 * and a page rule looser than the model's (or with other values) is a checker error. The models
 * engine enforces the same model keywords, so page and server refuse the same input.
 */
import { walkFormily } from '@renderer/core/checker/formilyTree';
import type {
  ActionSchema,
  DictItem,
  FormilyNode,
  FormilyProperties,
  PageSchema,
} from '@renderer/core/schema';
import { FORMATS, isKnownFormat } from '@renderer/core/validators';
import type { DayWindow, SumToRule } from '@renderer/core/validators';
import { refOptionsPath } from './api';
import type { ModelDefinition, ModelField } from './types';

/** A model field found for a form field's data path, with whether its parent requires it. */
export interface BoundField {
  def: ModelField;
  required: boolean;
}

/** Dictionaries by name (the loader's source). */
export type DictLookup = (name: string) => { items: DictItem[] } | undefined;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The model field at a form data path (`amount`, `statements.*.billAmount`), or null when the path
 * leaves the model (a page-only helper field).
 */
export function modelFieldAt(model: ModelDefinition, path: string): BoundField | null {
  const parts = path.split('.');
  let fields: Record<string, unknown> | undefined = model.fields;
  let required: readonly string[] = model.required ?? [];
  let found: BoundField | null = null;
  for (let i = 0; i < parts.length; i++) {
    const name = parts[i]!;
    if (name === '*') {
      const items: unknown = found?.def.items;
      if (!isObject(items)) return null;
      fields = isObject(items.properties) ? items.properties : undefined;
      required = Array.isArray(items.required) ? (items.required as string[]) : [];
      continue;
    }
    const def: unknown =
      fields && Object.prototype.hasOwnProperty.call(fields, name) ? fields[name] : undefined;
    if (!isObject(def)) return null;
    found = { def: def as ModelField, required: required.includes(name) };
    fields = isObject(def.properties) ? def.properties : undefined;
    required = Array.isArray(def.required) ? (def.required as string[]) : [];
  }
  return found;
}

/** The values a model field allows (its enum, else its dictionary's values), or null for any. */
export function allowedValues(def: ModelField, dicts: DictLookup): unknown[] | null {
  if (Array.isArray(def.enum)) return def.enum;
  const dict = typeof def.dict === 'string' ? dicts(def.dict) : undefined;
  return dict ? dict.items.map((item) => item.value) : null;
}

const enumValues = (values: NonNullable<FormilyNode['enum']>): unknown[] =>
  values.map((v) => (isObject(v) ? v.value : v));

/** Formats named by a page node: `format` and every `x-validator` naming one. */
function pageFormats(node: FormilyNode): string[] {
  const rules = Array.isArray(node['x-validator']) ? node['x-validator'] : [node['x-validator']];
  const names = rules.map((rule: unknown) =>
    typeof rule === 'string' ? rule : isObject(rule) ? rule.format : undefined,
  );
  return [node.format, ...names].filter(
    (n): n is string => typeof n === 'string' && isKnownFormat(n, FORMATS),
  );
}

/** Validator rules a page node gets from its model field (money bounds, day window, sums of items). */
function modelValidators(def: ModelField): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  if (typeof def.amountMin === 'string') out.push({ amountMin: def.amountMin });
  if (typeof def.amountMax === 'string') out.push({ amountMax: def.amountMax });
  if (isObject(def.dayWindow)) out.push({ dayWindow: def.dayWindow as unknown as DayWindow });
  // A rule across the items (the joint funders' ratios add up to 100): the very rule the server checks.
  if (isObject(def.sumTo)) out.push({ sumTo: def.sumTo as unknown as SumToRule });
  return out;
}

const BOUNDS = [
  ['minLength', 'min'],
  ['maxLength', 'max'],
  ['minimum', 'min'],
  ['maximum', 'max'],
  ['minItems', 'min'],
  ['maxItems', 'max'],
] as const;

/** What a page tells the model rules about itself: the product of its route (abs or abcp...). */
export interface PageContext {
  product?: string;
}

/** Puts the model's rules on one bound page node (in place); page values that narrow them stay. */
/** Options per request of an enterprise picker (as the record pickers page). */
export const REF_PAGE_SIZE = 20;

function deriveNode(
  node: FormilyNode,
  bound: BoundField,
  dicts: DictLookup,
  options: string,
  page: PageContext,
): void {
  const { def } = bound;
  if (def.readOnly === true) return;
  // An enterprise picker lists what the server accepts for the field (kinds, not cancelled, the product
  // opened — for a product named by a record field, the page's product), searched on the server (name,
  // 统一社会信用代码) and paged like the record pickers, each option with its credit code.
  const props = node['x-component-props'];
  if (def.ref === 'corp' && node['x-component'] === 'RemoteSelect' && (!props?.url || props.url === options))
    node['x-component-props'] = {
      search: true,
      pageSize: REF_PAGE_SIZE,
      describe: ['code'],
      ...props,
      url: options,
      ...(isObject(def.opened) && page.product
        ? { params: { ...(props?.params as object | undefined), product: page.product } }
        : {}),
      labelField: 'name',
      valueField: 'id',
    };
  if (bound.required && node.required === undefined) node.required = true;
  for (const [keyword] of BOUNDS) {
    if (typeof def[keyword] === 'number' && node[keyword] === undefined) node[keyword] = def[keyword];
  }
  const allowed = allowedValues(def, dicts);
  if (allowed && node.enum === undefined) {
    const dict = typeof def.dict === 'string' ? dicts(def.dict) : undefined;
    node.enum = allowed.map((value) => {
      const label = dict?.items.find((item) => item.value === value)?.label;
      return { value: String(value), label: label ?? String(value) };
    });
  }
  if (
    typeof def.format === 'string' &&
    isKnownFormat(def.format, FORMATS) &&
    !pageFormats(node).includes(def.format)
  )
    node.format = def.format;
  // A rule the page repeats is added once (the checker asks to delete the page's copy).
  const present = new Set(
    (Array.isArray(node['x-validator']) ? node['x-validator'] : [node['x-validator']]).map((r: unknown) =>
      JSON.stringify(r),
    ),
  );
  const extra = modelValidators(def).filter((rule) => !present.has(JSON.stringify(rule)));
  if (extra.length > 0) {
    const own = node['x-validator'];
    node['x-validator'] = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), ...extra];
  }
}

/**
 * A copy of `properties` whose fields bound to `model` carry the model's rules.
 * @param dicts dictionaries for model fields that name one (their items become the options)
 */
export function applyModelRules(
  properties: FormilyProperties,
  model: ModelDefinition,
  dicts: DictLookup,
  page: PageContext = {},
): FormilyProperties {
  const copy = structuredClone(properties);
  walkFormily(copy, '', (visit) => {
    if (visit.isVoid) return;
    const bound = modelFieldAt(model, visit.path);
    if (bound) deriveNode(visit.node, bound, dicts, refOptionsPath(model.name, visit.path), page);
  });
  return copy;
}

/** A form page with the model's rules on its fields (other page kinds are returned as they are). */
export function withModelRules(schema: PageSchema, model: ModelDefinition, dicts: DictLookup): PageSchema {
  if (schema.page !== 'form') return schema;
  const form = { ...schema.form };
  const page = { product: schema.route.product };
  if (form.properties) form.properties = applyModelRules(form.properties, model, dicts, page);
  if (form.steps)
    form.steps = form.steps.map((step) => ({
      ...step,
      properties: applyModelRules(step.properties, model, dicts, page),
    }));
  return { ...schema, form };
}

/** A page rule that contradicts its model field: where and why. */
export interface RuleProblem {
  pointer: string;
  message: string;
}

/**
 * Page rules looser than (or different from) the model's on the fields of `properties` bound to
 * `model`: a bound longer/shorter than the model allows, `required: false` for a required field,
 * options the model does not allow (or options on a field the model leaves open), another format.
 */
export function modelRuleProblems(
  properties: FormilyProperties | undefined,
  pointer: string,
  model: ModelDefinition,
  dicts: DictLookup,
): RuleProblem[] {
  const problems: RuleProblem[] = [];
  walkFormily(properties, pointer, (visit) => {
    if (visit.isVoid) return;
    const bound = modelFieldAt(model, visit.path);
    if (!bound) return;
    const { node } = visit;
    const { def } = bound;
    const at = visit.pointer;
    const field = `模型 "${model.name}" 的字段 "${visit.path}"`;
    for (const [keyword, side] of BOUNDS) {
      const page = node[keyword];
      const limit = def[keyword];
      if (typeof page !== 'number' || typeof limit !== 'number') continue;
      if (side === 'min' ? page < limit : page > limit)
        problems.push({
          pointer: `${at}/${keyword}`,
          message: `页面规则 ${keyword}=${page} 比${field}（${keyword}=${limit}）更宽松：删除它（自动取自模型）或收紧`,
        });
    }
    const own = node['x-validator'];
    const validators: unknown[] = own === undefined ? [] : Array.isArray(own) ? own : [own];
    validators.forEach((rule, i) => {
      // The model's validators are added to every bound field: a copy on the page would run twice.
      const repeated = modelValidators(def).some(
        (m) => isObject(rule) && JSON.stringify(m) === JSON.stringify(rule),
      );
      if (repeated)
        problems.push({
          pointer: `${at}/x-validator${Array.isArray(own) ? `/${i}` : ''}`,
          message: `页面校验规则 ${JSON.stringify(rule)} 与${field}的规则相同：删除它（自动取自模型），否则同一条提示会出现两次`,
        });
    });
    if (node.required === false && bound.required)
      problems.push({
        pointer: `${at}/required`,
        message: `${field}为必填，页面不能写 required: false`,
      });
    if (Array.isArray(node.enum)) {
      const allowed = allowedValues(def, dicts);
      const values = enumValues(node.enum);
      if (!allowed)
        problems.push({
          pointer: `${at}/enum`,
          message: `${field}没有取值范围，页面的 enum 服务端不校验：在模型中声明 enum（或 dict）并删除页面的 enum`,
        });
      else {
        const extra = values.filter((v) => !allowed.includes(v));
        if (extra.length > 0)
          problems.push({
            pointer: `${at}/enum`,
            message: `页面 enum 含${field}不允许的取值：${extra.map(String).join(', ')}（允许：${allowed.map(String).join(', ')}）`,
          });
      }
    }
    // An enterprise picker of a field restricted to enterprises that opened a product (`opened`) offers
    // what the model's reference accepts: its options come from GET .../refs/{field}, never from another
    // list (which may offer what a save refuses, e.g. the core among a finance's institutions).
    const url = node['x-component-props']?.url;
    const refs = refOptionsPath(model.name, visit.path);
    if (
      def.ref === 'corp' &&
      def.opened !== undefined &&
      def.readOnly !== true &&
      node['x-component'] === 'RemoteSelect' &&
      url !== undefined &&
      url !== refs
    )
      problems.push({
        pointer: `${at}/x-component-props/url`,
        message: `${field}是企业引用，选项须取自模型声明的限制（${refs}）：删除 url（自动取自模型），不要用其他列表`,
      });
    const formats = pageFormats(node);
    if (typeof def.format === 'string' && isKnownFormat(def.format, FORMATS)) {
      const other = formats.find((f) => f !== def.format);
      if (other)
        problems.push({
          pointer: at,
          message: `页面校验格式 "${other}" 与${field}的格式 "${def.format}" 不同`,
        });
    }
  });
  return problems;
}

/**
 * The models a list page's dialog forms write (toolbar and row dialogs that save through the models
 * API, not an `api`): the action's `model`, else the page's.
 */
export function dialogModels(schema: PageSchema): string[] {
  if (schema.page !== 'list') return [];
  const names = new Set<string>();
  for (const action of [...(schema.list.toolbar ?? []), ...(schema.list.rowActions ?? [])]) {
    if (action.type !== 'dialog' || !action.form || action.form.api) continue;
    const name = action.model ?? schema.model;
    if (name) names.add(name);
  }
  return [...names];
}

/** A list page whose dialog forms carry the rules of the models they write (see {@link dialogModels}). */
export function withDialogModelRules(
  schema: PageSchema,
  models: ReadonlyMap<string, ModelDefinition>,
  dicts: DictLookup,
): PageSchema {
  if (schema.page !== 'list') return schema;
  const apply = (actions: ActionSchema[] | undefined): ActionSchema[] | undefined =>
    actions?.map((action) => {
      if (action.type !== 'dialog' || !action.form || action.form.api) return action;
      const model = models.get(action.model ?? schema.model ?? '');
      if (!model) return action;
      return {
        ...action,
        form: {
          ...action.form,
          properties: applyModelRules(action.form.properties, model, dicts, {
            product: schema.route.product,
          }),
        },
      };
    });
  const list = { ...schema.list };
  if (list.toolbar) list.toolbar = apply(list.toolbar)!;
  if (list.rowActions) list.rowActions = apply(list.rowActions)!;
  return { ...schema, list };
}
