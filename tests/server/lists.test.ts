import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumMoney } from '@renderer/core/format';
import {
  batchPath,
  exportJobPath,
  exportPath,
  EXPORT_JOB_THRESHOLD,
  EXPORTS_API,
  LIST_SETTINGS_API,
  recordsPath,
  type ExportJob,
} from '@renderer/core/model';
import { openModels } from '@server/models';
import { productEffects } from '@server/products';
import { insertRecords } from '@server/models/recordStore';
import { failStaleExports } from '@server/lists/exports';
import { sheetName } from '@server/lists/xlsx';
import type { Browser } from './helpers';
import { API, as, body, type Json, list, modelsServer, type ModelsTestServer } from './modelsHelpers';

let s: ModelsTestServer;
beforeAll(async () => {
  s = await modelsServer();
});
afterAll(async () => {
  await s.close();
});

/** Every record of a list query, page by page (the list API's own view of the rows). */
async function allRows(b: Browser, model: string, query: Record<string, string> = {}): Promise<Json[]> {
  const rows: Json[] = [];
  for (let page = 1; ; page++) {
    const data = await list(b, model, { ...query, page: String(page), size: '100' });
    rows.push(...data.list);
    if (rows.length >= data.pagecond.count) return rows;
  }
}

const auditCount = async (id: string): Promise<number> =>
  (await s.db.query<{ n: number }>('select count(*)::int as n from biz_audit where record_id = $1', [id]))
    .rows[0]!.n;

describe('batch actions', () => {
  it('runs a transition per record in one request, refuses one and writes nothing for it', async () => {
    const final = await as(s.app, 'core_final', 'ROLE_CORE_FINAL');
    const todo = await allRows(final, 'creditIssue', { status: 'IS1' });
    expect(todo.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = todo as [Json, Json, Json];
    const before = { version: c.version, audit: await auditCount(c.id) };
    const res = await final.call('POST', batchPath('creditIssue', 'finalApprove'), {
      body: {
        items: [
          { id: a.id, version: a.version },
          // A stale version: someone changed the record since the list was read.
          { id: c.id, version: c.version + 1 },
          { id: b.id, version: b.version },
        ],
      },
    });
    const answer = body(res);
    expect(answer.code).toBe('0');
    expect(answer.data).toMatchObject({ succeeded: 2, refused: 1 });
    expect(answer.data.results.map((r: Json) => [r.id, r.ok])).toEqual([
      [a.id, true],
      [c.id, false],
      [b.id, true],
    ]);
    expect(answer.data.results[0].record).toMatchObject({ id: a.id, status: 'IS2' });
    expect(answer.data.results[1]).toMatchObject({
      code: 'SCF.VERSION_CONFLICT',
      message: '数据已被他人修改，请刷新后重试',
    });
    const stored = await s.db.query<{ id: string; state: string; version: number }>(
      'select id, state, version from credit_issue where id = any($1)',
      [[a.id, b.id, c.id]],
    );
    const byId = new Map(stored.rows.map((r) => [r.id, r]));
    expect(byId.get(a.id)?.state).toBe('IS2');
    expect(byId.get(b.id)?.state).toBe('IS2');
    expect(byId.get(c.id)).toMatchObject({ state: 'IS1', version: before.version });
    expect(await auditCount(c.id)).toBe(before.audit);
  });

  it('answers a refusal per record for a state, a role or an unseen record', async () => {
    const final = await as(s.app, 'core_final', 'ROLE_CORE_FINAL');
    const done = (await allRows(final, 'creditIssue', { status: 'IS2' }))[0]!;
    const res = await final.call('POST', batchPath('creditIssue', 'finalApprove'), {
      body: {
        items: [
          { id: done.id, version: done.version },
          { id: 'no-such-id', version: 1 },
        ],
      },
    });
    expect(body(res).data.results).toMatchObject([
      {
        ok: false,
        code: 'SCF.ACTION_STATE_INVALID',
        message: expect.stringMatching(/^当前状态为“.+”，不能执行“终审通过”操作$/),
      },
      { ok: false, code: 'SCF.RECORD_NOT_FOUND' },
    ]);
    const operator = await as(s.app, 'core_operator', 'ROLE_CORE_OPERATOR');
    const other = await operator.call('POST', batchPath('creditIssue', 'finalApprove'), {
      body: { items: [{ id: done.id, version: done.version }] },
    });
    expect(body(other).data.results[0]).toMatchObject({ ok: false, code: 'SCF.ACTION_ROLE_FORBIDDEN' });
  });

  it('refuses an empty, oversized or malformed batch with a coded error', async () => {
    const final = await as(s.app, 'core_final', 'ROLE_CORE_FINAL');
    const send = async (payload: unknown): Promise<string> =>
      body(await final.call('POST', batchPath('creditIssue', 'finalApprove'), { body: payload })).code;
    expect(await send({ items: [] })).toBe('SCF.BATCH_EMPTY');
    expect(await send({ items: Array.from({ length: 101 }, (_, i) => ({ id: `x${i}`, version: 1 })) })).toBe(
      'SCF.BATCH_TOO_LARGE',
    );
    expect(
      await send({
        items: [
          { id: 'a', version: 1 },
          { id: 'a', version: 1 },
        ],
      }),
    ).toBe('SCF.BATCH_ITEM_INVALID');
    expect(await send({ items: [{ id: '../x', version: 1 }] })).toBe('SCF.BATCH_ITEM_INVALID');
  });
});

describe('list summary', () => {
  it('sums money fields over every matching record, exactly', async () => {
    const core = await as(s.app, 'core_operator', 'ROLE_CORE_OPERATOR');
    const data = await list(core, 'creditVoucher', { size: '5', summary: 'amount,availableAmount' });
    const rows = await allRows(core, 'creditVoucher');
    expect(data.list.length).toBeLessThan(rows.length);
    expect(data.summary).toEqual({
      amount: sumMoney(rows.map((r) => r.amount as string)),
      availableAmount: sumMoney(rows.map((r) => r.availableAmount as string)),
    });
    const none = await list(core, 'creditVoucher', { voucherNo: 'NO-SUCH-VOUCHER', summary: 'amount' });
    expect(none.summary).toEqual({ amount: '0.00' });
    const bad = await core.call('GET', `${API}/creditVoucher/records`, { query: { summary: 'voucherNo' } });
    expect(body(bad)).toMatchObject({ code: 'SCF.SUMMARY_INVALID', message: '不支持对“voucherNo”合计' });
  });
});

describe('list settings', () => {
  it('keeps each user their own columns and density', async () => {
    const key = '/credit/core/index/final-approve';
    const final = await as(s.app, 'core_final');
    const director = await as(s.app, 'core_director');
    const get = async (b: Browser): Promise<Json> =>
      body(await b.call('GET', LIST_SETTINGS_API, { query: { key } })).data;
    expect(await get(final)).toBeNull();
    const settings = {
      columns: [
        { field: 'amount', fixed: 'left' },
        { field: 'issueNo' },
        { field: 'supplierName', hidden: true },
      ],
      density: 'small',
    };
    const put = await final.call('PUT', LIST_SETTINGS_API, { query: { key }, body: settings });
    expect(body(put)).toMatchObject({ code: '0', data: settings });
    expect(await get(final)).toEqual(settings);
    expect(await get(director)).toBeNull();
    for (const bad of [{ density: 'huge' }, { columns: [{ field: 'a b' }] }, { columns: 'x' }, []]) {
      const res = await final.call('PUT', LIST_SETTINGS_API, { query: { key }, body: bad });
      expect(body(res).code).toBe('SCF.BAD_REQUEST');
    }
    const noKey = await final.call('GET', LIST_SETTINGS_API, { query: { key: '' } });
    expect(body(noKey).code).toBe('SCF.BAD_REQUEST');
    expect(await get(final)).toEqual(settings);
  });
});

const voucherColumns = [
  { field: 'voucherNo', title: '凭证编号' },
  { field: 'holderName', title: '持有人' },
  { field: 'amount', title: '凭证金额（元）' },
  { field: 'dueDate', title: '到期日' },
  { field: 'status', title: '状态' },
];

async function readSheet(b: Browser, url: string): Promise<ExcelJS.Worksheet> {
  const res = await b.call('GET', url, { unsigned: true });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('exports', () => {
  it('writes the visible rows of the query to .xlsx at once: Chinese headers, amounts as numbers', async () => {
    const chain = await as(s.app, 'chain_operator', 'ROLE_CORP_OPERATOR');
    const query = { sort: 'amount,desc' };
    const rows = await allRows(chain, 'creditVoucher', query);
    const res = await chain.call('POST', exportPath('creditVoucher'), {
      body: { params: { ...query, page: 3, size: 10 }, columns: voucherColumns, title: '凭证列表' },
    });
    const job = body(res).data as ExportJob;
    expect(job).toMatchObject({
      status: 'done',
      total: rows.length,
      done: rows.length,
      title: '凭证列表',
      fileName: '凭证列表.xlsx',
    });
    const sheet = await readSheet(chain, job.url!);
    expect(sheet.getRow(1).values).toEqual([undefined, ...voucherColumns.map((c) => c.title)]);
    expect(sheet.rowCount).toBe(rows.length + 1);
    const meta = body(await chain.call('GET', `${API}/creditVoucher/meta`)).data;
    const states = new Map((meta.states as Json[]).map((st) => [st.value, st.label]));
    rows.forEach((row, i) => {
      const cells = sheet.getRow(i + 2);
      expect(cells.getCell(1).value).toBe(row.voucherNo);
      expect(cells.getCell(2).value).toBe(row.holderName);
      expect(cells.getCell(3).value).toBe(Number(row.amount));
      expect(cells.getCell(3).numFmt).toBe('#,##0.00');
      expect(cells.getCell(4).value).toBe(row.dueDate);
      expect(cells.getCell(5).value).toBe(states.get(row.status));
    });
    // Row visibility: nothing the supplier's enterprise may not see.
    const visible = await s.db.query<{ n: number }>(
      "select count(*)::int as n from credit_voucher where visible_corps @> array['SUP001']",
    );
    expect(rows.length).toBe(visible.rows[0]!.n);
    const all = await s.db.query<{ n: number }>('select count(*)::int as n from credit_voucher');
    expect(all.rows[0]!.n).toBeGreaterThan(rows.length);
  });

  it('refuses unknown columns and keeps each file to its owner', async () => {
    const chain = await as(s.app, 'chain_operator', 'ROLE_CORP_OPERATOR');
    const bad = await chain.call('POST', exportPath('creditVoucher'), {
      body: { columns: [{ field: 'visible_corps', title: 'x' }] },
    });
    expect(body(bad)).toMatchObject({
      code: 'SCF.EXPORT_COLUMNS_INVALID',
      message: '导出列“visible_corps”不存在',
    });
    const res = await chain.call('POST', exportPath('creditVoucher'), { body: { columns: voucherColumns } });
    const job = body(res).data as ExportJob;
    const other = await as(s.app, 'core_operator');
    expect(body(await other.call('GET', job.url!, { unsigned: true })).code).toBe('SCF.EXPORT_NOT_FOUND');
    const mine = body(await chain.call('GET', EXPORTS_API)).data as ExportJob[];
    expect(mine.map((j) => j.id)).toContain(job.id);
    // The download centre's list (model exportJob): its user's alone, not the enterprise's.
    const listed = async (user: typeof chain) =>
      (body(await user.call('GET', recordsPath('exportJob'))).data as { list: { id: string }[] }).list.map(
        (j) => j.id,
      );
    expect(await listed(chain)).toContain(job.id);
    expect(await listed(await as(s.app, 'chain_director'))).not.toContain(job.id);
  });

  // One row past the threshold is what makes a job; the job writes it in six chunks (server/lists/exports.ts),
  // so its progress shows. 10,000 rows took 15 s of the file's 17 s for the same checks.
  const ROWS = EXPORT_JOB_THRESHOLD + 1;
  it(`turns an export of ${ROWS} rows (one past the threshold) into a download-centre job with progress`, async () => {
    const models = await openModels(s.db, `${process.cwd()}/schemas`, productEffects());
    const model = models.models.get('creditVoucher')!;
    const records = Array.from({ length: ROWS }, (_, i) => ({
      id: randomUUID(),
      version: 1,
      state: 'ISD',
      createdAt: '',
      updatedAt: '',
      createdBy: null,
      createdByName: null,
      createdCorpId: 'UNIT001',
      createdCorpName: null,
      data: {
        voucherNo: `CVX${String(i).padStart(8, '0')}`,
        issuerCorpId: 'CORE001',
        issuerName: '华建集团第一工程局有限公司',
        firstHolderCorpId: 'UNIT001',
        holderCorpId: 'UNIT001',
        holderName: '华建一局第三项目部',
        amount: `${1000 + i}.${String(i % 100).padStart(2, '0')}`,
        availableAmount: '0.00',
        frozenAmount: '0.00',
        issueDate: '2026-01-05',
        acceptDate: '2026-01-05',
        dueDate: '2026-07-05',
        actualDueDate: '2026-07-05',
        limitSource: '集团授信',
      },
    }));
    await s.db.transaction((tx) =>
      insertRecords(
        tx,
        model,
        records,
        { userId: null, personName: null, corpId: null, corpName: null },
        new Date(),
      ),
    );
    const unit = await as(s.app, 'unit_operator', 'ROLE_UNIT_OPERATOR');
    const query = { voucherNo: 'CVX' };
    const res = await unit.call('POST', exportPath('creditVoucher'), {
      body: { params: query, columns: voucherColumns },
    });
    const started = body(res).data as ExportJob;
    expect(started).toMatchObject({ status: 'running', total: ROWS, url: null });
    const seen = new Set<number>();
    let job = started;
    while (job.status === 'running') {
      seen.add(job.done);
      await new Promise((r) => setTimeout(r, 10));
      job = body(await unit.call('GET', exportJobPath(started.id))).data as ExportJob;
    }
    expect(job).toMatchObject({ status: 'done', total: ROWS, done: ROWS });
    expect(seen.size).toBeGreaterThan(1);
    const sheet = await readSheet(unit, job.url!);
    expect(sheet.rowCount).toBe(ROWS + 1);
    const amounts: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) amounts.push(String(row.getCell(3).value));
    });
    expect(new Set(amounts).size).toBe(ROWS);
    const centre = body(await unit.call('GET', EXPORTS_API)).data as ExportJob[];
    expect(centre[0]).toMatchObject({ id: started.id, status: 'done' });
  }, 120_000);
});

describe('exports that fail', () => {
  it('writes a title with an apostrophe at either end (the sheet name is made safe), not a 500', async () => {
    const chain = await as(s.app, 'chain_operator', 'ROLE_CORP_OPERATOR');
    const res = await chain.call('POST', exportPath('creditVoucher'), {
      body: { columns: voucherColumns, title: "'季度'报表'" },
    });
    expect(res.statusCode).toBe(200);
    const job = body(res).data as ExportJob;
    expect(job).toMatchObject({ status: 'done', title: "'季度'报表'" });
    const file = await chain.call('GET', job.url!, { unsigned: true });
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''%27%E5%AD%A3%E5%BA%A6%27");
    const sheet = await readSheet(chain, job.url!);
    expect(sheet.name).toBe("季度'报表");
  });

  it('makes every title a name Excel takes', () => {
    expect(sheetName("'x'")).toBe('x');
    expect(sheetName("''")).toBe('Sheet1');
    expect(sheetName('History')).toBe('Sheet1');
    expect(sheetName('a[b]:c*d?e/f\\g\u0001h')).toBe('a b  c d e f g h');
    expect(sheetName(`${'凭'.repeat(30)}😀`)).toBe('凭'.repeat(30));
    expect(sheetName(`${'x'.repeat(30)}'y`)).toBe('x'.repeat(30));
  });

  it('ends a failed export as failed with the message the download centre shows', async () => {
    const chain = await as(s.app, 'chain_operator', 'ROLE_CORP_OPERATOR');
    // The store refuses the file: a regular file where its folder should be.
    const folder = join(s.filesDir, 'exports');
    rmSync(folder, { recursive: true, force: true });
    writeFileSync(folder, '');
    const res = await chain.call('POST', exportPath('creditVoucher'), {
      body: { columns: voucherColumns, title: '凭证' },
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ code: 'SCF.EXPORT_FAILED', message: '导出失败，请到下载中心重新导出' });
    const failed = (body(await chain.call('GET', EXPORTS_API)).data as ExportJob[]).find(
      (j) => j.title === '凭证',
    );
    expect(failed).toMatchObject({
      title: '凭证',
      status: 'failed',
      error: '导出失败，请重新导出',
      url: null,
    });

    rmSync(folder, { force: true });
  });

  it('重新导出 (the model action retry) writes a failed export again, for its own user only', async () => {
    const chain = await as(s.app, 'chain_operator', 'ROLE_CORP_OPERATOR');
    const folder = join(s.filesDir, 'exports');
    rmSync(folder, { recursive: true, force: true });
    writeFileSync(folder, '');
    await chain.call('POST', exportPath('creditVoucher'), {
      body: { columns: voucherColumns, title: '直接重试' },
    });
    rmSync(folder, { force: true });
    const failed = (body(await chain.call('GET', EXPORTS_API)).data as ExportJob[]).find(
      (j) => j.title === '直接重试',
    )!;
    expect(failed.status).toBe('failed');
    const retry = `${API}/exportJob/records/${failed.id}/actions/retry`;
    const { version } = body(await chain.call('GET', `${API}/exportJob/records/${failed.id}`)).data as Json;
    // Another user of the same enterprise finds no such job, and nothing changes.
    const other = await as(s.app, 'chain_director');
    expect(body(await other.call('POST', retry, { body: { version } })).code).toBe('SCF.RECORD_FORBIDDEN');
    const answer = body(await chain.call('POST', retry, { body: { version } }));
    expect(answer.code, answer.message).toBe('0');
    expect(['running', 'done']).toContain(answer.data.status);
    // Written again by this instance's worker, not failed again by the sweep.
    let job = failed;
    for (let i = 0; i < 200 && job.status !== 'done'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = body(await chain.call('GET', exportJobPath(failed.id))).data as ExportJob;
    }
    expect(job).toMatchObject({ status: 'done', error: null });
    expect((await readSheet(chain, job.url!)).rowCount).toBe(job.total + 1);
    expect(body(await chain.call('POST', retry, { body: { version: version + 1 } })).code).toBe(
      'SCF.ACTION_STATE_INVALID',
    );
  });

  it('leaves no job running once its worker is gone: silent too long, or at the restart of an embedded database', async () => {
    const chain = await as(s.app, 'chain_operator', 'ROLE_CORP_OPERATOR');
    const userId = (
      await s.db.query<{ id: string }>("select id from users where username = 'chain_operator'")
    ).rows[0]!.id;
    const insert = (id: string, heartbeat: string) =>
      s.db.query(
        `insert into export_jobs (id, user_id, corp_id, model, title, file_name, params, columns, state, total,
                                  worker, heartbeat_at, visible_corps)
         values ($1, $2, 'SUP001', 'creditVoucher', $1, $1, '{}', '[]', 'running', 10, 'gone',
                 now() - $3::interval, array['user:' || $2])`,
        [id, userId, heartbeat],
      );
    await insert('dead-worker', '5 minutes');
    await insert('live-worker', '1 second');
    const jobs = body(await chain.call('GET', EXPORTS_API)).data as ExportJob[];
    const byId = new Map(jobs.map((j) => [j.id, j]));
    expect(byId.get('dead-worker')).toMatchObject({
      status: 'failed',
      error: '导出中断（服务已重启或停止），请重新导出',
    });
    expect(byId.get('live-worker')?.status).toBe('running');
    // What a server does when it starts on the embedded database: whoever ran the job has stopped.
    await failStaleExports(s.db, true);
    const after = body(await chain.call('GET', exportJobPath('live-worker'))).data as ExportJob;
    expect(after).toMatchObject({ status: 'failed', error: '导出中断（服务已重启或停止），请重新导出' });
  });
});
