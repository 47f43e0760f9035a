import { describe, expect, it } from 'vitest';
import { checkSchemas, formatIssue } from '@renderer/core/checker';
import type { CheckContext, PageFile } from '@renderer/core/checker';
import type { ModelDefinition } from '@renderer/core/model';
import { BUILTIN_COMPONENT_NAMES } from '@renderer/core/schema';
import type { Dictionary } from '@renderer/core/schema';

const statusDict: Dictionary = {
  name: 'issueStatus',
  items: [
    { value: 'IS0', label: '待签发' },
    { value: 'IS1', label: '签发审核中' },
  ],
};
const issue: ModelDefinition = {
  name: 'creditIssue',
  fields: {
    issueNo: { type: 'string' },
    amount: { type: 'string', format: 'amount' },
    rate: { type: 'string' },
    supplierName: { type: 'string' },
  },
  states: { $dict: 'issueStatus' },
  transitions: [
    { action: 'approve', from: ['IS0'], to: 'IS1', roles: ['ROLE_CORE_DIRECTOR'], sign: true },
    { action: 'reject', from: ['IS0'], to: 'DIS', roles: ['ROLE_CORE_DIRECTOR'], reason: 'required' },
  ],
  query: { filters: { issueNo: 'contains', amount: 'range', status: 'in' }, sort: ['issueNo', 'amount'] },
};

const fragments: Record<string, unknown> = {
  '_fragments/cols.json': [
    { field: 'issueNo', title: '申请编号', sortable: true },
    { field: 'amount', title: '金额', format: 'money' },
  ],
};

function context(models: Record<string, ModelDefinition> | null = { creditIssue: issue }): CheckContext {
  return {
    source: {
      fragment: (path) => fragments[path],
      dict: (name) => (name === 'issueStatus' ? statusDict : undefined),
    },
    models,
    roles: ['ROLE_CORE_OPERATOR', 'ROLE_CORE_DIRECTOR'],
    extraRoutes: ['/error-page/403'],
  };
}

const listPage = (patch: Record<string, unknown> = {}): Record<string, unknown> => ({
  schemaVersion: 2,
  route: { path: '/credit/issues', title: '签发申请列表', roles: ['ROLE_CORE_DIRECTOR'] },
  page: 'list',
  model: 'creditIssue',
  list: {
    query: {
      issueNo: { type: 'string', title: '申请编号', 'x-decorator': 'FormItem', 'x-component': 'Input' },
    },
    columns: [
      { $ref: '_fragments/cols.json' },
      { field: 'status', title: '状态', enum: { $dict: 'issueStatus' } },
    ],
    rowActions: [
      {
        key: 'approve',
        label: '通过',
        type: 'action',
        action: 'approve',
        sign: true,
        visible: "$record.status === 'IS0'",
      },
      { key: 'detail', label: '详情', type: 'navigate', to: '/credit/issues?id={id}' },
    ],
    ...patch,
  },
});

const check = (pages: PageFile[], ctx: CheckContext = context()): string[] =>
  checkSchemas(pages, ctx).issues.map((i) => formatIssue(i));

describe('checkSchemas', () => {
  it('accepts a correct page', () => {
    expect(check([{ file: 'credit/issues.json', raw: listPage() }])).toEqual([]);
  });

  it('refuses a button the model forbids to every role of the page, or in every state the list shows', () => {
    const operators = listPage();
    (operators.route as Record<string, unknown>).roles = ['ROLE_CORE_OPERATOR'];
    expect(check([{ file: 'credit/issues.json', raw: operators }])).toEqual([
      'schemas/credit/issues.json#/list/rowActions/0/action: 页面的角色 ROLE_CORE_OPERATOR 都不能执行模型 "creditIssue" 的操作 "approve"（允许：ROLE_CORE_DIRECTOR）：删除该按钮，或把页面开放给能执行它的角色',
    ]);
    expect(check([{ file: 'credit/issues.json', raw: listPage({ params: { status: ['IS1'] } }) }])).toEqual([
      'schemas/credit/issues.json#/list/rowActions/0/action: 列表固定为状态 IS1，模型 "creditIssue" 的操作 "approve" 只能从状态 IS0 执行：该按钮永远不可用',
    ]);
    // A shared action set (fragment) is offered by pages of many roles; the server's per-record actions
    // hide what a role may not run, so only a page's own buttons are held to it.
    fragments['_fragments/actions.json'] = [
      { key: 'approve', label: '通过', type: 'action', action: 'approve', sign: true },
    ];
    const shared = listPage({ rowActions: [{ $ref: '_fragments/actions.json#/0' }] });
    (shared.route as Record<string, unknown>).roles = ['ROLE_CORE_OPERATOR'];
    expect(check([{ file: 'credit/issues.json', raw: shared }])).toEqual([]);
  });

  it('lets any role press a transition open to ["@all"], and takes a row\'s {+field} address as given', () => {
    const anyRole: ModelDefinition = {
      ...issue,
      transitions: [{ action: 'read', from: ['IS0'], to: 'IS1', roles: ['@all'] }],
    };
    const page = listPage({
      rowActions: [
        { key: 'read', label: '去处理', type: 'action', action: 'read', redirect: '{+link}' },
        { key: 'open', label: '去处理', type: 'navigate', to: '{+link}' },
      ],
    });
    (page.route as Record<string, unknown>).roles = ['ROLE_CORE_OPERATOR'];
    expect(check([{ file: 'credit/issues.json', raw: page }], context({ creditIssue: anyRole }))).toEqual([]);
    // A plain address must still be a page.
    const unknown = listPage({
      rowActions: [{ key: 'open', label: '打开', type: 'navigate', to: '/nowhere' }],
    });
    expect(check([{ file: 'credit/issues.json', raw: unknown }]).join()).toContain('/nowhere');
  });

  it('reports meta-schema problems with the pointer and what was expected', () => {
    const raw = listPage({ pageSize: 'ten', columns: [{ field: 'issueNo', titel: '编号' }] });
    (raw.route as Record<string, unknown>).product = 'loans';
    expect(check([{ file: 'credit/issues.json', raw }])).toEqual([
      'schemas/credit/issues.json#/list/columns/0: 缺少必填的键 "title"',
      'schemas/credit/issues.json#/list/columns/0/titel: 未知的键 "titel"，是否应为 "title"？',
      'schemas/credit/issues.json#/list/pageSize: 应为整数',
      'schemas/credit/issues.json#/route/product: 值 "loans" 不在允许范围内，应为以下之一："credit", "abs", "abcp", "factoring-forward", "factoring-delivery", "factoring-reverse", "factoring-joint", "assets-pool", "account"',
    ]);
  });

  it('reports unknown components, dictionaries, models, fields, actions, roles, routes and functions', () => {
    const raw = listPage({
      query: { issueNo: { type: 'string', 'x-decorator': 'FormItem', 'x-component': 'Inptu' } },
      columns: [
        { field: 'amountt', title: '金额' },
        { field: 'status', title: '状态', enum: { $dict: 'issueStatus' } },
      ],
      rowActions: [
        { key: 'sign', label: '签收', type: 'action', action: 'accept', roles: ['ROLE_CORE_BOSS'] },
        {
          key: 'ok',
          label: '通过',
          type: 'action',
          action: 'approve',
          sign: true,
          roles: ['ROLE_CORE_OPERATOR'],
          visible: 'isBlank($record.x)',
        },
        { key: 'go', label: '去', type: 'navigate', to: '/credit/nowhere?id={id}' },
      ],
    });
    expect(check([{ file: 'credit/issues.json', raw }])).toEqual([
      'schemas/credit/issues.json#/list/columns/0/field: 模型 "creditIssue" 中没有字段 "amountt"',
      `schemas/credit/issues.json#/list/query/issueNo/x-component: 未知组件 "Inptu"（可用：${BUILTIN_COMPONENT_NAMES.join(', ')}）`,
      'schemas/credit/issues.json#/list/rowActions/0/action: 模型 "creditIssue" 中没有操作 "accept"（已有：approve, reject）',
      'schemas/credit/issues.json#/list/rowActions/0/roles/0: 未知角色 "ROLE_CORE_BOSS"',
      'schemas/credit/issues.json#/list/rowActions/1/roles/0: 角色 "ROLE_CORE_OPERATOR" 不能执行模型 "creditIssue" 的操作 "approve"（允许：ROLE_CORE_DIRECTOR）',
      expect.stringMatching(
        /^schemas\/credit\/issues\.json#\/list\/rowActions\/1\/visible: 表达式调用了未知函数 "isBlank"/,
      ),
      'schemas/credit/issues.json#/list/rowActions/1/visible: 模型 "creditIssue" 中没有字段 "x"（$record.x），是否应为 "id"？（isBlank($record.x)）',
      'schemas/credit/issues.json#/list/rowActions/2/to: 未知页面 "/credit/nowhere"（没有对应的 schemas/credit/nowhere.json，也不是手写页面）',
    ]);
    const unknownDict = listPage({ columns: [{ field: 'status', title: '状态', enum: { $dict: 'nope' } }] });
    expect(check([{ file: 'credit/issues.json', raw: unknownDict }])).toEqual([
      'schemas/credit/issues.json#/list/columns/0/enum: 未知字典 "nope"（应为 schemas/_dicts/nope.json）',
    ]);
    expect(check([{ file: 'credit/issues.json', raw: { ...listPage(), model: 'creditIsue' } }])).toEqual([
      'schemas/credit/issues.json#/model: 未知模型 "creditIsue"（应为 schemas/_models/creditIsue.json）',
    ]);
  });

  it("checks a poll's field and a progress column's fields against the model, not those of another endpoint", () => {
    const raw = listPage({
      poll: { field: 'state', in: ['IS0'] },
      columns: [
        { field: 'amount', title: '进度', progress: { total: 'totl', status: 'status', success: ['IS1'] } },
      ],
    });
    expect(check([{ file: 'credit/issues.json', raw }])).toEqual([
      'schemas/credit/issues.json#/list/columns/0/progress/total: 模型 "creditIssue" 中没有字段 "totl"',
      'schemas/credit/issues.json#/list/poll/field: 模型 "creditIssue" 中没有字段 "state"',
    ]);
    const fromApi = listPage({
      api: { url: '/biz/v1/exports' },
      poll: { field: 'state', in: ['running'] },
      columns: [{ field: 'done', title: '进度', progress: { total: 'total', status: 'state' } }],
      rowActions: [
        {
          key: 'retry',
          label: '重新导出',
          type: 'request',
          api: { url: '/biz/v1/models/exportJob/records/{id}/actions/retry' },
        },
      ],
    });
    expect(check([{ file: 'credit/issues.json', raw: fromApi }])).toEqual([]);
  });

  it('needs "sign": true on the action of a transition the model signs, and only there (the UKEY sign button)', () => {
    const page = (sign: boolean | undefined, action: string) =>
      listPage({
        rowActions: [
          {
            key: 'go',
            label: '执行',
            type: 'action',
            action,
            roles: ['ROLE_CORE_DIRECTOR'],
            ...(sign === undefined ? {} : { sign }),
          },
        ],
      });
    (issue.transitions ?? []).push({
      action: 'remark',
      from: ['IS0'],
      to: 'IS0',
      roles: ['ROLE_CORE_DIRECTOR'],
    });
    try {
      expect(check([{ file: 'credit/issues.json', raw: page(true, 'approve') }])).toEqual([]);
      expect(check([{ file: 'credit/issues.json', raw: page(undefined, 'approve') }])).toEqual([
        'schemas/credit/issues.json#/list/rowActions/0/sign: 模型 "creditIssue" 的操作 "approve" 需要UKEY签名：按钮需要 "sign": true（UKEY签名按钮）',
      ]);
      expect(check([{ file: 'credit/issues.json', raw: page(true, 'remark') }])).toEqual([
        'schemas/credit/issues.json#/list/rowActions/0/sign: 模型 "creditIssue" 的操作 "remark" 不需要UKEY签名：去掉 "sign": true',
      ]);
    } finally {
      issue.transitions?.pop();
    }
  });

  it('names an api a page calls that has no descriptor in contract/api.ts, with its method', () => {
    const raw = listPage({
      api: { url: '/biz/v1/exprts' },
      columns: [{ field: 'done', title: '进度' }],
      toolbar: [
        { key: 'all', label: '全部已读', type: 'request', api: { url: '/corp/v1/sys/messages/read' } },
        { key: 'get', label: '读取', type: 'request', api: { url: '/corp/v1/sys/messages', method: 'GET' } },
      ],
      rowActions: [
        { key: 'retry', label: '重新导出', type: 'request', api: { url: '/biz/v1/exports/{id}' } },
      ],
      batchActions: [
        {
          key: 'read',
          label: '标记已读',
          type: 'request',
          api: { url: '/corp/v1/sys/messages', params: { ids: '$ids' } },
        },
      ],
    });
    expect(check([{ file: 'credit/issues.json', raw }])).toEqual([
      'schemas/credit/issues.json#/list/api/url: 接口 GET /biz/v1/exprts 不在 API 约定中（contract/api.ts 需有它的描述）',
      'schemas/credit/issues.json#/list/batchActions/0/api/url: 接口 POST /corp/v1/sys/messages 不在 API 约定中（contract/api.ts 需有它的描述）',
      'schemas/credit/issues.json#/list/rowActions/0/api/url: 接口 POST /biz/v1/exports/{id} 不在 API 约定中（contract/api.ts 需有它的描述）',
    ]);
  });

  it('accepts a batch delete only on a model that declares delete, for its roles', () => {
    const remove = (roles: string[]) =>
      listPage({
        batchActions: [{ key: 'delete', label: '批量删除', type: 'action', action: 'delete', roles }],
      });
    expect(check([{ file: 'credit/issues.json', raw: remove(['ROLE_CORE_OPERATOR']) }])).toEqual([
      'schemas/credit/issues.json#/list/batchActions/0/action: 模型 "creditIssue" 中没有操作 "delete"（已有：approve, reject）',
    ]);
    const deletable = { ...issue, delete: { roles: ['ROLE_CORE_OPERATOR'], states: ['IS0'] } };
    expect(
      check(
        [{ file: 'credit/issues.json', raw: remove(['ROLE_CORE_OPERATOR', 'ROLE_CORE_DIRECTOR']) }],
        context({ creditIssue: deletable }),
      ),
    ).toEqual([
      'schemas/credit/issues.json#/list/batchActions/0/roles/1: 角色 "ROLE_CORE_DIRECTOR" 不能删除模型 "creditIssue" 的记录（允许：ROLE_CORE_OPERATOR）',
    ]);
  });

  it('checks model names only once the models folder exists', () => {
    expect(
      check([{ file: 'credit/issues.json', raw: { ...listPage(), model: 'notYetWritten' } }], context(null)),
    ).toEqual([]);
  });

  it('needs a model, except on a list that reads its rows from another endpoint (list.api)', () => {
    const docs = { columns: [{ field: 'title', title: '文档名称' }] };
    const noModel: Record<string, unknown> = { ...listPage(), list: docs };
    delete noModel.model;
    expect(check([{ file: 'credit/issues.json', raw: noModel }])).toEqual([
      'schemas/credit/issues.json#: 缺少 "model"：页面读取和操作的业务对象',
    ]);
    const api = { ...noModel, list: { ...docs, api: { url: '/biz/v1/exports' } } };
    expect(check([{ file: 'credit/issues.json', raw: api }])).toEqual([]);
    // A composite page of such lists (in cards) needs none either; one model list among them does.
    const { list: _list, page: _page, ...route } = noModel;
    const apiPart = (key: string): Record<string, unknown> => ({
      key,
      type: 'list',
      list: { ...docs, api: { url: key === 'a' ? '/biz/v1/exports' : '/corp/v1/corps/suppliers' } },
    });
    const composite = (parts: unknown[]): Record<string, unknown> => ({
      ...route,
      page: 'composite',
      composite: { parts: [{ key: 'card', type: 'card', parts }] },
    });
    expect(check([{ file: 'credit/issues.json', raw: composite([apiPart('a'), apiPart('b')]) }])).toEqual([]);
    // A widget part (a registered portal component) reads no model either (the UKEY list page).
    const widget = { key: 'w', type: 'widget', component: 'UkeyTestSign' };
    expect(
      check([{ file: 'credit/issues.json', raw: composite([apiPart('a'), widget]) }]).filter((p) =>
        p.includes('缺少 "model"'),
      ),
    ).toEqual([]);
    expect(
      check([
        {
          file: 'credit/issues.json',
          raw: composite([apiPart('a'), { key: 'b', type: 'list', list: docs }]),
        },
      ]),
    ).toEqual([
      'schemas/credit/issues.json#: 缺少 "model"：页面读取和操作的业务对象',
      'schemas/credit/issues.json#/composite/parts/0/parts/1: 缺少 "model"：页面读取和操作的业务对象',
    ]);
  });

  it('a form sent to a contract endpoint needs no model; the endpoint and the fields it names must exist', () => {
    const field = { type: 'string', title: '用户名', 'x-decorator': 'FormItem', 'x-component': 'Input' };
    const form = (submit: unknown, keep?: unknown): Record<string, unknown> => ({
      schemaVersion: 2,
      route: { path: '/credit/issues', title: '重置密码', roles: ['ROLE_CORE_DIRECTOR'] },
      page: 'form',
      form: {
        submit,
        ...(keep ? { keep } : {}),
        properties: { username: field, password: { ...field, title: '新密码' } },
        actions: [{ key: 'submit', type: 'submit', label: '提交' }],
      },
    });
    expect(
      check([
        { file: 'credit/issues.json', raw: form({ endpoint: 'passwordReset', encrypt: ['password'] }) },
      ]),
    ).toEqual([]);
    expect(
      check([
        {
          file: 'credit/issues.json',
          raw: form(
            { endpoint: 'passwordKey', encrypt: ['pasword'], omit: ['username'] },
            { as: 'reset', fields: ['usrname'] },
          ),
        },
      ]),
    ).toEqual([
      'schemas/credit/issues.json#/form/keep/fields/0: 表单没有字段 "usrname"',
      'schemas/credit/issues.json#/form/submit/encrypt/0: 表单没有字段 "pasword"',
      'schemas/credit/issues.json#/form/submit/endpoint: 未知接口 "passwordKey"（应为 contract/api.ts 中 POST/PUT 的接口名）',
    ]);
  });

  it('a form that signs before it is sent says what it signs; what it loads is a GET endpoint', () => {
    const field = { type: 'string', title: '颁发银行', 'x-decorator': 'FormItem', 'x-component': 'Input' };
    const form = (extra: Record<string, unknown>, sign: boolean): Record<string, unknown> => ({
      schemaVersion: 2,
      route: { path: '/credit/issues', title: 'UKEY认证', roles: ['ROLE_CORE_DIRECTOR'] },
      page: 'form',
      form: {
        ...extra,
        properties: { ukeyBank: field },
        actions: [{ key: 'submit', type: 'submit', label: 'UKEY认证', ...(sign ? { sign: true } : {}) }],
      },
    });
    const good = {
      load: { endpoint: 'ukeyBindVerifyFunction', as: 'ccbBound' },
      submit: { endpoint: 'ukeyVerifySign', signature: { scope: 'identify/ukey', bank: 'ukeyBank' } },
    };
    expect(check([{ file: 'credit/issues.json', raw: form(good, true) }])).toEqual([]);
    const problems = (extra: Record<string, unknown>, sign: boolean): string[] =>
      check([{ file: 'credit/issues.json', raw: form(extra, sign) }]).map((line) =>
        line.replace(/^schemas\/credit\/issues\.json#/, ''),
      );
    expect(
      problems(
        {
          load: { endpoint: 'ukeyVerifySign', as: 'ccbBound' },
          submit: { endpoint: 'ukeyVerifySign', signature: { scope: 'identify/ukey', bank: 'bank' } },
        },
        true,
      ),
    ).toEqual([
      '/form/load/endpoint: 未知接口 "ukeyVerifySign"（应为 contract/api.ts 中 GET 的接口名）',
      '/form/submit/signature/bank: 表单没有字段 "bank"',
    ]);
    expect(problems({ ...good, load: { endpoint: 'ukeyBindVerifyFunction', as: 'ukeyBank' } }, true)).toEqual(
      ['/form/load/as: "ukeyBank" 是表单的字段：读取的应答会覆盖用户填写的值，请换一个名称'],
    );
    expect(problems({ submit: { endpoint: 'ukeyVerifySign' } }, true)).toEqual([
      '/form/submit: 签名提交（"sign": true）缺少 signature（签名所认可的事项 scope）',
    ]);
    expect(problems(good, false)).toEqual(['/form/submit: signature 只用于 "sign": true 的提交按钮']);
  });

  it('reports a problem inside a fragment at the fragment, naming the page that uses it', () => {
    fragments['_fragments/bad.json'] = [{ field: 'issueNo', title: '编号', sortable: 'yes' }];
    const raw = listPage({ columns: [{ $ref: '_fragments/bad.json' }] });
    expect(check([{ file: 'credit/issues.json', raw }])).toEqual([
      'schemas/_fragments/bad.json#/0/sortable: 应为布尔值（true/false）（由 schemas/credit/issues.json 引用）',
    ]);
  });

  it('finds circular linkage between fields, and syntax errors in expressions', () => {
    const raw = {
      schemaVersion: 2,
      route: { path: '/credit/apply', title: '申请', roles: ['ROLE_CORE_OPERATOR'] },
      page: 'form',
      model: 'creditIssue',
      form: {
        properties: {
          amount: {
            type: 'string',
            'x-component': 'AmountInput',
            'x-reactions': { dependencies: ['rate'], fulfill: { state: { value: '{{$deps[0]}}' } } },
          },
          rate: { type: 'string', 'x-component': 'Input', 'x-visible': '{{notEmpty($values.supplierName)}}' },
          supplierName: {
            type: 'string',
            'x-component': 'Input',
            'x-reactions': { fulfill: { state: { value: '{{$values.amount}}' } } },
          },
          issueNo: { type: 'string', 'x-component': 'Input', 'x-disabled': '{{$values.amount >}}' },
        },
        actions: [{ key: 'submit', label: '提交', type: 'submit' }],
      },
    };
    const issues = check([{ file: 'credit/apply.json', raw }]);
    expect(issues).toContain(
      'schemas/credit/apply.json#/form/properties/amount: 循环联动：amount → rate → supplierName → amount',
    );
    expect(issues).toContainEqual(
      expect.stringMatching(
        /^schemas\/credit\/apply\.json#\/form\/properties\/issueNo\/x-disabled: 表达式错误：表达式语法错误/,
      ),
    );
    expect(issues).toHaveLength(2);
  });

  it('checks statistics against the model aggregates', () => {
    const model: ModelDefinition = {
      ...issue,
      aggregates: { groupBy: { month: {}, status: {} }, measures: ['amount'] },
    };
    const raw = {
      schemaVersion: 2,
      route: { path: '/credit/stats', title: '统计', roles: ['ROLE_CORE_OPERATOR'] },
      page: 'statistics',
      model: 'creditIssue',
      statistics: {
        figures: [
          { key: 'total', title: '金额', measure: 'amount', groupBy: 'status' },
          { key: 'n', title: '笔数', measure: 'count' },
        ],
        charts: [
          { key: 'byMonth', title: '按月', type: 'bar', groupBy: 'week', measure: 'amount' },
          { key: 'n', title: '按状态', type: 'pie', groupBy: 'status', measure: 'rate' },
        ],
      },
    };
    expect(check([{ file: 'credit/stats.json', raw }], context({ creditIssue: model }))).toEqual([
      'schemas/credit/stats.json#/statistics/charts/0/groupBy: 模型 "creditIssue" 中没有分组 "week"（可用：month, status）',
      'schemas/credit/stats.json#/statistics/charts/1/key: 名称 "n" 重复',
      'schemas/credit/stats.json#/statistics/charts/1/measure: 模型 "creditIssue" 不能对 "rate" 求和（可用：count, amount）',
    ]);
  });

  it('reports duplicate routes across files and a route that does not match its file', () => {
    const one = listPage();
    const two = listPage();
    expect(
      check([
        { file: 'credit/issues.json', raw: one },
        { file: 'credit/other.json', raw: two },
      ]),
    ).toEqual([
      'schemas/credit/other.json#/route/path: route.path "/credit/issues" 与文件路径不符（应为 /credit/other）',
      'schemas/credit/other.json#/route/path: route.path "/credit/issues" 与 credit/issues.json 重复',
    ]);
  });
});

describe('checkSchemas on composite pages (renderer v2)', () => {
  const composite = (parts: unknown[]): Record<string, unknown> => ({
    schemaVersion: 2,
    route: { path: '/credit/overview', title: '组合页面', roles: ['ROLE_CORE_DIRECTOR'] },
    page: 'composite',
    model: 'creditIssue',
    composite: { record: {}, parts },
  });

  it('checks each part as a page of its kind and reports the problem under the part', () => {
    const raw = composite([
      {
        key: 'tabs',
        type: 'tabs',
        items: [
          {
            key: 'one',
            title: '列表',
            parts: [
              {
                key: 'issues',
                type: 'list',
                filter: { supplierName: '$record.supplierName', nope: '$record.id' },
                list: {
                  columns: [{ field: 'amountt', title: '金额' }],
                  rowActions: [
                    {
                      key: 'edit',
                      type: 'dialog',
                      label: '修改',
                      form: {
                        mode: 'edit',
                        properties: { ratee: { type: 'string', 'x-component': 'Cascader' } },
                        then: 'accept',
                      },
                    },
                  ],
                },
              },
            ],
          },
          { key: 'one', title: '重复', parts: [{ key: 'issues', type: 'card', parts: [] }] },
        ],
      },
      {
        key: 'banks',
        type: 'list',
        list: { api: { url: '/v1/dicts/banks' }, columns: [{ field: 'anything', title: '随便' }] },
      },
    ]);
    expect(check([{ file: 'credit/overview.json', raw }])).toEqual([
      'schemas/credit/overview.json#/composite/parts/0/items/0/parts/0/filter/nope: 模型 "creditIssue" 不支持按 "nope" 查询（可查询：issueNo, amount, status）',
      'schemas/credit/overview.json#/composite/parts/0/items/0/parts/0/filter/supplierName: 模型 "creditIssue" 不支持按 "supplierName" 查询（可查询：issueNo, amount, status）',
      'schemas/credit/overview.json#/composite/parts/0/items/0/parts/0/list/columns/0/field: 模型 "creditIssue" 中没有字段 "amountt"',
      'schemas/credit/overview.json#/composite/parts/0/items/0/parts/0/list/rowActions/0/form/properties/ratee: 模型 "creditIssue" 中没有字段 "ratee"',
      'schemas/credit/overview.json#/composite/parts/0/items/0/parts/0/list/rowActions/0/form/then: 模型 "creditIssue" 中没有操作 "accept"（已有：approve, reject）',
      'schemas/credit/overview.json#/composite/parts/0/items/1/key: 名称 "one" 重复（与 /composite/parts/0/items/0 相同）',
      'schemas/credit/overview.json#/composite/parts/0/items/1/parts/0/key: 部件名 "issues" 重复（与 /composite/parts/0/items/0/parts/0 相同）',
      'schemas/credit/overview.json#/composite/parts/0/items/1/parts/0/parts: 至少应有 1 项',
    ]);
  });

  it('a result part needs no model; its values are checked expressions and its value names unique', () => {
    const result = (lines: unknown[]): Record<string, unknown> => ({
      schemaVersion: 2,
      route: { path: '/credit/done', title: '结果', public: true },
      page: 'composite',
      composite: { parts: [{ key: 'done', type: 'result', title: '完成', lines }] },
    });
    expect(
      check([
        {
          file: 'credit/done.json',
          raw: result([{ key: 'name', label: '用户名', value: '$query.username' }, { text: '请登录。' }]),
        },
      ]),
    ).toEqual([]);
    expect(
      check([
        {
          file: 'credit/done.json',
          raw: result([
            { key: 'name', label: '用户名', value: '$qeury.username' },
            { key: 'name', label: '企业', value: '$query.enterprise' },
            { label: '没有名称', value: '$query.x' },
          ]),
        },
      ]).map((p) => p.replace(/（可用.*/, '')),
    ).toEqual([
      'schemas/credit/done.json#/composite/parts/0/lines/0/value: 未知的名称 "$qeury"，是否应为 "$query"？',
      'schemas/credit/done.json#/composite/parts/0/lines/1/key: 名称 "name" 重复（与 /composite/parts/0/lines/0 相同）',
      'schemas/credit/done.json#/composite/parts/0/lines/2: 缺少必填的键 "key"',
    ]);
  });

  it("a result line's link goes to a known page, from words in brackets", () => {
    const notice = (line: Record<string, unknown>): Record<string, unknown> => ({
      schemaVersion: 2,
      route: { path: '/credit/done', title: '结果', public: true },
      page: 'composite',
      composite: { parts: [{ key: 'notice', type: 'result', alert: true, status: 'info', lines: [line] }] },
    });
    expect(
      check([{ file: 'credit/done.json', raw: notice({ text: '去[登录]。', to: '/credit/done' }) }]),
    ).toEqual([]);
    expect(
      check([{ file: 'credit/done.json', raw: notice({ text: '去登录。', to: '/credit/nowhere' }) }]),
    ).toEqual([
      'schemas/credit/done.json#/composite/parts/0/lines/0/text: 写了 to，文字中须有 [ ] 括起的链接文字',
      'schemas/credit/done.json#/composite/parts/0/lines/0/to: 未知页面 "/credit/nowhere"（没有对应的 schemas/credit/nowhere.json，也不是手写页面）',
    ]);
  });
});
