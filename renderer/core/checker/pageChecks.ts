/**
 * The checks beyond the meta-schema: names that must exist somewhere else (components, models,
 * fields, actions, roles, routes, functions, formats) and circular linkage. Each problem is
 * reported at the JSON pointer of the loaded schema; the caller maps it to the file it came from.
 */
import { endpointAt, type HttpMethod } from '@contract/api';
import { expandRoles } from '@contract/roles';
import { collectFunctionNames, compileExpression, isExpressionError } from '@renderer/core/expression';
import type { FunctionRegistry } from '@renderer/core/expression';
import { endpointNamed, modelRuleProblems, RECORD_META_FIELDS } from '@renderer/core/model';
import type { ModelDefinition } from '@renderer/core/model';
import { BUILTIN_COMPONENT_NAMES, escapePointerSegment, rendererFunctions } from '@renderer/core/schema';
import type {
  ActionSchema,
  ApiSource,
  ColumnSchema,
  DetailField,
  FormilyProperties,
  PageSchema,
  SectionSchema,
} from '@renderer/core/schema';
import { FORMATS, isKnownFormat } from '@renderer/core/validators';
import type { FormatRegistry } from '@renderer/core/validators';
import { collectExpressions, findLinkageCycles, formilyProblems, walkFormily } from './formilyTree';
import type { FormilyVisit } from './formilyTree';
import { checkComposite } from './compositeChecks';
import { checkStatistics } from './statisticsChecks';
import { expressionNameProblems } from './expressionChecks';
import { didYouMean } from './suggest';
import type { CheckContext } from './types';

/** A problem at a pointer of the loaded schema. */
export interface PageProblem {
  pointer: string;
  message: string;
  /**
   * Only for what the page writes itself: a shared action set (a `_fragments/` file) is offered by pages
   * of many roles and states, and the server's per-record `actions` hide what a user may not run there.
   */
  ownOnly?: true;
}

const PAGE_BODIES = ['list', 'form', 'approve', 'upload', 'detail', 'statistics', 'composite'] as const;

/** Formily's own rule names, allowed as `x-validator` strings besides the formats. */
const FORMILY_RULES = new Set([
  'required',
  'url',
  'email',
  'ipv6',
  'ipv4',
  'number',
  'integer',
  'idcard',
  'qq',
  'phone',
  'money',
  'zh',
  'date',
  'zip',
]);

/**
 * Who may open each route (expanded role codes; `null`: every visitor or every logged-in user), and the
 * roles of the page being checked: a link a role can see must lead to a page that role may open.
 */
export interface RouteAccess {
  targets: ReadonlyMap<string, ReadonlySet<string> | null>;
  pageRoles: ReadonlySet<string> | null;
}

/** The state values of a model (its `states` dictionary), when known. */
function statesOf(model: ModelDefinition | undefined, context: CheckContext): string[] | undefined {
  // Only the dictionary form: any other is the model's own problem (server/models/loadModels.ts).
  const states = model?.states;
  if (!states || Array.isArray(states)) return undefined;
  return context.source.dict(states.$dict)?.items.map((item) => String(item.value));
}

/** Runs every cross-reference check on one loaded page schema. */
export function checkPage(
  schema: PageSchema,
  routes: ReadonlySet<string>,
  context: CheckContext,
  access?: RouteAccess,
): PageProblem[] {
  const problems: PageProblem[] = [];
  const report = (pointer: string, message: string, ownOnly?: true): void => {
    problems.push({ pointer, message, ...(ownOnly ? { ownOnly } : {}) });
  };
  const functions: FunctionRegistry = context.functions ?? rendererFunctions;
  const formats: FormatRegistry = context.formats ?? FORMATS;
  const components = new Set<string>(context.components ?? BUILTIN_COMPONENT_NAMES);
  const roles = new Set(context.roles);
  const raw = schema as unknown as Record<string, unknown>;

  for (const body of PAGE_BODIES) {
    if (body !== schema.page && raw[body] !== undefined) {
      report(`/${body}`, `页面类型为 "${schema.page}"，不应有 "${body}" 块（应写在 "${schema.page}" 中）`);
    }
  }

  (schema.route.roles ?? []).forEach((role, i) => {
    // Role groups (`@…`) are expanded, and unknown ones reported, by the route reader.
    if (!roles.has(role) && !role.startsWith('@')) report(`/route/roles/${i}`, `未知角色 "${role}"`);
  });

  // Every endpoint a page calls (`api`: a list's, a part's, a dialog form's, a request button's) is a
  // descriptor of contract/api.ts, where its roles and signing are written once.
  walkApis(raw, '', (pointer, api, method) => {
    if (!endpointAt(method, api.url))
      report(`${pointer}/url`, `接口 ${method} ${api.url} 不在 API 约定中（contract/api.ts 需有它的描述）`);
  });

  // Models: unknown names are errors only once the models folder exists.
  let model: ModelDefinition | undefined;
  // A list that reads its rows from another endpoint (`list.api`) needs no model, nor does a composite
  // page made only of such lists, of forms sent to endpoints and of widget parts (the portal's own components).
  // So does a form sent to a hand-written endpoint (`form.submit`).
  const apiList =
    schema.page === 'list'
      ? (raw.list as { api?: unknown } | undefined)?.api !== undefined
      : schema.page === 'form'
        ? (raw.form as { submit?: unknown } | undefined)?.submit !== undefined
        : schema.page === 'composite' &&
          onlyApiLists((raw.composite as { parts?: unknown } | undefined)?.parts);
  if (schema.model === undefined) {
    if (!apiList) report('', '缺少 "model"：页面读取和操作的业务对象');
  } else if (context.models) {
    model = context.models[schema.model];
    if (!model) report('/model', `未知模型 "${schema.model}"（应为 schemas/_models/${schema.model}.json）`);
  }
  const modelOf = (name: string | undefined): ModelDefinition | undefined =>
    name === undefined || !context.models ? undefined : context.models[name];

  const checkField = (pointer: string, field: string, of: ModelDefinition | undefined = model): void => {
    if (!of) return;
    const head = field.split('.')[0] ?? field;
    if (!Object.prototype.hasOwnProperty.call(of.fields, head) && !RECORD_META_FIELDS.includes(head)) {
      report(pointer, `模型 "${of.name}" 中没有字段 "${head}"`);
    }
  };

  // `$record` is the page's record, except where a part acts on another one (an upload page's owner).
  let recordModel = model;
  const checkExpression = (pointer: string, source: string): void => {
    try {
      const compiled = compileExpression(source);
      for (const name of collectFunctionNames(compiled.ast)) {
        if (!functions.has(name) && !name.startsWith('$'))
          report(
            pointer,
            `表达式调用了未知函数 "${name}"${didYouMean(name, functions.names())}（可用：${functions.names().join(', ')}）`,
          );
      }
      const states = statesOf(recordModel, context);
      for (const message of expressionNameProblems(compiled.ast, { model: recordModel, states }))
        report(pointer, `${message}（${source.trim()}）`);
    } catch (error) {
      if (isExpressionError(error)) report(pointer, `表达式错误：${error.message}（${source}）`);
      else throw error;
    }
  };

  const checkRoute = (pointer: string, to: string, linkRoles?: readonly string[]): void => {
    const path = to.split(/[?#]/)[0] ?? to;
    // A `{field}` segment is filled from the record (`/{product}/core/index/query`): some page must match.
    if (path.includes('{')) {
      const pattern = new RegExp(
        `^${path
          .split(/\{[A-Za-z_][A-Za-z0-9_.]*\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^/]+')}$`,
      );
      const matches = [...routes].filter((route) => pattern.test(route));
      if (matches.length === 0) report(pointer, `没有页面与 "${path}" 匹配（{字段} 由记录填入）`);
      for (const route of matches) checkLinkRoles(pointer, route, linkRoles);
      return;
    }
    if (!routes.has(path)) {
      report(pointer, `未知页面 "${path}"（没有对应的 schemas${path}.json，也不是手写页面）`);
      return;
    }
    checkLinkRoles(pointer, path, linkRoles);
  };

  /** A link shown to roles its target page refuses is a dead end. */
  const checkLinkRoles = (pointer: string, path: string, linkRoles?: readonly string[]): void => {
    const target = access?.targets.get(path);
    if (!access?.pageRoles || !target) return;
    const shownTo = [...access.pageRoles].filter((r) => !linkRoles || linkRoles.includes(r));
    const refused = shownTo.filter((r) => !target.has(r));
    if (refused.length)
      report(
        pointer,
        `页面 "${path}" 不对角色 ${refused.join('、')} 开放，但该链接对其可见（在目标页面 route.roles 中加入这些角色，或给链接写 roles）`,
      );
  };

  const actionKeys = new Map<string, string>();
  const checkActions = (pointer: string, actions: ActionSchema[] | undefined, area: string): void => {
    (actions ?? []).forEach((action, i) => {
      const at = `${pointer}/${i}`;
      const key = `${area}.${action.key}`;
      if (actionKeys.has(key))
        report(`${at}/key`, `按钮名 "${action.key}" 重复（与 ${actionKeys.get(key)} 相同）`);
      actionKeys.set(key, at);
      if (action.visible) checkExpression(`${at}/visible`, action.visible);
      if (action.disabled) checkExpression(`${at}/disabled`, action.disabled);
      (action.roles ?? []).forEach((role, j) => {
        if (!roles.has(role)) report(`${at}/roles/${j}`, `未知角色 "${role}"`);
      });
      // A `{+field}` address is one the server gave the row (a to-do's 去处理 link), no page of ours.
      const given = (path: string): boolean => path.startsWith('{+');
      if (action.type === 'navigate' && !given(action.to)) checkRoute(`${at}/to`, action.to, action.roles);
      if (
        (action.type === 'action' || action.type === 'submit' || action.type === 'request') &&
        action.redirect &&
        !(action.type !== 'submit' && given(action.redirect))
      )
        checkRoute(`${at}/redirect`, action.redirect);
      const transition = (name: string, of: ModelDefinition | undefined, where: string): void => {
        if (!of) return;
        if (name === 'delete' && area === 'batch' && of.delete) {
          // The model's declarative delete (batch only): its roles bound the button's.
          const allowed = of.delete.roles ?? [];
          (action.roles ?? []).forEach((role, j) => {
            if (allowed.length > 0 && !allowed.includes(role))
              report(
                `${at}/roles/${j}`,
                `角色 "${role}" 不能删除模型 "${of.name}" 的记录（允许：${allowed.join(', ')}）`,
              );
          });
          return;
        }
        const found = (of.transitions ?? []).find((t) => t.action === name);
        if (!found) {
          const known = (of.transitions ?? []).map((t) => t.action);
          report(
            where,
            `模型 "${of.name}" 中没有操作 "${name}"${known.length ? `（已有：${[...new Set(known)].join(', ')}）` : ''}`,
          );
          return;
        }
        const steps = (of.transitions ?? []).filter((t) => t.action === name);
        // A transition the model signs is pressed on the UKEY sign button, which also sends the signature:
        // the action says `"sign": true` (its button is then UkeySignTrigger, renderer/react/parts/ActionButtons.tsx).
        const signs = (action as { sign?: boolean }).sign === true;
        if (steps.some((t) => t.sign) !== signs)
          report(
            `${at}/sign`,
            signs
              ? `模型 "${of.name}" 的操作 "${name}" 不需要UKEY签名：去掉 "sign": true`
              : `模型 "${of.name}" 的操作 "${name}" 需要UKEY签名：按钮需要 "sign": true（UKEY签名按钮）`,
          );
        // A button no role of the page may press is offered in vain (the model forbids it to them).
        // Role groups (`@operatorOrDirector`) spelled out as the engine does (server/models/compileModel.ts);
        // `@all`: any current role.
        const named = steps.flatMap((t) => t.roles ?? []);
        const expanded = expandRoles(named);
        const allowedRoles = named.includes('@all') ? [] : [...expanded.roles, ...expanded.unknown];
        const shownTo = access?.pageRoles
          ? [...access.pageRoles].filter((r) => !action.roles || action.roles.includes(r))
          : [];
        if (allowedRoles.length > 0 && shownTo.length > 0 && !shownTo.some((r) => allowedRoles.includes(r)))
          report(
            where,
            `页面的角色 ${shownTo.join('、')} 都不能执行模型 "${of.name}" 的操作 "${name}"（允许：${[...new Set(allowedRoles)].join(', ')}）：删除该按钮，或把页面开放给能执行它的角色`,
            true,
          );
        // A list fixed to some states (its `params`) offers only what can leave one of them.
        const fixed = schema.page === 'list' && of === model ? schema.list.params?.status : undefined;
        const fixedStates = fixed === undefined ? [] : (Array.isArray(fixed) ? fixed : [fixed]).map(String);
        const from = steps.flatMap((t) => t.from ?? []);
        if (fixedStates.length > 0 && from.length > 0 && !fixedStates.some((s) => from.includes(s)))
          report(
            where,
            `列表固定为状态 ${fixedStates.join('、')}，模型 "${of.name}" 的操作 "${name}" 只能从状态 ${[...new Set(from)].join('、')} 执行：该按钮永远不可用`,
            true,
          );
        (action.roles ?? []).forEach((role, j) => {
          const allowed = allowedRoles;
          if (allowed.length > 0 && !allowed.includes(role)) {
            report(
              `${at}/roles/${j}`,
              `角色 "${role}" 不能执行模型 "${of.name}" 的操作 "${name}"（允许：${allowed.join(', ')}）`,
            );
          }
        });
      };
      if (action.type === 'action') {
        if (action.model !== undefined && context.models && !modelOf(action.model))
          report(`${at}/model`, `未知模型 "${action.model}"`);
        transition(action.action, action.model !== undefined ? modelOf(action.model) : model, `${at}/action`);
      }
      if (action.type === 'submit' && action.then) transition(action.then, model, `${at}/then`);
      if (action.type === 'import') {
        const of = action.model !== undefined ? modelOf(action.model) : model;
        if (action.model !== undefined && context.models && !of)
          report(`${at}/model`, `未知模型 "${action.model}"`);
        if (of && !of.import) report(`${at}/type`, `模型 "${of.name}" 没有声明 import，不能批量导入`);
        for (const name of Object.keys(action.values ?? {}))
          if (of?.import && !(of.import.values ?? []).includes(name))
            report(
              `${at}/values/${escapePointerSegment(name)}`,
              `模型 "${of.name}" 的 import.values 中没有 "${name}"`,
            );
      }
      // A form sent to an endpoint signs before it is sent (its `submit.signature`, checked with the form).
      const toEndpoint = schema.page === 'form' && schema.form.submit !== undefined;
      if (action.type === 'submit' && action.sign && !action.then && !toEndpoint)
        report(`${at}/sign`, 'submit 的 sign 需要 then：签名随保存后执行的模型操作发送');
      if (action.type === 'dialog') {
        const of = action.model !== undefined ? modelOf(action.model) : model;
        if (action.model !== undefined && context.models && !of)
          report(`${at}/model`, `未知模型 "${action.model}"`);
        const { form: dialogForm, detail: dialogDetail } = action;
        if (dialogForm) {
          const visits: FormilyVisit[] = [];
          checkForm(`${at}/form/properties`, dialogForm.properties, !dialogForm.api, visits, of);
          checkCycles(`${at}/form`, visits);
          if (dialogForm.then) transition(dialogForm.then, of, `${at}/form/then`);
          for (const [name, source] of Object.entries(dialogForm.initialValues ?? {}))
            checkExpression(`${at}/form/initialValues/${escapePointerSegment(name)}`, source);
          checkApi(`${at}/form/api`, dialogForm.api);
        }
        if (dialogDetail) checkSections(`${at}/detail/sections`, dialogDetail.sections);
      }
    });
  };

  const checkApi = (pointer: string, api: ApiSource | undefined): void => {
    for (const [name, source] of Object.entries(api?.params ?? {}))
      checkExpression(`${pointer}/params/${escapePointerSegment(name)}`, source);
  };

  const checkDisplays = (
    pointer: string,
    items: Array<ColumnSchema | DetailField> | undefined,
    checkFields: boolean,
  ): void => {
    const seen = new Set<string>();
    (items ?? []).forEach((item, i) => {
      const at = `${pointer}/${i}`;
      // The same field may show twice in different formats (amount and its capital text).
      const key = `${item.field}|${item.format ?? ''}`;
      if (seen.has(key)) report(`${at}/field`, `字段 "${item.field}" 重复（同一字段以同一格式出现两次）`);
      seen.add(key);
      if (checkFields) checkField(`${at}/field`, item.field);
      const progress = 'progress' in item ? item.progress : undefined;
      if (checkFields && progress) {
        checkField(`${at}/progress/total`, progress.total);
        if (progress.status) checkField(`${at}/progress/status`, progress.status);
      }
      if (item.visible) checkExpression(`${at}/visible`, item.visible);
      if (item.format === 'dict' && !item.enum)
        report(`${at}/enum`, '格式为 dict 时需要 enum（通常为 {"$dict": "…"}）');
      const link = 'link' in item ? item.link : undefined;
      if (link?.type === 'navigate') checkRoute(`${at}/link/to`, link.to);
      if (link?.visible) checkExpression(`${at}/link/visible`, link.visible);
    });
  };

  function checkSections(pointer: string, sections: SectionSchema[]): void {
    const keys = new Set<string>();
    sections.forEach((section, i) => {
      const at = `${pointer}/${i}`;
      if (keys.has(section.key)) report(`${at}/key`, `分区名 "${section.key}" 重复`);
      keys.add(section.key);
      if (section.visible) checkExpression(`${at}/visible`, section.visible);
      if (!section.fields && !section.table) report(at, '分区应有 fields（字段）或 table（子表）');
      checkDisplays(`${at}/fields`, section.fields, true);
      if (section.table) {
        if (!section.table.source.startsWith('children.'))
          checkField(`${at}/table/source`, section.table.source);
        checkDisplays(`${at}/table/columns`, section.table.columns, false);
      }
    });
  }

  function checkForm(
    pointer: string,
    properties: FormilyProperties | undefined,
    fieldsOfModel: boolean,
    visits: FormilyVisit[],
    fieldModel: ModelDefinition | undefined = model,
  ): void {
    walkFormily(properties, pointer, (visit) => {
      visits.push(visit);
      const { node } = visit;
      for (const key of ['x-component', 'x-decorator'] as const) {
        const name = node[key];
        if (typeof name === 'string' && !components.has(name)) {
          report(`${visit.pointer}/${key}`, `未知组件 "${name}"（可用：${[...components].join(', ')}）`);
        }
      }
      if (fieldsOfModel && !visit.isVoid && visit.parentPath === '')
        checkField(visit.pointer, visit.name, fieldModel);
      if (typeof node.format === 'string' && !isKnownFormat(node.format, formats)) {
        report(
          `${visit.pointer}/format`,
          `未知校验格式 "${node.format}"（可用：${Object.keys(formats).join(', ')}）`,
        );
      }
      const validators = Array.isArray(node['x-validator'])
        ? node['x-validator']
        : node['x-validator'] === undefined
          ? []
          : [node['x-validator']];
      validators.forEach((rule: unknown, i) => {
        const at = `${visit.pointer}/x-validator${Array.isArray(node['x-validator']) ? `/${i}` : ''}`;
        const name =
          typeof rule === 'string'
            ? rule
            : rule && typeof rule === 'object'
              ? (rule as { format?: unknown }).format
              : undefined;
        if (
          typeof name === 'string' &&
          !isKnownFormat(name, formats) &&
          !FORMILY_RULES.has(name) &&
          !name.startsWith('{{')
        ) {
          report(at, `未知校验格式 "${name}"（可用：${Object.keys(formats).join(', ')}）`);
        }
      });
      for (const { source, pointer: at } of collectExpressions(node, visit.pointer)) {
        // Children are visited on their own; only this node's expressions are checked here.
        if (at.startsWith(`${visit.pointer}/properties/`) || at.startsWith(`${visit.pointer}/items/`))
          continue;
        checkExpression(at, source);
      }
      const of = node['x-component-props']?.of;
      if (node['x-component'] === 'CapitalAmount' && typeof of !== 'string') {
        report(`${visit.pointer}/x-component-props`, 'CapitalAmount 需要 "of"：显示哪个金额字段的大写');
      }
    });
  }

  function checkCycles(pointer: string, visits: FormilyVisit[]): void {
    for (const problem of formilyProblems(visits)) report(problem.pointer, problem.message);
    for (const cycle of findLinkageCycles(visits)) {
      const first = visits.find((v) => v.path === cycle[0]);
      report(first?.pointer ?? pointer, `循环联动：${cycle.join(' → ')}`);
    }
  }

  switch (schema.page) {
    case 'list': {
      const { list } = schema;
      const visits: FormilyVisit[] = [];
      // Rows read from another endpoint (`api`) have that endpoint's fields, not the model's.
      const ofModel = list.api ? undefined : model;
      checkForm('/list/query', list.query, !ofModel?.query?.filters && !list.api, visits, ofModel);
      checkCycles('/list/query', visits);
      checkDisplays('/list/columns', list.columns, !list.api);
      checkApi('/list/api', list.api);
      if (list.poll && !list.api) checkField('/list/poll/field', list.poll.field);
      const sortable = model?.query?.sort;
      list.columns.forEach((column, i) => {
        if (
          column.sortable &&
          model &&
          sortable &&
          column.field !== 'createdAt' &&
          !sortable.includes(column.field)
        ) {
          report(
            `/list/columns/${i}/sortable`,
            `模型 "${model.name}" 不支持按 "${column.field}" 排序（可排序：${sortable.join(', ')}）`,
          );
        }
      });
      const filters = ofModel?.query?.filters;
      for (const visit of visits) {
        if (visit.isVoid || visit.parentPath !== '' || !model || !filters) continue;
        if (!Object.prototype.hasOwnProperty.call(filters, visit.name)) {
          report(
            visit.pointer,
            `模型 "${model.name}" 不支持按 "${visit.name}" 查询（可查询：${Object.keys(filters).join(', ')}）`,
          );
        }
      }
      checkActions('/list/toolbar', list.toolbar, 'toolbar');
      checkActions('/list/rowActions', list.rowActions, 'row');
      checkActions('/list/batchActions', list.batchActions, 'batch');
      (list.batchActions ?? []).forEach((action, i) => {
        if (action.type !== 'action' && action.type !== 'export' && action.type !== 'request')
          report(
            `/list/batchActions/${i}/type`,
            '批量操作只能是 action（模型操作）、export（导出）或 request（以 $ids 发送勾选行的 id）',
          );
      });
      (list.summary ?? []).forEach((field, i) => {
        const def = model?.fields[field];
        if (model && !def) report(`/list/summary/${i}`, `模型 "${model.name}" 中没有字段 "${field}"`);
        else if (def && def.format !== 'money' && def.format !== 'amount')
          report(`/list/summary/${i}`, `只能合计金额字段，"${field}" 不是金额`);
      });
      if (list.expand) checkDisplays('/list/expand/fields', list.expand.fields, true);
      if (list.defaultSort) checkField('/list/defaultSort/field', list.defaultSort.field);
      for (const [name] of Object.entries(list.params ?? {}))
        checkField(`/list/params/${escapePointerSegment(name)}`, name);
      break;
    }
    case 'form': {
      const { form } = schema;
      const visits: FormilyVisit[] = [];
      if (form.properties && form.steps) report('/form', 'properties 和 steps 只能写一个');
      if (!form.properties && !form.steps) report('/form', '缺少 properties（字段）或 steps（分步）');
      checkForm('/form/properties', form.properties, true, visits);
      (form.steps ?? []).forEach((step, i) =>
        checkForm(`/form/steps/${i}/properties`, step.properties, true, visits),
      );
      const paths = new Map<string, string>();
      for (const visit of visits) {
        if (visit.isVoid) continue;
        const other = paths.get(visit.path);
        if (other !== undefined) report(visit.pointer, `字段 "${visit.path}" 重复（与 ${other} 相同）`);
        paths.set(visit.path, visit.pointer);
      }
      checkCycles('/form', visits);
      if (form.submit) {
        const endpoint = endpointNamed(form.submit.endpoint);
        if (!endpoint || endpoint.method === 'GET' || endpoint.method === 'DELETE')
          report(
            '/form/submit/endpoint',
            `未知接口 "${form.submit.endpoint}"（应为 contract/api.ts 中 POST/PUT 的接口名）`,
          );
        for (const key of ['encrypt', 'omit'] as const)
          (form.submit[key] ?? []).forEach((name, i) => {
            if (!paths.has(name)) report(`/form/submit/${key}/${i}`, `表单没有字段 "${name}"`);
          });
        const bank = form.submit.signature?.bank;
        if (bank !== undefined && !paths.has(bank))
          report('/form/submit/signature/bank', `表单没有字段 "${bank}"`);
        const signs = form.actions.some((a) => a.type === 'submit' && a.sign === true);
        if (signs !== Boolean(form.submit.signature))
          report(
            '/form/submit',
            signs
              ? '签名提交（"sign": true）缺少 signature（签名所认可的事项 scope）'
              : 'signature 只用于 "sign": true 的提交按钮',
          );
      }
      if (form.load) {
        const endpoint = endpointNamed(form.load.endpoint);
        if (!endpoint || endpoint.method !== 'GET')
          report(
            '/form/load/endpoint',
            `未知接口 "${form.load.endpoint}"（应为 contract/api.ts 中 GET 的接口名）`,
          );
        if (paths.has(form.load.as))
          report(
            '/form/load/as',
            `"${form.load.as}" 是表单的字段：读取的应答会覆盖用户填写的值，请换一个名称`,
          );
      }
      (form.keep?.fields ?? []).forEach((name, i) => {
        if (!paths.has(name)) report(`/form/keep/fields/${i}`, `表单没有字段 "${name}"`);
      });
      if (model) {
        const of = model;
        const dicts = (name: string): ReturnType<typeof context.source.dict> => context.source.dict(name);
        const rules = (pointer: string, properties: FormilyProperties | undefined): void => {
          for (const p of modelRuleProblems(properties, pointer, of, dicts)) report(p.pointer, p.message);
        };
        rules('/form/properties', form.properties);
        (form.steps ?? []).forEach((step, i) => rules(`/form/steps/${i}/properties`, step.properties));
      }
      checkActions('/form/actions', form.actions, 'form');
      if (!form.actions.some((a) => a.type === 'submit'))
        report('/form/actions', '至少应有一个 type 为 "submit" 的按钮');
      break;
    }
    case 'approve':
      checkSections('/approve/sections', schema.approve.sections);
      checkActions('/approve/actions', schema.approve.actions, 'approve');
      break;
    case 'detail':
      checkSections('/detail/sections', schema.detail.sections);
      checkActions('/detail/actions', schema.detail.actions, 'detail');
      break;
    case 'upload': {
      const { upload } = schema;
      const keys = new Set<string>();
      upload.slots.forEach((slot, i) => {
        if (keys.has(slot.key)) report(`/upload/slots/${i}/key`, `资料类别 "${slot.key}" 重复`);
        keys.add(slot.key);
      });
      checkField('/upload/categoryField', upload.categoryField ?? 'category');
      for (const [name, expression] of Object.entries(upload.values ?? {})) {
        const at = `/upload/values/${escapePointerSegment(name)}`;
        checkField(at, name);
        checkExpression(at, expression);
      }
      if (upload.owner && context.models && !modelOf(upload.owner.model))
        report('/upload/owner/model', `未知模型 "${upload.owner.model}"`);
      // Documents a parent locks in some of its states (children.lockedStates, ADR 0014): the page must load
      // that parent as its owner, whose `childrenLocked` hides the uploads the server then refuses.
      for (const parent of Object.values(context.models ?? {})) {
        const children = parent.children as { model?: string; lockedStates?: unknown } | undefined;
        if (!model || children?.model !== model.name || !Array.isArray(children.lockedStates)) continue;
        if (upload.owner?.model !== parent.name)
          report(
            '/upload/owner',
            `模型 "${model.name}" 的资料在 "${parent.name}" 的部分状态下锁定（children.lockedStates）：owner 应为 {"model": "${parent.name}"}，页面才能在锁定时隐藏上传、替换和删除`,
          );
      }
      if (
        upload.deleteAction &&
        model &&
        !(model.transitions ?? []).some((t) => t.action === upload.deleteAction)
      ) {
        report('/upload/deleteAction', `模型 "${model.name}" 中没有操作 "${upload.deleteAction}"`);
      }
      checkActions('/upload/documentActions', upload.documentActions, 'document');
      if (upload.owner) recordModel = modelOf(upload.owner.model);
      checkActions('/upload/actions', upload.actions, 'upload');
      recordModel = model;
      break;
    }
    case 'composite':
      checkComposite(schema, {
        checkPage: (sub) => checkPage(sub, routes, context, access),
        checkExpression,
        report,
        modelOf,
        modelsKnown: context.models !== undefined,
        components,
        checkRoute,
      });
      checkActions('/composite/actions', schema.composite.actions, 'composite');
      break;
    case 'statistics': {
      const visits: FormilyVisit[] = [];
      checkForm('/statistics/filters', schema.statistics.filters, false, visits);
      checkCycles('/statistics/filters', visits);
      checkStatistics(schema.statistics, model, {
        report,
        checkField: (pointer, field) => checkField(pointer, field),
      });
      break;
    }
  }
  return problems;
}

/**
 * Whether parts (and the parts of their containers) are all lists reading another endpoint (`list.api`) or
 * widget and result parts (which read no model).
 */
function onlyApiLists(parts: unknown): boolean {
  if (!Array.isArray(parts) || parts.length === 0) return false;
  return parts.every(
    (part: {
      type?: unknown;
      list?: { api?: unknown };
      form?: { submit?: unknown };
      parts?: unknown;
      items?: unknown;
    }) => {
      if (part.type === 'list') return part.list?.api !== undefined;
      // A form part sent to a hand-written endpoint (person info's 修改密码).
      if (part.type === 'form') return part.form?.submit !== undefined;
      // A registered component, or a result that shows the address and the session.
      if (part.type === 'widget' || part.type === 'result') return true;
      if (Array.isArray(part.items))
        return part.items.every((item: { parts?: unknown }) => onlyApiLists(item.parts));
      return part.parts !== undefined && onlyApiLists(part.parts);
    },
  );
}

/**
 * Each endpoint a page calls, with its method: an `api` source (`{url, method?}`) as written, else POST
 * for a `request` button (useActionRunner.tsx) and GET for any other (parts/dataSource.ts); a
 * RemoteSelect's options `url` (GET).
 */
function walkApis(
  node: unknown,
  pointer: string,
  visit: (pointer: string, api: { url: string }, method: HttpMethod) => void,
): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => walkApis(item, `${pointer}/${i}`, visit));
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const object = node as Record<string, unknown>;
  const api = object.api as { url?: unknown; method?: unknown } | undefined;
  if (api && typeof api === 'object' && typeof api.url === 'string') {
    const method = (api.method as HttpMethod | undefined) ?? (object.type === 'request' ? 'POST' : 'GET');
    visit(`${pointer}/api`, { url: api.url }, method);
  }
  // A RemoteSelect reads its options from `x-component-props.url` (renderer/react/widgets/RemoteSelect.tsx).
  const props = object['x-component-props'] as { url?: unknown } | undefined;
  if (object['x-component'] === 'RemoteSelect' && typeof props?.url === 'string')
    visit(`${pointer}/x-component-props`, { url: props.url }, 'GET');
  for (const [key, value] of Object.entries(object))
    if (key !== 'api') walkApis(value, `${pointer}/${escapePointerSegment(key)}`, visit);
}
