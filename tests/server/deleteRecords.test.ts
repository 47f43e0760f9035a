import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchPath } from '@renderer/core/model';
import { as, body, count, create, modelsServer, step, type ModelsTestServer } from './modelsHelpers';

/**
 * The declarative delete of the models engine (model `delete`, batch action `delete`) on the renderer
 * demo model: drafts only, by the applicant's operators and director; each record in its own
 * transaction with the version check and an audit entry; refusals write nothing.
 */
let s: ModelsTestServer;
beforeAll(async () => {
  s = await modelsServer();
});
afterAll(async () => {
  await s.close();
});

const MODEL = 'demoApplication';
type Browser = Awaited<ReturnType<typeof as>>;

async function draft(b: Browser, title: string): Promise<{ id: string; version: number }> {
  const res = body(await create(b, MODEL, { title, amount: '100.00' }));
  if (res.code !== '0') throw new Error(res.message);
  return { id: res.data.id, version: res.data.version };
}

const exists = async (id: string): Promise<boolean> =>
  (await s.db.query('select 1 from demo_application where id = $1', [id])).rows.length === 1;

const auditOf = async (id: string): Promise<string[]> =>
  (
    await s.db.query<{ action: string }>(
      'select action from biz_audit where model = $1 and record_id = $2 order by at, id',
      [MODEL, id],
    )
  ).rows.map((r) => r.action);

const remove = (b: Browser, items: Array<{ id: string; version: number }>) =>
  b.call('POST', batchPath(MODEL, 'delete'), { body: { items } });

describe('batch delete (model delete)', () => {
  it('deletes drafts and answers per record; a submitted one and a stale version are refused and kept', async () => {
    const operator = await as(s.app, 'core_operator', 'ROLE_CORE_OPERATOR');
    const a = await draft(operator, '删除甲');
    const b = await draft(operator, '删除乙');
    const submitted = await draft(operator, '已提交');
    const moved = await step(operator, MODEL, submitted.id, 'submit');
    const stale = await draft(operator, '版本过期');
    await operator.call('PUT', `/biz/v1/models/${MODEL}/records/${stale.id}`, {
      body: { version: stale.version, remark: '改过' },
    });
    const auditBefore = await auditOf(submitted.id);

    const res = body(await remove(operator, [a, { id: submitted.id, version: moved.version }, stale, b]));
    expect(res.code).toBe('0');
    expect(res.data.succeeded).toBe(2);
    expect(res.data.refused).toBe(2);
    expect(
      res.data.results.map((r: { id: string; ok: boolean; code?: string; message?: string }) => [
        r.id,
        r.ok,
        r.code ?? null,
        r.message ?? null,
      ]),
    ).toEqual([
      [a.id, true, null, null],
      [submitted.id, false, 'SCF.NOT_DELETABLE', '当前状态为“待审批”，不能删除'],
      [stale.id, false, 'SCF.VERSION_CONFLICT', '数据已被他人修改，请刷新后重试'],
      [b.id, true, null, null],
    ]);
    expect(res.data.results[0].record.title).toBe('删除甲');
    expect(await exists(a.id)).toBe(false);
    expect(await exists(b.id)).toBe(false);
    expect(await exists(submitted.id)).toBe(true);
    expect(await exists(stale.id)).toBe(true);
    expect(await auditOf(a.id)).toEqual(['create', 'delete']);
    expect(await auditOf(submitted.id)).toEqual(auditBefore);
    expect(await auditOf(stale.id)).toEqual(['create', 'update']);
  });

  it("refuses another enterprise's record and a role without the delete permission, writing nothing", async () => {
    const operator = await as(s.app, 'core_operator', 'ROLE_CORE_OPERATOR');
    const theirs = await draft(operator, '他企业的申请');
    // The record now belongs to another enterprise only: the core enterprise no longer sees it.
    await s.db.query(
      `update demo_application set applicant_corp_id = 'OTHER001', visible_corps = array['OTHER001'] where id = $1`,
      [theirs.id],
    );
    const before = await count(s, 'demo_application');
    const auditRows = await count(s, 'biz_audit');
    const other = body(await remove(operator, [theirs]));
    expect(other.data.results).toEqual([
      { id: theirs.id, ok: false, code: 'SCF.RECORD_FORBIDDEN', message: '贵企业无权访问该记录' },
    ]);

    const mine = await draft(operator, '查询岗删不了');
    const query = await as(s.app, 'core_query', 'ROLE_CORE_QUERY');
    const refused = body(await remove(query, [mine]));
    expect(refused.data).toEqual({
      results: [
        { id: mine.id, ok: false, code: 'SCF.DELETE_FORBIDDEN', message: '当前角色无权删除该示例申请' },
      ],
      succeeded: 0,
      refused: 1,
    });
    expect(await exists(theirs.id)).toBe(true);
    expect(await exists(mine.id)).toBe(true);
    expect(await count(s, 'demo_application')).toBe(before + 1);
    // Only the second draft's create was audited in between.
    expect(await count(s, 'biz_audit')).toBe(auditRows + 1);
  });

  it('has no delete on a model that does not declare it', async () => {
    const finalist = await as(s.app, 'core_final', 'ROLE_CORE_FINAL');
    const res = await finalist.call('POST', batchPath('creditIssue', 'delete'), {
      body: { items: [{ id: 'x1', version: 1 }] },
    });
    expect(body(res).code).toBe('SCF.NOT_FOUND');
  });
});
