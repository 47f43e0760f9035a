import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumMoney } from '@renderer/core/format';
import { buildApp } from '@server/app';
import { loadModels, ModelLoadError } from '@server/models';
import { fillMonths } from '@server/models/aggregates';
import { productEffects } from '@server/products';
import { API, as, body, type Json, modelsServer, type ModelsTestServer } from './modelsHelpers';
import { copySchemaTree } from '@renderer/core/node';

let s: ModelsTestServer;
beforeAll(async () => {
  s = await modelsServer();
});
afterAll(async () => {
  await s.close();
});

describe('aggregates', () => {
  it('sums real amounts per month and per counterparty', async () => {
    const core = await as(s.app, 'core_query');
    const res = body(
      await core.call('GET', `${API}/creditVoucher/aggregates`, {
        query: { groupBy: 'month', measure: 'amount' },
      }),
    );
    expect(res.code).toBe('0');
    const rows = (
      await s.db.query<{ amount: string }>(
        "select amount::text as amount from credit_voucher where visible_corps @> array['CORE001']",
      )
    ).rows;
    expect(res.data.total).toBe(sumMoney(rows.map((r) => r.amount)));
    expect(sumMoney(res.data.groups.map((g: { value: string }) => g.value))).toBe(res.data.total);
    for (const g of res.data.groups) expect(g.key).toMatch(/^\d{4}-\d{2}$/);

    const chain = await as(s.app, 'chain_query');
    const cp = body(
      await chain.call('GET', `${API}/creditVoucher/aggregate`, {
        query: { groupBy: 'counterparty', measure: 'sum:amount', status: 'ISD' },
      }),
    ).data;
    expect(cp.groups.map((g: { label: string }) => g.label)).toContain('华建集团第一工程局有限公司');
    const counted = body(
      await chain.call('GET', `${API}/creditIssue/aggregates`, {
        query: { groupBy: 'status', measure: 'count' },
      }),
    ).data;
    expect(counted.groups.find((g: { key: string }) => g.key === 'IS2')).toMatchObject({
      label: '供应商待签收',
    });
    expect(
      body(await chain.call('GET', `${API}/creditVoucher/aggregates`, { query: { measure: 'remark' } })).code,
    ).toBe('SCF.AGGREGATE_INVALID');
  });
});

describe('monthly aggregates', () => {
  it('answers every month between the first and the last, an empty month as zero', () => {
    const groups = [
      { key: '2026-11', label: '2026-11', value: '5.00', count: 1 },
      { key: '2027-02', label: '2027-02', value: '7.50', count: 2 },
      { key: '', label: '—', value: '1.00', count: 1 },
    ];
    fillMonths(groups, '0.00');
    expect(groups.map((g) => [g.key, g.value, g.count])).toEqual([
      ['2026-11', '5.00', 1],
      ['2026-12', '0.00', 0],
      ['2027-01', '0.00', 0],
      ['2027-02', '7.50', 2],
      ['', '1.00', 1],
    ]);
  });

  it('has no gap between months in the served answer', async () => {
    const core = await as(s.app, 'core_query');
    const { groups } = body(
      await core.call('GET', `${API}/creditVoucher/aggregates`, {
        query: { groupBy: 'month', measure: 'count' },
      }),
    ).data as { groups: Array<{ key: string }> };
    const months = groups.map((g) => g.key).filter((k) => k !== '');
    expect(months.length).toBeGreaterThan(1);
    for (let i = 1; i < months.length; i += 1) {
      const [y, m] = months[i - 1]!.split('-').map(Number) as [number, number];
      expect(months[i]).toBe(m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`);
    }
  });
});

describe('model files are checked at start', () => {
  function brokenSchemas(edit: (model: Record<string, Json>) => void): string {
    const dir = mkdtempSync(join(tmpdir(), 'scf-schemas-'));
    copySchemaTree(join(process.cwd(), 'schemas'), dir);
    const file = join(dir, '_models', 'creditIssue.json');
    const model = JSON.parse(readFileSync(file, 'utf8'));
    edit(model);
    writeFileSync(file, JSON.stringify(model));
    return dir;
  }

  it.each([
    [
      'an unknown effect',
      (m: Json) => (m.transitions[1].effects = ['limit.explode']),
      '_models/creditIssue.json#/transitions/1/effects/0: 未知效果 "limit.explode"',
    ],
    [
      'an unknown state',
      (m: Json) => (m.transitions[0].to = 'XX9'),
      '_models/creditIssue.json#/transitions/0/to: 未知状态 "XX9"',
    ],
    [
      'an unknown role',
      (m: Json) => (m.create.roles = ['ROLE_NOBODY']),
      '_models/creditIssue.json#/create/roles/0: 未知角色 "ROLE_NOBODY"',
    ],
    [
      'a keyword typo',
      (m: Json) => (m.fields.amount.formt = 'money'),
      '_models/creditIssue.json#/fields/amount/formt: 未知的键 "formt"，是否应为 "format"？',
    ],
    [
      'an unknown party field',
      (m: Json) => (m.transitions[0].party = 'nobody'),
      '_models/creditIssue.json#/transitions/0/party: 没有字段 "nobody"',
    ],
    [
      'a field permission on an unknown field',
      (m: Json) => (m.fieldAccess = { amountt: { hidden: ['ROLE_CORE_QUERY'] } }),
      '_models/creditIssue.json#/fieldAccess/amountt: 没有字段 "amountt"',
    ],
    [
      'a field permission in an unknown state',
      (m: Json) =>
        (m.fieldAccess = { remark: { write: { roles: ['ROLE_CORE_OPERATOR'], states: ['XX9'] } } }),
      '_models/creditIssue.json#/fieldAccess/remark/write/states/0: 未知状态 "XX9"',
    ],
    [
      'personal data written by a role that sees it masked',
      (m: Json) => {
        m.fields.payeeMobile = { type: 'string', title: '联系人手机', format: 'phone' };
        m.create.roles = ['ROLE_CORE_OPERATOR', 'ROLE_CORE_PURCHASE'];
      },
      '_models/creditIssue.json#/create/roles/1: "ROLE_CORE_PURCHASE" sees personal data masked, so may not write it',
    ],
    [
      'personal data of a shared record filtered by (another party would learn it by exact match)',
      (m: Json) => {
        m.fields.payeeMobile = { type: 'string', title: '联系人手机', format: 'phone' };
        m.query.filters.payeeMobile = 'eq';
      },
      '_models/creditIssue.json#/fields/payeeMobile: personal data of a record shared with other parties cannot be filtered, sorted or grouped',
    ],
    [
      'personal data seen whole by a party the record does not have',
      (m: Json) => {
        m.fields.payeeMobile = { type: 'string', title: '联系人手机', format: 'phone' };
        m.personalData = { wholeFor: [{ party: 'holderCorpId', roles: ['ROLE_FIN_CLIENT_MANAGER'] }] };
      },
      '_models/creditIssue.json#/personalData/wholeFor/0/party: "holderCorpId" is not one of visibility.corpFields',
    ],
    [
      'a searchable field without a contains filter',
      (m: Json) => (m.query.search = ['amount']),
      '_models/creditIssue.json#/query/search/0: "amount" 不是 contains 查询字段',
    ],
    [
      'an action service no product registers',
      (m: Json) => (m.transitions[0].service = 'nobody.knows'),
      '_models/creditIssue.json#/transitions/0/service: 未知服务 "nobody.knows"',
    ],
    [
      'children read by a field without an index',
      (m: Json) => (m.children.field = 'holderName'),
      '_models/creditIssue.json#/children/field: "creditVoucher.holderName" 需要 "index": true',
    ],
  ])('stops on %s with a located message', async (_name, edit, message) => {
    const dir = brokenSchemas(edit);
    try {
      expect(() => loadModels(dir, productEffects())).toThrow(ModelLoadError);
      try {
        loadModels(dir, productEffects());
      } catch (error) {
        // The copy's file was changed after copying: it is named where it is (server/models/loadModels.ts).
        expect((error as Error).message).toContain(`${join(dir, message)}`);
      }
      await expect(buildApp({ db: s.db, schemasDir: dir })).rejects.toThrow(message);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
