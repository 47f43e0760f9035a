import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { ApiError, ok } from '../errors';
import type { ModelSet } from '../models/loadModels';
import { timeOrderedId } from '../models/ids';
import { insertRecords } from '../models/recordStore';
import { chinaDay } from '../models/recordWriter';
import type { BizRecord } from '../models/types';

/** Most rows one call may add (the renderer demo's 10,000-row export plus room). */
export const DEMO_BULK_MAX = 20_000;
const MODEL = 'demoApplication';

/**
 * Adds `count` applications of the renderer demo (schemas/demo/renderer.json) for a user's enterprise in
 * a few multi-row inserts, numbered from one reserved block of the daily sequence: the fixture's large
 * export and batch actions need many rows without thousands of API calls. Titles are `{title}{n}`
 * (n from 1), amounts n × 100.01; the first row is the newest.
 */
export async function addDemoApplications(
  db: Db,
  models: ModelSet,
  options: { username: string; count: number; title: string; state: string; now: Date },
): Promise<number> {
  const model = models.models.get(MODEL);
  if (!model) throw new ApiError('NOT_FOUND');
  const users = await db.query<{ id: string; person_name: string; corp_id: string; corp_name: string }>(
    `select u.id, u.person_name, c.id as corp_id, c.name as corp_name
       from users u join corps c on c.id = u.corp_id where u.username = $1`,
    [options.username],
  );
  const user = users.rows[0];
  if (!user) throw new ApiError('NOT_FOUND');
  const prefix = `${model.def.numbering!.prefix}${chinaDay(options.now).replace(/-/g, '')}`;
  await db.transaction(async (tx) => {
    const seq = await tx.query<{ value: string | number }>(
      `insert into biz_sequences (name, value) values ($1, $2)
         on conflict (name) do update set value = biz_sequences.value + $2 returning value`,
      [prefix, options.count],
    );
    const last = Number(seq.rows[0]!.value);
    const records: BizRecord[] = [];
    for (let n = 1; n <= options.count; n++) {
      // Row 1 newest: one millisecond apart, counting back from now.
      const at = new Date(options.now.getTime() - n);
      records.push({
        id: timeOrderedId(at),
        version: 1,
        state: options.state,
        createdAt: at.toISOString(),
        updatedAt: at.toISOString(),
        createdBy: user.id,
        createdByName: user.person_name,
        createdCorpId: user.corp_id,
        createdCorpName: user.corp_name,
        data: {
          applicationNo: prefix + String(last - options.count + n).padStart(6, '0'),
          applicantCorpId: user.corp_id,
          applicantName: user.corp_name,
          title: `${options.title}${n}`,
          amount: ((n * 10001) / 100).toFixed(2),
        },
      });
    }
    await insertRecords(
      tx,
      model,
      records,
      { userId: user.id, personName: user.person_name, corpId: user.corp_id, corpName: user.corp_name },
      options.now,
    );
  });
  return options.count;
}

/**
 * Test mode only (TEST_MODE=true): `POST /test/demo-applications {username, count, title, state?}` adds
 * rows through {@link addDemoApplications} (tests/e2e/renderer-v2.spec.ts).
 */
export function registerDemoApplicationsRoute(
  app: FastifyInstance,
  db: Db,
  models: ModelSet,
  now: () => Date,
): void {
  app.post<{ Body: Record<string, unknown> }>(
    '/test/demo-applications',
    // A test's plain request (no page key, no CSRF token): mounted only in test mode.
    { config: { auth: 'none', navigation: true, safe: true } },
    async (req) => {
      const b = req.body ?? {};
      const count = Number(b.count);
      const state =
        typeof b.state === 'string' ? b.state : (models.models.get(MODEL)?.def.initialState ?? '');
      if (!Number.isInteger(count) || count < 1 || count > DEMO_BULK_MAX || typeof b.title !== 'string')
        throw new ApiError('BATCH_ITEM_INVALID');
      if (!models.models.get(MODEL)?.states.has(state)) throw new ApiError('BATCH_ITEM_INVALID');
      const username = typeof b.username === 'string' ? b.username : '';
      return ok({
        count: await addDemoApplications(db, models, { username, count, title: b.title, state, now: now() }),
      });
    },
  );
}
