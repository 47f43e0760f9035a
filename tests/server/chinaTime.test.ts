import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPath, type ExportJob } from '@renderer/core/model';
import { businessClockFromEnv } from '@server/clock';
import { clock, pdfText, type Browser } from './helpers';
import {
  as,
  body,
  getRecord,
  list,
  modelsServer,
  SIGN,
  step,
  type Json,
  type ModelsTestServer,
} from './modelsHelpers';

/**
 * One clock for people (DESIGN.md section 13): instants are stored in UTC and every place a person reads
 * one shows China time through one formatter (renderer/core/format chinaDateTime/chinaDay, SQL
 * localTimeSql). A joint-factoring contract signed at 23:30 and another at 00:30 China time (15:30 and
 * 16:30 UTC the day before) are dated by their China day in the PDF, 协议管理, the export and the list and
 * detail answers; a payable confirmed at 23:30 China time puts its SMS on the supplier's 短信 page and its
 * to-do in the inbox at that China time. (协议管理 lists every product's signed contracts:
 * tests/server/productAgreements.test.ts.)
 */
const C = 'factoringJointContract';
const DOCS = '/biz/v1/factoring/joint-contracts';
const SIGNINGS = [
  { at: new Date('2026-11-20T23:30:00+08:00'), text: '2026-11-20 23:30:00', day: '2026-11-20' },
  { at: new Date('2026-11-21T00:30:00+08:00'), text: '2026-11-21 00:30:00', day: '2026-11-21' },
];

let s: ModelsTestServer;
let operator: Browser;
let director: Browser;
const saved = clock.now;
const signed: Array<{ id: string; text: string; day: string }> = [];
let confirmedPayableNo = '';

beforeAll(async () => {
  s = await modelsServer();
  operator = await as(s.app, 'chain_operator');
  director = await as(s.app, 'chain_director');
  // Two of supplier 1's seeded contracts waiting for its director's signature (confirmed first if needed).
  const waiting = (await list(director, C, { status: 'JC2', size: '10' })).list as Json[];
  const drafts = (await list(operator, C, { status: 'JC1', size: '10' })).list as Json[];
  for (const d of drafts.slice(0, Math.max(0, 2 - waiting.length)))
    waiting.push(await step(operator, C, d.id, 'confirm'));
  expect(waiting.length).toBeGreaterThanOrEqual(2);
  for (const [i, when] of SIGNINGS.entries()) {
    clock.now = when.at;
    director = await as(s.app, 'chain_director'); // a session of that time (sessions expire when idle)
    const id = String(waiting[i]!.id);
    expect((await step(director, C, id, 'sign', { signature: SIGN })).status).toBe('JC3');
    signed.push({ id, text: when.text, day: when.day });
  }
  // At 23:30 China time the core director also confirms a seeded payable: the supplier gets the sign
  // link by SMS (its 短信 page) and a to-do in its inbox (the bell).
  clock.now = SIGNINGS[0]!.at;
  const coreDirector = await as(s.app, 'core_director');
  const payable = (
    (await list(coreDirector, 'factoringReversePayable', { status: 'RP1', size: '1' })).list as Json[]
  )[0]!;
  expect((await step(coreDirector, 'factoringReversePayable', String(payable.id), 'confirm')).status).toBe(
    'RP2',
  );
  confirmedPayableNo = String(payable.payableNo);
  operator = await as(s.app, 'chain_operator');
}, 120_000);

afterAll(async () => {
  clock.now = saved;
  await s.close();
});

describe('a contract signed at 23:30 and one at 00:30 China time', () => {
  it('the detail answer: the signature in the trail and the update time', async () => {
    for (const k of signed) {
      const rec = body(await getRecord(operator, C, k.id)).data;
      const sign = (rec.audit as Json[]).find((a) => a.action === 'sign');
      expect(sign?.at).toBe(k.text);
      expect(rec.updatedAt).toBe(k.text);
    }
  });

  it('the list answer', async () => {
    const rows = (await list(operator, C, { status: 'JC3', size: '100' })).list as Json[];
    for (const k of signed) expect(rows.find((r) => r.id === k.id)?.updatedAt).toBe(k.text);
  });

  it('the contract PDF dates the creditor signature by its China day', async () => {
    for (const k of signed) {
      const res = await operator.call('GET', `${DOCS}/${k.id}`, { unsigned: true, noCsrf: true });
      expect(res.statusCode).toBe(200);
      const text = await pdfText(res.rawPayload);
      expect(text).toContain(`日期：${k.day}`);
    }
  });

  it('查看合同 (?view=1) shows the contract in the browser; without it the contract is saved', async () => {
    const k = signed[0]!;
    const viewed = await operator.call('GET', `${DOCS}/${k.id}`, {
      query: { view: '1' },
      unsigned: true,
      noCsrf: true,
    });
    expect(viewed.headers['content-disposition']).toMatch(/^inline;/);
    const saved = await operator.call('GET', `${DOCS}/${k.id}`, { unsigned: true, noCsrf: true });
    expect(saved.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('协议管理 shows the China time of the signature', async () => {
    const rows = (await list(director, 'signedAgreement', { kind: 'PRODUCT', size: '100' })).list as Json[];
    for (const k of signed)
      expect(rows.find((r) => r.model === C && r.recordId === k.id)?.signedAt).toBe(k.text);
  });

  it("the SMS on the supplier's 短信 page and the to-do in its inbox are timed in China time", async () => {
    const [late] = SIGNINGS;
    const sms = body(
      await operator.call('GET', '/biz/v1/models/smsMessage/records', { query: { size: '100' } }),
    ).data;
    const text = sms.list.find((m: Json) => String(m.content).includes(confirmedPayableNo));
    expect(text?.createdAt).toBe(late!.text);
    const inbox = body(
      await operator.call('GET', '/corp/v1/sys/messages', { query: { status: 'UNREAD', size: '100' } }),
    ).data;
    const todo = inbox.list.find((m: Json) => String(m.content).includes(confirmedPayableNo));
    expect(todo?.title).toBe('应付账款待供应商签署');
    expect(todo?.createdAt).toBe(late!.text);
  });

  it('the export writes the China time', async () => {
    const res = await operator.call('POST', exportPath(C), {
      body: {
        params: { status: ['JC3'] },
        columns: [
          { field: 'factoringContractNo', title: '合同编号' },
          { field: 'id', title: 'ID' },
          { field: 'updatedAt', title: '更新时间' },
        ],
        title: '合同',
      },
    });
    const job = body(res).data as ExportJob;
    const file = await operator.call('GET', job.url!, { unsigned: true });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const cells = new Map<string, unknown>();
    sheet.eachRow((row) => void cells.set(String(row.getCell(2).value), row.getCell(3).value));
    for (const k of signed) expect(cells.get(k.id)).toBe(k.text);
  });
});

describe('CLOCK_START: the business clock of a test or demo server (server/clock.ts)', () => {
  it('starts at the instant given and runs on with the wall clock', () => {
    let wall = Date.parse('2026-11-28T10:00:00Z');
    const now = businessClockFromEnv(' 2026-11-20T23:30:00+08:00 ', true, () => wall)!;
    expect(now().toISOString()).toBe('2026-11-20T15:30:00.000Z');
    wall += 90_000;
    expect(now().toISOString()).toBe('2026-11-20T15:31:30.000Z');
    expect(businessClockFromEnv(undefined, true)).toBeUndefined();
    expect(businessClockFromEnv('', false)).toBeUndefined();
  });

  it('is refused without TEST_MODE and without a UTC offset', () => {
    expect(() => businessClockFromEnv('2026-11-20T23:30:00+08:00', false)).toThrow('TEST_MODE=true');
    expect(() => businessClockFromEnv('2026-11-20T23:30:00', true)).toThrow('UTC offset');
    expect(() => businessClockFromEnv('tomorrow', true)).toThrow('UTC offset');
  });
});
