import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModels, type ModelSet } from '@server/models/loadModels';
import { selectColumns, selectRows } from '@server/models/recordStore';
import { productEffects } from '@server/products';
import { modelsServer, type ModelsTestServer } from './modelsHelpers';

/**
 * Records are read as one JSON text (recordStore selectRows): for every model of the demo world, the same
 * rows, values and order as the plain select answers them.
 */
describe('records read as one JSON text', () => {
  let s: ModelsTestServer;
  let models: ModelSet;

  beforeAll(async () => {
    s = await modelsServer();
    models = loadModels(join(process.cwd(), 'schemas'), productEffects());
  });
  afterAll(async () => {
    await s.close();
  });

  it('answers every model the rows of the plain select, in its order', async () => {
    let compared = 0;
    for (const model of models.models.values()) {
      const sql = `select ${selectColumns(model)} from ${model.table} order by created_at desc, id desc`;
      const plain = (await s.db.query(sql)).rows;
      expect(await selectRows(s.db, sql, [])).toEqual(plain);
      compared += plain.length;
    }
    // The demo world has records of many kinds (money, rates, dates, times, jsonb, booleans, nulls).
    expect(compared).toBeGreaterThan(100);
  });

  it('keeps the order of a sorted page and answers none as an empty list', async () => {
    const model = models.models.get('creditVoucher')!;
    for (const dir of ['asc', 'desc']) {
      const sql = `select ${selectColumns(model)} from ${model.table} where visible_corps @> $1::text[]
        order by amount ${dir}, id ${dir} limit 7`;
      const rows = await selectRows(s.db, sql, [['SUP001']]);
      expect(rows.length).toBe(7);
      expect(rows.map((r) => r.id)).toEqual(
        (await s.db.query<{ id: string }>(sql, [['SUP001']])).rows.map((r) => r.id),
      );
    }
    expect(
      await selectRows(s.db, `select ${selectColumns(model)} from ${model.table} where id = $1`, ['none']),
    ).toEqual([]);
  });
});
