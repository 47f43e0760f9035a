/**
 * A deterministic fake of the business API for the schema suite: records generated from the models
 * (`schemas/_models`), states from their dictionaries, fixed dates, no randomness — so a page renders
 * the same on every run and its snapshot changes only when the schema (or the renderer) does.
 */
import type { SchemaDirectory } from '@renderer/core/node';
import type { Dictionary, ModelDefinition, ModelField } from '@renderer/core';
import { LIST_SETTINGS_API } from '@renderer/core';
import type { RendererRequestOptions } from '@renderer/react';
import { DICTIONARY_API } from '@renderer/core';
import { BANK_BRANCHES, BANKS, type DictEntry, REGIONS } from '@server/dicts/dictionaryData';
import { AGREEMENT_BOOKS, type RealnameStatus } from '@contract/registration';
import { mayStartFaceCheck } from '@contract/roles';
import { API, pathOf } from '@contract/api';

/** The dictionary endpoints of remote selects, answered from the reference server's data. */
const DICTIONARIES: Record<string, readonly DictEntry[]> = {
  [DICTIONARY_API.regions]: REGIONS,
  [DICTIONARY_API.banks]: BANKS,
  [DICTIONARY_API.bankBranches]: BANK_BRANCHES,
};

const AMOUNTS = ['1234567.89', '99999999999999.98', '500000.00', '0.01'];
const DATES = ['2026-11-20', '2026-12-31', '2027-01-15', '2026-10-08'];

/** A record value for a model field, the `i`-th of its kind. */
function fakeValue(name: string, field: ModelField, i: number): unknown {
  if (Array.isArray(field.enum) && field.enum.length > 0) return field.enum[i % field.enum.length];
  switch (field.type) {
    case 'integer':
    case 'number':
      return name.toLowerCase().includes('size') ? 2048 * (i + 1) : i + 1;
    case 'boolean':
      return i % 2 === 0;
    case 'array': {
      const items = field.items as ModelField | undefined;
      if (items?.type === 'object' && items.properties) {
        return [0, 1].map((j) => fakeObject(items.properties as Record<string, ModelField>, i * 2 + j));
      }
      return [];
    }
    case 'object':
      return field.properties ? fakeObject(field.properties as Record<string, ModelField>, i) : {};
    default:
      if (field.format === 'amount' || field.format === 'money') return AMOUNTS[i % AMOUNTS.length];
      if (field.format === 'date') return DATES[i % DATES.length];
      if (field.format === 'date-time') return `${DATES[i % DATES.length]}T09:30:00+08:00`;
      if (name.endsWith('Id')) return `${name.slice(0, -2)}-${i + 1}`;
      if (name.endsWith('No') || name.endsWith('Nos'))
        return `${name.replace(/Nos?$/, '').toUpperCase()}-2026-${String(i + 1).padStart(4, '0')}`;
      return `${field.title ?? name}${i + 1}`;
  }
}

function fakeObject(fields: Record<string, ModelField>, i: number): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, fakeValue(name, field, i)]));
}

/** Options of {@link createFakeBackend}. */
export interface FakeBackend {
  request: <T>(options: RendererRequestOptions) => Promise<T>;
  /** Every call, as `METHOD url params` lines. */
  log: string[];
  /** Calls of paths the fake does not know. */
  unknown: string[];
}

/**
 * A fake backend over the models and dictionaries of a schema folder, answering as `role` (null: a
 * visitor): records say which transitions the role may run and whether it may edit them, as the server
 * does (by role and state; the enterprise is taken to be a party).
 */
export function createFakeBackend(directory: SchemaDirectory, role: string | null = null): FakeBackend {
  const allowed = (
    model: ModelDefinition | undefined,
    state: string,
  ): { actions?: string[]; editable?: boolean } => {
    if (!model || role === null) return {};
    const mayUpdate = model.update;
    return {
      actions: (model.transitions ?? [])
        .filter((t) => (t.from ?? []).includes(state) && (t.roles ?? []).includes(role))
        .map((t) => t.action),
      editable: Boolean(mayUpdate?.roles?.includes(role) && mayUpdate.states?.includes(state)),
    };
  };
  const models = directory.models ?? {};
  const dict = (name: string): Dictionary | undefined => directory.source.dict(name);
  const states = (model: ModelDefinition): string[] => {
    const ref = model.states as { $dict?: string } | undefined;
    return (ref?.$dict ? dict(ref.$dict)?.items.map((i) => String(i.value)) : undefined) ?? ['S0'];
  };
  const record = (modelName: string, i: number): Record<string, unknown> => {
    const model = models[modelName];
    const list = model ? states(model) : ['S0'];
    return {
      ...(model ? fakeObject(model.fields, i) : {}),
      id: `${modelName}-${i + 1}`,
      version: i + 1,
      status: list[i % list.length],
      ...allowed(model, list[i % list.length] ?? ''),
      createdAt: `${DATES[i % DATES.length]}T09:30:00+08:00`,
    };
  };
  const log: string[] = [];
  const unknown: string[] = [];

  const answer = (options: RendererRequestOptions): unknown => {
    const { method, url, params } = options;
    const records = /^\/biz\/v1\/models\/([^/]+)\/records$/.exec(url);
    const one = /^\/biz\/v1\/models\/([^/]+)\/records\/([^/]+)$/.exec(url);
    const action = /^\/biz\/v1\/models\/([^/]+)\/records\/([^/]+)\/actions\/([^/]+)$/.exec(url);
    const aggregates = /^\/biz\/v1\/models\/([^/]+)\/aggregates$/.exec(url);
    // The account centre's messages, exports and signed agreements are answered below with the rows their pages must show.
    if (
      records &&
      method === 'GET' &&
      !['message', 'smsMessage', 'exportJob', 'signedAgreement'].includes(records[1] ?? '')
    ) {
      const size = Math.min(Number(params?.size ?? 10), 3);
      const summed = typeof params?.summary === 'string' ? params.summary.split(',') : [];
      return {
        list: Array.from({ length: size }, (_, i) => record(records[1] ?? '', i)),
        pagecond: { count: 23, page: Number(params?.page ?? 1), size: Number(params?.size ?? 10) },
        ...(summed.length
          ? { summary: Object.fromEntries(summed.map((f, i) => [f, AMOUNTS[i % AMOUNTS.length]])) }
          : {}),
      };
    }
    // No saved list settings: the schema's own columns.
    if (url === LIST_SETTINGS_API && method === 'GET') return null;
    if (one && method === 'GET') {
      const name = one[1] ?? '';
      const childModel = (models[name]?.children?.model as string | undefined) ?? name;
      const [first, second] = states(models[name] ?? ({ fields: {} } as unknown as ModelDefinition));
      return {
        ...record(name, 0),
        id: one[2],
        audit: [
          {
            action: 'create',
            from: null,
            to: first,
            userName: '张建国',
            at: '2026-11-18T09:00:00+08:00',
            reason: null,
          },
          {
            action: 'submit',
            from: first,
            to: second ?? first,
            userName: '李主管',
            at: '2026-11-19T14:20:00+08:00',
            reason: '同意',
          },
        ],
        children: [record(childModel, 1), record(childModel, 2)],
      };
    }
    if (aggregates && method === 'GET') {
      const groupBy = String(params?.groupBy ?? '');
      const model = models[aggregates[1] ?? ''];
      const keys =
        groupBy === 'month'
          ? ['2026-09', '2026-10', '2026-11']
          : groupBy === 'counterparty'
            ? ['华建集团第一工程局有限公司', '华建建材供应有限公司']
            : model
              ? states(model).slice(0, 3)
              : ['A', 'B'];
      return {
        groups: keys.map((key, i) => ({ key, label: key, value: AMOUNTS[i % AMOUNTS.length], count: i + 1 })),
      };
    }
    if (records && method === 'POST') return { id: `${records[1]}-new`, version: 1 };
    if ((one && method === 'PUT') || (action && method === 'POST'))
      return { id: one?.[2] ?? action?.[2], version: 2 };
    if (/^\/biz\/v1\/models\/[^/]+\/refs\/[^/]+$/.test(url)) {
      const list = [
        { id: 'corp-2', name: '华建建材供应有限公司', code: '911100001000044477' },
        { id: 'corp-5', name: '华建一局第三项目部', code: '92510100MA6DF7Q307' },
      ];
      return { list, pagecond: { count: list.length, page: 1, size: Number(params?.size ?? 10) } };
    }
    // 产品文档 of a factoring variant (server/factoring/documentation.ts).
    if (url === pathOf(API.factoringDocumentation) && method === 'GET') {
      const variant = String(params?.variant ?? '');
      return ['contract', 'rules'].map((code) => ({
        id: `${variant}-${code}`,
        code,
        title: code === 'rules' ? '产品规则' : '国内商业保理合同（范本）',
        variant,
        variantName: '保理',
        format: 'PDF',
        version: 'V2026.1',
        date: '2026-01-01',
      }));
    }
    // 协议管理 (model signedAgreement): the agreements accepted at registration and those signed in the
    // products, as the page's two lists ask for them (kind).
    if (records?.[1] === 'signedAgreement' && method === 'GET') {
      const base = { version: 1, status: 'SIGNED', actions: [], signerName: '张建国' };
      const list =
        params?.kind === 'REGISTRATION'
          ? AGREEMENT_BOOKS.slice(0, 2).map((b, i) => ({
              ...base,
              id: `sa-${i + 1}`,
              kind: 'REGISTRATION',
              code: b.code,
              title: b.title,
              agreementVersion: b.version,
              signedAt: '2026-11-02T09:30:00+08:00',
              pdf: pathOf(API.protocolPdf, { id: `sa-${i + 1}` }),
              paragraphs: b.paragraphs.slice(0, 2),
            }))
          : [
              {
                ...base,
                id: 'sa-3',
                kind: 'PRODUCT',
                code: 'factoringDeliveryAgreement',
                title: '到货保理三方协议',
                agreementNo: 'XY20261102000001',
                product: 'factoring-delivery',
                signedAt: '2026-11-03T10:00:00+08:00',
                pdf: '/biz/v1/factoring/delivery/agreements/fda-1/pdf',
              },
            ];
      return { list, pagecond: { count: list.length, page: 1, size: 10 } };
    }
    // UKEY认证's binding check: the enterprise holds a CCB key, so the card number is asked for.
    if (url === pathOf(API.ukeyBindVerifyFunction) && method === 'GET') return true;
    // 供应链企业管理: the chain enterprises and units, a page of the whole count (server/plugins/corp.ts).
    if (url === pathOf(API.suppliers) && method === 'GET')
      return {
        list: [
          {
            id: 'SUP001',
            name: '华建建材供应有限公司',
            creditCode: '91310000MA1FL0XX01',
            corpType: 'CHAIN',
            registryStatus: 'NORMAL',
            products: ['abs', 'credit'],
          },
          {
            id: 'UNIT001',
            name: '华建一局第三项目部',
            creditCode: '92510100MA6DF7Q307',
            corpType: 'UNIT',
            registryStatus: 'CANCELLED',
            products: [],
          },
        ],
        pagecond: { count: 2, page: 1, size: 10 },
      };
    // The enterprise's real-name state (server/registration/realname.ts): the last face check failed, so
    // the page shows why and, to a role that may, the form to start another.
    if (url === pathOf(API.realnameStatus) && method === 'GET') {
      const status: RealnameStatus = {
        state: 'FAILED',
        corpName: '华建建材供应有限公司',
        legalName: '王五',
        legalIdCard: '1101**********4258',
        reason: '人脸与身份证照片比对不一致',
        checkId: null,
        h5Path: null,
        mayStart: mayStartFaceCheck(role),
        licenceLegalName: '王五',
      };
      return status;
    }
    // The people who may hold a new UKEY (server/ukey/keyRoutes.ts).
    if (url === pathOf(API.ukeyHolders) && method === 'GET') {
      return [
        { userId: 'user-1', personName: '张建国' },
        { userId: 'user-2', personName: '李主管' },
      ];
    }
    // The administrator's users and the roles it may give (server/plugins/users.ts): one enabled, one disabled.
    if (url === pathOf(API.users) && method === 'GET') {
      const list = [
        ['corp_manager', '王管理', 'ROLE_CORP_MANAGER', '企业管理员', 'ENABLED'],
        ['chain_buyer', '马晓东', 'ROLE_CORP_PURCHASE', '链属企业收货确认岗', 'DISABLED'],
      ].map(([userName, personName, roleCode, roleName, status], i) => ({
        id: `user-${i + 1}`,
        userName,
        personName,
        mobile: `1391111222${i}`,
        roles: [{ roleCode, roleName }],
        roleCodes: [roleCode],
        roleNames: roleName,
        status,
        createdAt: '2026-11-20 09:00:00',
      }));
      return { list, pagecond: { count: list.length, page: 1, size: 10 } };
    }
    if (url === pathOf(API.userRoleOptions) && method === 'GET')
      return [
        { roleCode: 'ROLE_CORP_OPERATOR', roleName: '链属企业经办岗' },
        { roleCode: 'ROLE_CORP_PURCHASE', roleName: '链属企业收货确认岗' },
      ];
    // The enterprise's keys (server/ukey/ukeyStore.ts listUkeys).
    if (url === pathOf(API.ukeys) && method === 'GET') {
      const list = ['CCB', 'ICBC'].map((bank, i) => ({
        id: String(i + 1),
        ukeyNo: `10J00000000${i + 1}`,
        certSerial: `5A3C00000000000${i + 1}`,
        bank,
        bankName: i === 0 ? '中国建设银行' : '中国工商银行',
        algorithm: i === 0 ? 'RSA' : 'SM2',
        notBefore: '2026-01-01T00:00:00.000Z',
        notAfter: '2028-01-01T00:00:00.000Z',
        status: i === 0 ? 'NORMAL' : 'EXPIRED',
        holderName: '张建国',
        kind: 'HARDWARE',
      }));
      return { list, pagecond: { count: list.length, page: 1, size: 10 } };
    }
    // The user's export jobs (model exportJob): a finished one and a failed one; none running, so the
    // download centre does not poll while its snapshot is taken.
    if (records?.[1] === 'exportJob' && method === 'GET') {
      const list = [
        { status: 'done', done: 6000, error: null },
        { status: 'failed', done: 1200, error: '导出失败，请重新导出' },
      ].map((job, i) => ({
        id: `job-${i + 1}`,
        version: 1,
        title: '终审岗首页',
        fileName: '终审岗首页.xlsx',
        total: 6000,
        createdAt: '2026-11-22 10:00:00',
        finishedAt: '2026-11-22 10:01:00',
        actions: job.status === 'failed' ? ['retry'] : [],
        ...job,
      }));
      return { list, pagecond: { count: list.length, page: 1, size: 50 } };
    }
    // The user's in-site mail (model message; the bell's server/plugins/messages.ts): an unread notice, a
    // to-do to act on, a to-do another user handled.
    if ((url === pathOf(API.messages) || records?.[1] === 'message') && method === 'GET') {
      const list = [
        { messageType: 'SYSTEM', status: 'UNREAD', link: null, handledAt: null },
        {
          messageType: 'BUSINESS',
          status: 'UNREAD',
          link: '/credit/core/issue/approve?id=1',
          handledAt: null,
        },
        {
          messageType: 'BUSINESS',
          status: 'HANDLED',
          link: '/credit/core/issue/approve?id=2',
          handledAt: '2026-11-22 11:00:00',
          handledByName: '李主管',
        },
      ].map((m, i) => ({
        id: `msg-${i + 1}`,
        version: 1,
        title: `消息${i + 1}`,
        content: `消息内容${i + 1}`,
        createdAt: '2026-11-22 10:00:00',
        handledByName: null,
        actions: m.status === 'UNREAD' ? ['read'] : [],
        ...m,
      }));
      return { list, pagecond: { count: list.length, page: 1, size: 10 } };
    }
    // SMS sent to the user's mobile (model smsMessage).
    if (records?.[1] === 'smsMessage' && method === 'GET') {
      const list = [
        { sendStatus: 'SENT', status: 'UNREAD' },
        { sendStatus: 'FAILED', status: 'READ' },
      ].map((m, i) => ({
        id: `sms-${i + 1}`,
        version: 1,
        mobile: '13800000001',
        content: `短信内容${i + 1}`,
        createdAt: '2026-11-22 10:00:00',
        actions: m.status === 'UNREAD' ? ['read'] : [],
        ...m,
      }));
      return { list, pagecond: { count: list.length, page: 1, size: 10 } };
    }
    const dictionary = DICTIONARIES[url];
    if (dictionary && method === 'GET') {
      // The reference server's own dictionary data, first page only.
      const parent = params?.parent ?? params?.bank;
      const list = dictionary
        .filter((e) => e.parent === (parent === undefined ? undefined : String(parent)))
        .map(({ code, name }) => ({ code, name }));
      const size = Number(params?.size ?? 20);
      return { list: list.slice(0, size), pagecond: { count: list.length, page: 1, size } };
    }
    unknown.push(`${method} ${url}`);
    return method === 'GET' ? { list: [], pagecond: { count: 0, page: 1, size: 10 } } : {};
  };

  const request = async <T>(options: RendererRequestOptions): Promise<T> => {
    const params = options.params
      ? ` ${JSON.stringify(Object.fromEntries(Object.entries(options.params).sort(([a], [b]) => a.localeCompare(b))))}`
      : '';
    log.push(`${options.method} ${options.url}${params}`);
    return answer(options) as T;
  };
  return { request, log, unknown };
}
