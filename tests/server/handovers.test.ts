import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaTreeFiles } from '@renderer/core/node';
import { ROLES } from '@server/auth/roles';
import {
  actingPages,
  checkHandover,
  createStep,
  effectCreateStep,
  handoverOf,
  HandoverLinks,
  isTerminal,
} from '@server/models/handovers';
import type { ModelDef, TransitionDef } from '@server/models/types';
import type { Browser } from './helpers';
import {
  act,
  as,
  body,
  create,
  getRecord,
  list,
  modelsServer,
  step,
  type Json,
  type ModelsTestServer,
} from './modelsHelpers';

/**
 * Hand-overs (server/models/handovers.ts, DESIGN.md section 13): every transition of every model says who
 * acts next (and the receivers get a to-do whose 去处理 opens a page acting on the record) or why nobody
 * does; the to-do is written in the transition's transaction, only for its receivers.
 */
// Every model of the schemas tree, those in product folders included (renderer/core/node schemaTreeFiles).
const models: ModelDef[] = [...schemaTreeFiles(join(process.cwd(), 'schemas'))]
  .filter(([file]) => file.startsWith('_models/'))
  .map(([, full]) => JSON.parse(readFileSync(full, 'utf8')) as ModelDef);
const pages = actingPages(join(process.cwd(), 'schemas'));
const links = new HandoverLinks(() => pages);

/** Whether an action leaving `t.to` is run by others than `t`'s own roles of its own party. */
const othersAct = (model: ModelDef, t: TransitionDef): boolean =>
  model.transitions.some(
    (n) =>
      n.from.includes(t.to) &&
      !([n.party].flat().join() === [t.party].flat().join() && n.roles.every((r) => t.roles.includes(r))),
  );

describe('every transition of every model declares its hand-over', () => {
  for (const model of models)
    for (const t of [...model.transitions, createStep(model)].filter((x): x is TransitionDef => !!x))
      it(`${model.name}.${t.action} (${t.from.join('/') || 'new'} → ${t.to})`, () => {
        if (isTerminal(model, t.to)) return; // nothing is left to do on the record
        // A new record its creator goes on with (a draft) hands nothing over.
        if (t.action === 'create' && !othersAct(model, t)) return;
        expect(t.handover, 'handover: {party, roles, ask} or {none: reason}').toBeDefined();
        const h = handoverOf(t);
        if (!h) return;
        const next = model.transitions
          .filter((n) => n.from.includes(t.to) && [n.party].flat().includes(h.party))
          .map((n) => n.action);
        const products = (model.fields.product?.enum as string[] | undefined) ?? [undefined];
        for (const role of h.roles)
          for (const product of products) {
            const link = links.link(model.name, next, role, { id: 'R1', data: product ? { product } : {} });
            expect(link, `a page for ${role} ${product ?? ''}`).toMatch(/\?\w+=R1$/);
            // ABS and ABCP share models: a record goes to its own product's pages.
            if (product && pages.some((p) => p.model === model.name && p.product === product))
              expect(link).toMatch(new RegExp(`^/${product}/`));
          }
      });
});

describe('every record an effect creates waiting for someone declares who (effectCreated)', () => {
  for (const model of models.filter((m) => !m.create && !isTerminal(m, m.initialState)))
    it(`${model.name} (created by effects in ${model.initialState})`, () => {
      const t = effectCreateStep(model, '审核通过');
      expect(t, 'effectCreated: {handover}').not.toBeNull();
      const h = handoverOf(t!);
      if (!h) return;
      const next = model.transitions
        .filter((n) => n.from.includes(t!.to) && [n.party].flat().includes(h.party))
        .map((n) => n.action);
      for (const role of h.roles)
        expect(links.link(model.name, next, role, { id: 'R1', data: {} }), role).toMatch(/\?\w+=R1$/);
    });
});

describe('the model check of a hand-over', () => {
  const receivable = models.find((m) => m.name === 'factoringReceivable')!;
  const submit = receivable.transitions.find((t) => t.action === 'submit')!;
  const roles = new Set<string>(ROLES.map((r) => r.code));
  const check = (handover: unknown): string[] =>
    checkHandover(receivable, { ...submit, handover } as typeof submit, '/transitions/0', roles);

  it('accepts the declared one and refuses a to-do nobody can do', () => {
    expect(check(submit.handover)).toEqual([]);
    expect(check({ party: 'creditorCorpId', roles: ['ROLE_CORP_OPERATOR'], ask: '应收账款待复核' })).toEqual([
      '/transitions/0/handover/roles/0: no action from "AR1" is run by ROLE_CORP_OPERATOR of "creditorCorpId"',
    ]);
    expect(check({ party: 'debtorCorpId', roles: ['ROLE_CORP_DIRECTOR'], ask: '应收账款待复核' })).toEqual([
      '/transitions/0/handover/roles/0: no action from "AR1" is run by ROLE_CORP_DIRECTOR of "debtorCorpId"',
    ]);
    expect(check({ party: 'amount', roles: ['ROLE_NOPE'], ask: '应收账款待复核' })).toEqual([
      '/transitions/0/handover/party: "amount" holds no enterprise',
      '/transitions/0/handover/roles/0: unknown role "ROLE_NOPE"',
      '/transitions/0/handover/roles/0: no action from "AR1" is run by ROLE_NOPE of "amount"',
    ]);
  });
});

describe('a hand-over writes the next party to-dos in the transition', () => {
  let s: ModelsTestServer;
  const users: Record<string, Browser> = {};
  /** The unread messages of a user, newest first. */
  const inbox = async (name: string): Promise<Json[]> =>
    body(
      await users[name]!.call('GET', '/corp/v1/sys/messages', {
        query: { status: 'UNREAD', size: '100' },
      }),
    ).data.list;
  const unread = async (name: string): Promise<number> =>
    body(await users[name]!.call('GET', '/corp/v1/sys/messages', { query: { status: 'UNREAD' } })).data
      .pagecond.count;

  beforeAll(async () => {
    s = await modelsServer();
    for (const u of ['chain_operator', 'chain_director', 'core_director', 'unit_director'])
      users[u] = await as(s.app, u);
  }, 120_000);
  afterAll(async () => {
    await s.close();
  });

  it('the demo world: every seeded record a hand-over left waiting has its open to-do (the seeder writes them as a server does)', async () => {
    // Each record's last step, from its audit trail; creating counts when the model has no effect-made records.
    const last = await s.db.query<{ model: string; record_id: string; action: string; to_state: string }>(
      `select distinct on (model, record_id) model, record_id, action, to_state from biz_audit
        order by model, record_id, at desc, id desc`,
    );
    const byName = new Map(models.map((m) => [m.name, m]));
    const missing: string[] = [];
    let waiting = 0;
    for (const r of last.rows) {
      const def = byName.get(r.model);
      const t =
        r.action === 'create'
          ? def && !def.effectCreated
            ? createStep(def)
            : null
          : def?.transitions.find((x) => x.action === r.action && x.to === r.to_state);
      if (!t || !handoverOf(t) || t.to !== r.to_state) continue;
      waiting++;
      const open = await s.db.query<{ n: number }>(
        `select count(*)::int as n from messages
          where model = $1 and record_id = $2 and action = $3 and handled_at is null`,
        [r.model, r.record_id, r.action],
      );
      if (open.rows[0]!.n === 0) missing.push(`${r.model}/${r.record_id} ${r.action}`);
    }
    expect(waiting).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('submitting a receivable asks supplier 1 director to review it, with a link to that record', async () => {
    const rec = body(
      await create(users.chain_operator!, 'factoringReceivable', {
        debtorCorpId: 'CORE001',
        amount: '1000.00',
        dueDate: '2027-02-19',
        contractNo: 'HO-001',
        contractName: '钢材采购合同',
        invoiceNos: ['12345678'],
      }),
    ).data;
    const before = {
      director: await unread('chain_director'),
      core: await unread('core_director'),
      unit: await unread('unit_director'),
      operator: await unread('chain_operator'),
    };
    // A stale version is refused: nothing is written (the to-do shares the transition's transaction).
    expect(
      body(await act(users.chain_operator!, 'factoringReceivable', rec.id, 'submit', { version: 99 })).code,
    ).toBe('SCF.VERSION_CONFLICT');
    expect(await unread('chain_director')).toBe(before.director);

    await step(users.chain_operator!, 'factoringReceivable', rec.id, 'submit');
    expect(await unread('chain_director')).toBe(before.director + 1);
    // Nobody else: not the actor, not another enterprise's director, not supplier 1's other roles.
    expect(await unread('chain_operator')).toBe(before.operator);
    expect(await unread('core_director')).toBe(before.core);
    expect(await unread('unit_director')).toBe(before.unit);

    const page = body(
      await users.chain_director!.call('GET', '/corp/v1/sys/messages', {
        query: { status: 'UNREAD', size: '100' },
      }),
    ).data;
    // Found by its record (the seeded to-dos may be dated after this test's fixed clock).
    const m = (page.list as Json[]).find((x) =>
      String(x.content).includes(String(rec.receivableNo ?? rec.id)),
    );
    expect(m).toMatchObject({ title: '应收账款待复核', messageType: 'BUSINESS' });
    expect(m.content).toContain('提交');
    expect(m.link).toMatch(new RegExp(`\\?id=${rec.id}$`));
    // The link's page offers the director's next action on this record.
    const path = String(m.link).split('?')[0];
    const pages = actingPages(join(process.cwd(), 'schemas')).filter((p) => p.path === path);
    expect(pages[0]?.offers.has('factoringReceivable/approve')).toBe(true);
    expect(
      body(await getRecord(users.chain_director!, 'factoringReceivable', rec.id)).data.actions,
    ).toContain('approve');

    // Read per user: the director reads it, the count drops.
    await users.chain_director!.call('POST', '/corp/v1/sys/messages/read', { body: { ids: [m.id] } });
    expect(await unread('chain_director')).toBe(before.director);
  });

  it('a new record waiting for another role asks it too (create.handover)', async () => {
    const before = await unread('core_director');
    const core = await as(s.app, 'core_operator');
    const res = body(
      await create(core, 'creditLimitDistribution', {
        targetCorpId: 'SUP001',
        product: 'credit',
        afterAmount: '1000.00',
        reason: '年度调整',
      }),
    );
    if (res.code !== '0') throw new Error(JSON.stringify(res));
    expect(await unread('core_director')).toBe(before + 1);
    const m = (await inbox('core_director')).find((x: Json) => x.title === '额度分配待主管审批');
    expect(m.link).toBe(`/my/limit/approve?id=${res.data.id}`);
  });
  it('records an effect creates ask their next party too: an approved white list asks the supplier director to sign', async () => {
    const factor = await as(s.app, 'fin_client_manager');
    // The project department's seeded pending application (WL0).
    const pending = (await list(factor, 'factoringDeliveryWhite', { status: 'WL0', size: '100' })).list.find(
      (w: Json) => w.supplierCorpId === 'UNIT001',
    );
    const before = await unread('unit_director');
    await step(factor, 'factoringDeliveryWhite', pending.id, 'approve');
    // One to-do per agreement made (三方协议 and 补充协议), each naming the step that made it.
    expect(await unread('unit_director')).toBe(before + 2);
    const todos = (await inbox('unit_director')).filter(
      (x: Json) => x.title === '到货保理协议待供应商阅读并签署',
    );
    expect(todos).toHaveLength(2);
    for (const m of todos) {
      expect(m.content).toContain('审核通过');
      expect(m.link).toMatch(/\?\w+=[\w-]+$/);
      const id = String(m.link).split('=').at(-1)!;
      expect(
        body(await getRecord(users.unit_director!, 'factoringDeliveryAgreement', id)).data.actions,
      ).toContain('sign');
    }
  });

  it('closes the to-do when its record moves on: handled, by whom, no longer counted', async () => {
    const rec = body(
      await create(users.chain_operator!, 'factoringReceivable', {
        debtorCorpId: 'CORE001',
        amount: '2000.00',
        dueDate: '2027-02-19',
        contractNo: 'HO-002',
        contractName: '钢材采购合同',
        invoiceNos: ['12345679'],
      }),
    ).data;
    await step(users.chain_operator!, 'factoringReceivable', rec.id, 'submit');
    const before = await unread('chain_director');
    // Every page of the director's messages (the seeded to-dos may be dated after this test's fixed clock).
    const todo = async (): Promise<Record<string, unknown> | undefined> => {
      for (let page = 1; ; page++) {
        const { list: rows } = body(
          await users.chain_director!.call('GET', '/corp/v1/sys/messages', {
            query: { size: '100', page: String(page) },
          }),
        ).data as { list: Array<Record<string, unknown>> };
        const found = rows.find((x) => String(x.content).includes(String(rec.receivableNo)));
        if (found || rows.length < 100) return found;
      }
    };
    expect(await todo()).toMatchObject({ status: 'UNREAD', handledAt: null, handledByName: null });
    // The director answers it: every receiver's to-do of this record is closed, marked by whom.
    await step(users.chain_director!, 'factoringReceivable', rec.id, 'approve');
    const closed = await todo();
    expect(closed).toMatchObject({ status: 'HANDLED' });
    expect(String(closed!.handledAt)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(closed!.handledByName).toContain('华建建材');
    expect(await unread('chain_director')).toBe(before - 1);
  });
});
