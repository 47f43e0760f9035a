import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWhere, onRecordTable, orderBy, withSearches, type QueryParams } from '@server/models/listQuery';
import { join } from 'node:path';
import { ensureModelTables, modelIndexes, sideIndexes, sideTable } from '@server/models/modelTables';
import type { CompiledModel } from '@server/models/compileModel';
import { loadModels, type ModelSet } from '@server/models/loadModels';
import { productEffects } from '@server/products';
import { as, list, modelsServer, type ModelsTestServer } from './modelsHelpers';
import type { Browser } from './helpers';

/**
 * Lists read the per-enterprise side table `<table>_by_corp` (modelTables). These tests compare every
 * list the credit pages send with the same conditions answered on the record table itself (visibility by
 * `visible_corps`), and follow the side table through inserts, state, visibility and column changes and
 * deletes.
 */
describe('lists through the per-enterprise side table', () => {
  let s: ModelsTestServer;
  let voucher: CompiledModel;
  let models: ModelSet;
  const users: Record<string, Browser> = {};

  beforeAll(async () => {
    s = await modelsServer();
    models = loadModels(join(process.cwd(), 'schemas'), productEffects());
    voucher = models.models.get('creditVoucher')!;
    // 120 vouchers: four holders, five states, ties and nulls in the sorted columns, names to search.
    await s.db.exec(`insert into credit_voucher (id, state, version, visible_corps, created_at, updated_at,
        voucher_no, root_no, issuer_corp_id, issuer_name, holder_corp_id, holder_name, amount, available_amount,
        frozen_amount, issue_date, due_date, actual_due_date)
      select 'side-' || g, (array['ISD','FID','RD0','RD1','RDD'])[g % 5 + 1], 1,
        case g % 4 when 0 then array['CORE001','SUP001'] when 1 then array['CORE001','UNIT001']
          when 2 then array['CORE001','SUP001','UNIT001'] else array['CORE001'] end,
        timestamptz '2026-01-01 00:00:00+08' + (g / 3) * interval '1 hour', now(),
        'CVS' || lpad(g::text, 6, '0'), case when g % 7 = 0 then null else 'CVR' || (g % 9) end,
        'CORE001', '华建集团第一工程局有限公司', case g % 4 when 1 then 'UNIT001' else 'SUP001' end,
        case g % 3 when 0 then '华建建材供应有限公司' when 1 then '华建一局第三项目部' else '50%_供应商' end,
        ((g * 7919) % 5000 + 100)::numeric(16,2), case when g % 6 = 0 then null else (g % 11) * 1000 end, 0,
        date '2026-01-01' + (g % 40), date '2026-07-01' + (g % 25), case when g % 5 = 0 then null else date '2026-08-01' + (g % 13) end
      from generate_series(1, 120) g`);
    users.CORE001 = await as(s.app, 'core_operator');
    users.SUP001 = await as(s.app, 'chain_operator');
    users.UNIT001 = await as(s.app, 'unit_operator');
  });
  afterAll(async () => {
    await s.close();
  });

  /** The ids and total of a query answered on the record table (visibility by visible_corps), every page. */
  async function reference(
    model: CompiledModel,
    corp: string,
    query: QueryParams,
  ): Promise<[string[], number]> {
    // Field permissions are the engine's own check (fieldAccess.test.ts); these models hide nothing.
    const where = buildWhere(model, corp, query, null);
    // Contains filters as ILIKE on the record's own column (the side table's LIKE on a lower-cased copy
    // must match the same rows).
    const sql = onRecordTable(model, where);
    expect(sql).not.toContain('_lc_');
    const rows = await s.db.query<{ id: string }>(
      `select t.id from ${model.table} t where ${sql} order by ${orderBy(model, query, null)}`,
      where.params,
    );
    return [rows.rows.map((r) => r.id), rows.rows.length];
  }

  async function same(model: CompiledModel, corp: string, query: Record<string, string>): Promise<number> {
    const [ids, total] = await reference(model, corp, query);
    const answer = await list(users[corp]!, model.name, { ...query, size: '100' });
    expect(answer.pagecond.count, `${model.name} ${corp} ${JSON.stringify(query)}`).toBe(total);
    const listed = (answer.list as Array<{ id: string }>).map((r) => r.id);
    expect(listed, `${model.name} ${corp} ${JSON.stringify(query)}`).toEqual(ids.slice(0, 100));
    return total;
  }

  // About 700 list requests, each compared with a query of the record table: 8 s on a quiet machine, past the
  // suite's 60 s once when the machine ran other suites beside it.
  it(
    'answers every filter and sort of the credit lists as the record table does',
    { timeout: 180_000 },
    async () => {
      const sorts = ['createdAt', 'status', ...(voucher.def.query?.sort ?? [])];
      const filters: Array<Record<string, string>> = [
        {},
        { status: 'ISD' },
        {
          status: 'FID',
          amountMin: '1000',
          amountMax: '4000',
          dueDateFrom: '2026-07-05',
          dueDateTo: '2026-07-20',
        },
        { holderName: '建材' },
        { holderName: '50%_' },
        { voucherNo: 'cvs0000' },
        { rootNo: 'CVR3' },
        { issuerName: '第一工程局' },
        { issuerCorpId: 'CORE001', holderCorpId: 'SUP001' },
        { availableAmountMin: '3000', issueDateFrom: '2026-01-10', issueDateTo: '2026-01-30' },
        { id: 'side-4' },
      ];
      let nonEmpty = 0;
      for (const corp of Object.keys(users)) {
        for (const filter of filters) {
          for (const sort of sorts)
            for (const dir of ['asc', 'desc'])
              if ((await same(voucher, corp, { ...filter, sort: `${sort},${dir}` })) > 0) nonEmpty++;
        }
        // Repeated `status` (a tab of several states) and a second page.
        const tab = new URLSearchParams('status=RD0&status=RD1&status=RD9&sort=dueDate,asc&page=2&size=5');
        const [ids] = await reference(voucher, corp, { status: tab.getAll('status'), sort: 'dueDate,asc' });
        const res = await users[corp]!.call('GET', `/biz/v1/models/creditVoucher/records`, {
          // URLSearchParams keeps the repeated name (a record cannot).
          query: tab as unknown as Record<string, string>,
        });
        expect((res.json().data.list as Array<{ id: string }>).map((r) => r.id)).toEqual(ids.slice(5, 10));
      }
      expect(nonEmpty).toBeGreaterThan(300);
      // Every other credit model, every sort, as each enterprise.
      for (const model of models.models.values()) {
        if (!model.name.startsWith('credit') || model === voucher) continue;
        for (const corp of Object.keys(users))
          for (const sort of ['createdAt', ...(model.def.query?.sort ?? [])])
            await same(model, corp, { sort: `${sort},desc` });
      }
    },
  );

  it('answers a contains filter on a searchable field alike with and without its bigram index', async () => {
    const side = sideTable(voucher);
    // Names with upper-case ASCII, LIKE wildcards, a repeated bigram and a one-character name, visible
    // to SUP001 and UNIT001 in turn (the n-grams carry the enterprise).
    const names = ['ABC建材Co', 'abc_50%供应', '华建建材建材', '建', '50%_x', null, '第三项目部Ab'];
    await s.db.query(
      `insert into credit_voucher (id, state, version, visible_corps, voucher_no, issuer_name, holder_name,
         amount, available_amount, frozen_amount)
       select 'ng-' || i, 'ISD', 1, case when i % 2 = 0 then array['SUP001'] else array['UNIT001','SUP001'] end,
         'CVN' || i, '华建集团', n, 1.00, 1.00, 0 from unnest($1::text[]) with ordinality as x(n, i)`,
      [names],
    );
    const terms = [
      'abc',
      'C建',
      '建',
      '建材',
      '建建',
      '建材建材',
      '第三项目',
      '50%',
      '%_',
      '_',
      '%',
      'c_5',
      'xyz',
      '材供',
    ];
    const gin = `${side}__ng_holder_name`;
    try {
      for (const corp of ['SUP001', 'UNIT001']) {
        for (const term of terms) {
          const query = { holderName: term, sort: 'createdAt,desc' };
          const [ids] = await reference(voucher, corp, query);
          await same(voucher, corp, query);
          // A few rows: the planner expects the GIN index to narrow them, so the bigram condition is added.
          const where = await withSearches(s.db, voucher, buildWhere(voucher, corp, query, null));
          const searched = where.sql.includes('_ng_holder_name');
          expect(searched, term).toBe([...term].length >= 2);
          const sql = (w: string): string =>
            `select s.id from ${side} s where ${w} order by ${orderBy(voucher, query, null, 's')}`;
          // The index forced (no sequential or plain index scan, the enterprise not answered by a btree):
          // the plan reads the GIN index.
          const forced = where.sql.replace('s._corp = $1', "s._corp || '' = $1");
          await s.db.exec(
            'set enable_seqscan = off; set enable_indexscan = off; set enable_indexonlyscan = off',
          );
          const plan = await s.db.query<{ 'QUERY PLAN': string }>(`explain ${sql(forced)}`, where.params);
          if (searched) expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n'), term).toContain(gin);
          const indexed = await s.db.query<{ id: string }>(sql(forced), where.params);
          await s.db.exec('reset enable_seqscan; reset enable_indexscan; reset enable_indexonlyscan');
          // Without it: the bigram condition left out, the LIKE alone.
          const plain = await s.db.query<{ id: string }>(
            sql(
              where.sql.replace(/s\._ng_holder_name @> \w+\(\$1, lower\((\$\d+)\)\)/, '$1::text is not null'),
            ),
            where.params,
          );
          expect(
            indexed.rows.map((r) => r.id),
            `${corp} ${term}`,
          ).toEqual(ids);
          expect(
            plain.rows.map((r) => r.id),
            `${corp} ${term}`,
          ).toEqual(ids);
        }
      }
      // Some terms match, some do not.
      const [abc] = await reference(voucher, 'SUP001', { holderName: 'abc' });
      expect(abc.sort()).toEqual(['ng-1', 'ng-2']);
      const [wild] = await reference(voucher, 'SUP001', { holderName: '%_' });
      expect(wild.filter((id) => id.startsWith('ng-'))).toEqual(['ng-5']);
    } finally {
      await s.db.exec('reset all');
      await s.db.exec(`delete from credit_voucher where id like 'ng-%'`);
    }
  });

  it('follows inserts, state, visibility and column changes and deletes', async () => {
    const side = sideTable(voucher);
    const rows = async (id: string): Promise<string[]> =>
      (
        await s.db.query<{ r: string }>(
          `select _corp || ' ' || state || ' ' || amount::text as r from ${side} where id = $1 order by _corp`,
          [id],
        )
      ).rows.map((r) => r.r);
    await s.db.exec(`insert into credit_voucher (id, state, version, visible_corps, voucher_no, amount,
      available_amount, frozen_amount) values ('side-x', 'ISD', 1, array['CORE001','SUP001'], 'CVX1', 10.00, 10.00, 0)`);
    expect(await rows('side-x')).toEqual(['CORE001 ISD 10.00', 'SUP001 ISD 10.00']);
    await s.db.exec(`update credit_voucher set state = 'FID' where id = 'side-x'`);
    expect(await rows('side-x')).toEqual(['CORE001 FID 10.00', 'SUP001 FID 10.00']);
    await s.db.exec(
      `update credit_voucher set visible_corps = array['CORE001','UNIT001'] where id = 'side-x'`,
    );
    expect(await rows('side-x')).toEqual(['CORE001 FID 10.00', 'UNIT001 FID 10.00']);
    await s.db.exec(`update credit_voucher set amount = 25.50 where id = 'side-x'`);
    expect(await rows('side-x')).toEqual(['CORE001 FID 25.50', 'UNIT001 FID 25.50']);
    // A write that touches no copied column leaves the rows as they are.
    await s.db.exec(`update credit_voucher set version = version + 1 where id = 'side-x'`);
    expect(await rows('side-x')).toEqual(['CORE001 FID 25.50', 'UNIT001 FID 25.50']);
    const seen = await list(users.UNIT001!, 'creditVoucher', { voucherNo: 'CVX1', status: 'FID' });
    expect(seen.list.map((r: { amount: string }) => r.amount)).toEqual(['25.50']);
    // A contains filter reads the lower-cased copy, which follows its field.
    await s.db.exec(`update credit_voucher set holder_name = '华建Side建材' where id = 'side-x'`);
    const named = await list(users.UNIT001!, 'creditVoucher', { holderName: 'sIDE建', status: 'FID' });
    expect(named.list.map((r: { id: string }) => r.id)).toEqual(['side-x']);
    expect((await list(users.SUP001!, 'creditVoucher', { voucherNo: 'CVX1' })).pagecond.count).toBe(0);
    await s.db.exec(`delete from credit_voucher where id = 'side-x'`);
    expect(await rows('side-x')).toEqual([]);
    // The whole table still matches the records, one row per visible enterprise.
    const drift = await s.db.query<{ n: number }>(
      `select count(*)::int as n from (
         (select c, id, state from credit_voucher, unnest(visible_corps) c
          except select _corp, id, state from ${side})
         union all
         (select _corp, id, state from ${side}
          except select c, id, state from credit_voucher, unnest(visible_corps) c)) x`,
    );
    expect(drift.rows[0]!.n).toBe(0);
  });

  it('sorts from indexes that carry the range-filtered columns; a database of before loses the former ones', async () => {
    const side = sideTable(voucher);
    // A database made before the range columns were carried: its sort index by amount under the former name.
    await s.db.exec(`create index ${side}_c_amount on ${side} (_corp, amount, id)`);
    const made = await ensureModelTables(s.db, models);
    expect(made).toContain(`drop index if exists ${side}_c_amount`);
    const defs = (
      await s.db.query<{ indexname: string; indexdef: string }>(
        `select indexname, indexdef from pg_indexes where tablename = $1 order by indexname`,
        [side],
      )
    ).rows;
    expect(defs.map((d) => d.indexname)).not.toContain(`${side}_c_amount`);
    const byAmount = defs.find((d) => d.indexname === `${side}_sort_state_amount`)?.indexdef;
    expect(byAmount).toMatch(
      /\(_corp, state, amount, id\) INCLUDE \(available_amount, issue_date, due_date\)$/,
    );
    // Nothing is missing now: a second start changes nothing.
    expect(await ensureModelTables(s.db, models)).toEqual([]);
  });

  it('gives every index of every model a name of its own (names are cut at 63 characters)', () => {
    for (const model of models.models.values()) {
      const names = [...modelIndexes(model), ...sideIndexes(model)].map((i) => i.name);
      expect(new Set(names).size, model.name).toBe(names.length);
    }
  });
});
