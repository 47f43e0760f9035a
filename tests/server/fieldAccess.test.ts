import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { DICTIONARY_API, exportPath, type ExportJob } from '@renderer/core/model';
import {
  API,
  as,
  body,
  count,
  create,
  getRecord,
  list,
  modelsServer,
  type ModelsTestServer,
} from './modelsHelpers';

let s: ModelsTestServer;
beforeAll(async () => {
  s = await modelsServer();
});
afterAll(async () => {
  await s.close();
});

const MODEL = 'demoApplication';
const payload = (over: Record<string, unknown> = {}) => ({
  title: '设备采购',
  amount: '1000.00',
  province: '420000',
  city: '420100',
  district: '420106',
  ...over,
});

/** What an edit form sends back: the version and every field it shows, changed or not. */
const editable = (record: Record<string, unknown>) => {
  const { version, title, amount, province, city, district, approvedAmount } = record;
  return { version, title, amount, province, city, district, approvedAmount };
};

describe('per-field permissions (model fieldAccess)', () => {
  it('refuses a create that writes a field the role may not write, and writes nothing', async () => {
    const operator = await as(s.app, 'core_operator', 'ROLE_CORE_OPERATOR');
    const before = await count(s, 'demo_application');
    const res = body(await create(operator, MODEL, payload({ approvedAmount: '900.00' })));
    expect(res.code).toBe('SCF.FIELD_WRITE_FORBIDDEN');
    expect(res.message).toBe('当前角色无权填写或修改“批复金额”');
    expect(res.data.fieldErrors).toEqual({ approvedAmount: '当前角色无权填写或修改“批复金额”' });
    expect(await count(s, 'demo_application')).toBe(before);
  });

  it('lets the director write it, refuses the operator changing it, accepts it sent back unchanged', async () => {
    const director = await as(s.app, 'core_director', 'ROLE_CORE_DIRECTOR');
    const made = body(await create(director, MODEL, payload({ approvedAmount: '800.00' })));
    expect(made.code).toBe('0');
    expect(made.data.approvedAmount).toBe('800.00');
    expect(made.data.fieldAccess).toEqual({});

    const operator = await as(s.app, 'core_operator', 'ROLE_CORE_OPERATOR');
    const seen = body(await getRecord(operator, MODEL, made.data.id)).data;
    expect(seen.fieldAccess).toEqual({ approvedAmount: 'readOnly' });

    const changed = body(
      await operator.call('PUT', `${API}/${MODEL}/records/${made.data.id}`, {
        body: { ...editable(seen), approvedAmount: '999.00', remark: '改了' },
      }),
    );
    expect(changed.code).toBe('SCF.FIELD_WRITE_FORBIDDEN');
    const cleared = body(
      await operator.call('PUT', `${API}/${MODEL}/records/${made.data.id}`, {
        body: { version: seen.version, approvedAmount: null },
      }),
    );
    expect(cleared.code).toBe('SCF.FIELD_WRITE_FORBIDDEN');
    const after = body(await getRecord(operator, MODEL, made.data.id)).data;
    expect(after.version).toBe(seen.version);
    expect(after.remark ?? null).toBeNull();

    // The whole record sent back (the edit form does this) with the locked field untouched is fine.
    const same = body(
      await operator.call('PUT', `${API}/${MODEL}/records/${made.data.id}`, {
        body: { ...editable(seen), remark: '改了' },
      }),
    );
    expect(same.code).toBe('0');
    expect(same.data.remark).toBe('改了');
    expect(same.data.approvedAmount).toBe('800.00');
  });

  it('leaves a hidden field out of every answer for the role, and keeps it for others', async () => {
    const director = await as(s.app, 'core_director', 'ROLE_CORE_DIRECTOR');
    const made = body(await create(director, MODEL, payload({ internalNote: '仅内部可见' }))).data;
    const query = await as(s.app, 'core_query', 'ROLE_CORE_QUERY');
    const one = body(await getRecord(query, MODEL, made.id)).data;
    expect(one).not.toHaveProperty('internalNote');
    expect(one.fieldAccess).toMatchObject({ internalNote: 'hidden', approvedAmount: 'readOnly' });
    const rows = (await list(query, MODEL)).list as Array<Record<string, unknown>>;
    expect(rows.find((r) => r.id === made.id)).not.toHaveProperty('internalNote');
    expect(body(await getRecord(director, MODEL, made.id)).data.internalNote).toBe('仅内部可见');
  });
});

describe('a hidden field asked for by name', () => {
  const HIDDEN = { code: 'SCF.FIELD_HIDDEN', message: '当前角色无权查看“内部备注”' };
  const columns = [
    { field: 'applicationNo', title: '申请编号' },
    { field: 'internalNote', title: '内部备注' },
  ];

  it('is refused to the role in exports, sorts, filters and aggregates', async () => {
    const director = await as(s.app, 'core_director', 'ROLE_CORE_DIRECTOR');
    await create(director, MODEL, payload({ internalNote: '底价九折' }));
    const query = await as(s.app, 'core_query', 'ROLE_CORE_QUERY');
    const jobsBefore = await count(s, 'export_jobs');
    const exported = await query.call('POST', exportPath(MODEL), { body: { columns, title: '申请' } });
    expect(body(exported)).toMatchObject(HIDDEN);
    const filteredExport = await query.call('POST', exportPath(MODEL), {
      body: { columns: columns.slice(0, 1), params: { internalNote: '底价' } },
    });
    expect(body(filteredExport)).toMatchObject(HIDDEN);
    expect(await count(s, 'export_jobs')).toBe(jobsBefore);

    const get = async (url: string, q: Record<string, string>) =>
      body(await query.call('GET', url, { query: q }));
    const records = `${API}/${MODEL}/records`;
    expect(await get(records, { sort: 'internalNote,asc' })).toMatchObject(HIDDEN);
    expect(await get(records, { internalNote: '底价' })).toMatchObject(HIDDEN);
    const aggregates = `${API}/${MODEL}/aggregates`;
    expect(await get(aggregates, { groupBy: 'internalNote' })).toMatchObject(HIDDEN);
    expect(await get(aggregates, { groupBy: 'status', internalNote: '底价' })).toMatchObject(HIDDEN);

    // What the role may see still works for it, and the director may use the field everywhere.
    expect((await get(records, { sort: 'amount,desc' })).code).toBe('0');
    expect((await get(aggregates, { groupBy: 'status' })).code).toBe('0');
    const sorted = body(
      await director.call('GET', records, { query: { sort: 'internalNote,asc', internalNote: '底价' } }),
    );
    expect(sorted.data.list.map((r: { internalNote: string }) => r.internalNote)).toEqual(['底价九折']);
    const grouped = body(await director.call('GET', aggregates, { query: { groupBy: 'internalNote' } }));
    expect(grouped.data.groups.map((g: { key: string }) => g.key)).toContain('底价九折');
  });

  it('never reaches the role’s export file, and reaches the director’s', async () => {
    const director = await as(s.app, 'core_director', 'ROLE_CORE_DIRECTOR');
    const made = body(await create(director, MODEL, payload({ internalNote: '仅内部可见' }))).data;
    const sheetOf = async (b: typeof director, cols: typeof columns) => {
      const job = body(
        await b.call('POST', exportPath(MODEL), { body: { columns: cols, params: { id: made.id } } }),
      ).data as ExportJob;
      const res = await b.call('GET', job.url!, { unsigned: true });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return workbook.worksheets[0]!.getRow(2).values;
    };
    expect(await sheetOf(director, columns)).toEqual([undefined, made.applicationNo, '仅内部可见']);
    const query = await as(s.app, 'core_query', 'ROLE_CORE_QUERY');
    expect(await sheetOf(query, columns.slice(0, 1))).toEqual([undefined, made.applicationNo]);
  });
});

describe('dictionaries for remote selects', () => {
  it('cascades regions by parent, searches and pages banks, and lists a bank’s branches', async () => {
    const b = await as(s.app, 'core_operator');
    const get = async (url: string, query: Record<string, string> = {}) =>
      body(await b.call('GET', url, { query }));
    const provinces = await get(DICTIONARY_API.regions);
    expect(provinces.data.list.map((r: { name: string }) => r.name)).toContain('湖北省');
    const cities = await get(DICTIONARY_API.regions, { parent: '420000' });
    expect(cities.data.list).toEqual([
      { code: '420100', name: '武汉市' },
      { code: '420500', name: '宜昌市' },
    ]);
    const districts = await get(DICTIONARY_API.regions, { parent: '420100', keyword: '武昌' });
    expect(districts.data.list).toEqual([{ code: '420106', name: '武昌区' }]);

    const first = await get(DICTIONARY_API.banks, { size: '10' });
    expect(first.data.list).toHaveLength(10);
    expect(first.data.pagecond).toEqual({ count: 14, page: 1, size: 10 });
    const second = await get(DICTIONARY_API.banks, { size: '10', page: '2' });
    expect(second.data.list).toHaveLength(4);
    expect((await get(DICTIONARY_API.banks, { keyword: '建设' })).data.list).toEqual([
      { code: '105', name: '中国建设银行' },
    ]);
    const branches = await get(DICTIONARY_API.bankBranches, { bank: '308' });
    expect(branches.data.pagecond.count).toBe(2);
    expect((await get(DICTIONARY_API.bankBranches)).data.list).toEqual([]);
  });
});
