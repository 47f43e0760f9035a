/**
 * Three engine capabilities a model declares (server/models): `visibility.userField` (a record visible to
 * the one user it names, e.g. a message to its receiver, not to the receiver's colleagues nor to the
 * sender), `visibility.roles` (records only some roles of the enterprise see), `services` (effects that reach outside the database, e.g. send an SMS, run once after the
 * action's transaction committed) and an action's `service` (server code run last in the action's
 * transaction, whose JSON result the records API answers with the record). The fixture model tests/fixtures/user-visible/userNote.json is mounted
 * into a copy of schemas/ with its effects next to the products'.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { completenessVerifier } from '@server/auth/completenessVerifier';
import { openPglite } from '@server/db/pglite';
import { ApiError } from '@server/errors';
import { openModels } from '@server/models';
import { ModelEngine } from '@server/models/modelEngine';
import type { ActionService, Effect } from '@server/models/effects';
import { PRODUCTS, productEffects } from '@server/products';
import { emulatedSmsGateway } from '@server/registration/sms';
import { clock, type TestServer } from './helpers';
import { act, as, body, create, getRecord, list, step, type Json } from './modelsHelpers';
import { copySchemaTree } from '@renderer/core/node';

const FIXTURE = join(process.cwd(), 'tests/fixtures/user-visible');
const MODEL = 'userNote';
let dir: string;
let s: TestServer & { close(): Promise<void> };
/** The phases the services ran in, in order. */
const phases: string[] = [];

const serviceEffects: Record<string, Effect> = {
  async 'note.sms'(c) {
    phases.push(c.phase);
    const text = typeof c.args.text === 'string' ? c.args.text : String(c.record.data.text);
    await c.host.smsGateway.send(c.tx, String(c.record.data.mobile), text, c.now);
    c.record.data.smsCount = Number(c.record.data.smsCount ?? 0) + 1;
  },
  async 'note.fail'(c) {
    phases.push(c.phase);
    throw new ApiError('BAD_REQUEST');
  },
};

/** Records the action services saw, in order (role refusals must leave it untouched). */
const served: string[] = [];

const actionServices: Record<string, ActionService> = {
  async 'note.receipt'(c) {
    served.push(`receipt ${c.record.id}`);
    // In the creating transaction, after the record was written: it can be read there.
    const row = await c.tx.query<{ text: string }>('select text from user_note where id = $1', [c.record.id]);
    return { receipt: `收据-${row.rows[0]!.text}` };
  },
  async 'note.stamp'(c) {
    served.push(`stamp ${c.record.id}`);
    return { stamped: String(c.input.word), from: c.before!.state, to: c.record.state };
  },
  async 'note.spoil'(c) {
    served.push(`spoil ${c.record.id}`);
    // Something written in the action's transaction before the refusal: rolled back with it.
    await c.host.smsGateway.send(c.tx, String(c.record.data.mobile), '作废通知', c.now);
    throw new ApiError('BAD_REQUEST');
  },
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'user-visible-'));
  copySchemaTree(join(process.cwd(), 'schemas'), dir);
  copyFileSync(join(FIXTURE, 'userNote.json'), join(dir, '_models/userNote.json'));
  copyFileSync(join(FIXTURE, 'managerNote.json'), join(dir, '_models/managerNote.json'));
  copyFileSync(join(FIXTURE, 'userNoteStatus.json'), join(dir, '_dicts/userNoteStatus.json'));
  const effects = productEffects([
    ...PRODUCTS,
    { code: 'note', effects: [serviceEffects], errors: {}, services: actionServices },
  ]);
  const dump = readFileSync(join(process.cwd(), 'test-results', 'server-fixture.tar.gz'));
  const db = await openPglite({ loadDataDir: new Blob([dump]) });
  const engine = new ModelEngine({
    db,
    models: await openModels(db, dir, effects),
    effects,
    now: () => clock.now,
    signatureVerifier: completenessVerifier,
    host: { smsGateway: emulatedSmsGateway(() => undefined) },
  });
  const app = await buildApp({ db, engine, schemasDir: dir, now: () => clock.now });
  s = { app, db, close: async () => (await app.close(), await db.close()) };
});
afterAll(async () => {
  await s?.close();
  rmSync(dir, { recursive: true, force: true });
});

const userId = async (username: string): Promise<string> =>
  (await s.db.query<{ id: string }>('select id from users where username = $1', [username])).rows[0]!.id;
const outbox = async (mobile: string): Promise<string[]> =>
  (
    await s.db.query<{ text: string }>('select text from sms_outbox where mobile = $1 order by id', [mobile])
  ).rows.map((r) => r.text);

describe('a model visible by user, with services', () => {
  it('shows a record to the user it names only, and sends its SMS once the create committed', async () => {
    const sender = await as(s.app, 'core_operator');
    const res = await create(sender, MODEL, {
      receiverCorpId: 'CORE001',
      receiverUserId: await userId('core_director'),
      mobile: '13900000001',
      text: '请查收',
    });
    expect(body(res).code, res.body).toBe('0');
    const id = body(res).data.id as string;
    expect(await outbox('13900000001')).toEqual(['请查收']);
    expect(phases).toEqual(['committed']);

    const receiver = await as(s.app, 'core_director');
    const mine = await list(receiver, MODEL);
    expect(mine.list.map((r: Json) => [r.id, r.text, r.smsCount])).toEqual([[id, '请查收', 1]]);
    // A colleague of the same enterprise and the sender see nothing of it.
    expect((await list(await as(s.app, 'core_query'), MODEL)).list).toEqual([]);
    expect((await list(sender, MODEL)).list).toEqual([]);
    expect(body(await getRecord(sender, MODEL, id)).code).toBe('SCF.RECORD_FORBIDDEN');

    const read = await step(receiver, MODEL, id, 'read');
    expect([read.status, read.smsCount]).toEqual(['READ', 2]);
    expect(await outbox('13900000001')).toEqual(['请查收', '已读']);
    expect((await list(receiver, MODEL, { status: 'UNREAD' })).list).toEqual([]);
  });

  it('keeps an action done when its service refuses afterwards, and answers the refusal', async () => {
    const sender = await as(s.app, 'core_operator');
    const id = body(
      await create(sender, MODEL, {
        receiverCorpId: 'CORE001',
        receiverUserId: await userId('core_director'),
        mobile: '13900000002',
        text: '第二条',
      }),
    ).data.id as string;
    const receiver = await as(s.app, 'core_director');
    const version = body(await getRecord(receiver, MODEL, id)).data.version as number;
    const res = await receiver.call('POST', `/biz/v1/models/${MODEL}/records/${id}/actions/refuse`, {
      body: { version },
    });
    expect(body(res).code).toBe('SCF.BAD_REQUEST');
    expect(body(await getRecord(receiver, MODEL, id)).data.status).toBe('REFUSED');
  });

  it('shows a model with visibility.roles to those roles only: others of the enterprise get READ_FORBIDDEN', async () => {
    const director = await as(s.app, 'core_director');
    const created = await create(director, 'managerNote', { text: '仅主管可见' });
    expect(body(created).code, created.body).toBe('0');
    const id = body(created).data.id as string;
    expect((await list(director, 'managerNote')).list.map((r: Json) => r.text)).toEqual(['仅主管可见']);
    expect(body(await getRecord(director, 'managerNote', id)).data.text).toBe('仅主管可见');

    const operator = await as(s.app, 'core_operator');
    for (const res of [
      await operator.call('GET', '/biz/v1/models/managerNote/records'),
      await getRecord(operator, 'managerNote', id),
      await operator.call('GET', '/biz/v1/models/managerNote/aggregates'),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(body(res)).toMatchObject({ code: 'SCF.READ_FORBIDDEN', message: '当前角色无权查看主管便签' });
    }
  });
});

describe('an action that calls a service and answers a result', () => {
  const note = async (mobile: string, text: string): Promise<{ id: string; result: Json }> => {
    const res = await create(await as(s.app, 'core_operator'), MODEL, {
      receiverCorpId: 'CORE001',
      receiverUserId: await userId('core_director'),
      mobile,
      text,
    });
    expect(body(res).code, res.body).toBe('0');
    return { id: body(res).data.id as string, result: body(res).data.result };
  };
  const audit = async (id: string): Promise<string[]> =>
    (
      await s.db.query<{ action: string }>(
        'select action from biz_audit where model = $1 and record_id = $2 order by id',
        [MODEL, id],
      )
    ).rows.map((r) => r.action);

  it('answers the create’s service result with the record, run inside the creating transaction', async () => {
    const { id, result } = await note('13900000011', '第三条');
    expect(result).toEqual({ receipt: '收据-第三条' });
    expect(served).toContain(`receipt ${id}`);
  });

  it('answers a transition’s service result with the record as written, reading the request’s own members', async () => {
    const { id } = await note('13900000012', '第四条');
    const receiver = await as(s.app, 'core_director');
    const version = body(await getRecord(receiver, MODEL, id)).data.version as number;
    const answer = body(await act(receiver, MODEL, id, 'stamp', { version, word: '已阅' })).data;
    expect([answer.status, answer.version]).toEqual(['READ', version + 1]);
    expect(answer.result).toEqual({ stamped: '已阅', from: 'UNREAD', to: 'READ' });
    expect(await audit(id)).toEqual(['create', 'stamp']);
  });

  it('rolls the whole action back when its service refuses: no state change, no audit line, nothing it wrote', async () => {
    const { id } = await note('13900000013', '第五条');
    const receiver = await as(s.app, 'core_director');
    const version = body(await getRecord(receiver, MODEL, id)).data.version as number;
    const res = await act(receiver, MODEL, id, 'spoil', { version });
    expect(body(res).code).toBe('SCF.BAD_REQUEST');
    expect(served).toContain(`spoil ${id}`);
    const after = body(await getRecord(receiver, MODEL, id)).data;
    expect([after.status, after.version]).toEqual(['UNREAD', version]);
    expect(await audit(id)).toEqual(['create']);
    expect(await outbox('13900000013')).toEqual(['第五条']);
  });

  it('refuses a role the transition does not name before its service runs', async () => {
    const { id } = await note('13900000014', '第六条');
    const query = await as(s.app, 'core_query');
    const res = await act(query, MODEL, id, 'stamp', { version: 1, word: '越权' });
    expect(body(res).code).toBe('SCF.ACTION_ROLE_FORBIDDEN');
    expect(served.filter((x) => x.startsWith('stamp') && x.endsWith(id))).toEqual([]);
    expect(await audit(id)).toEqual(['create']);
  });
});
