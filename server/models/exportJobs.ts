import type { CurrentUser } from '../context';
import type { Db, Queryable } from '../db/db';
import { ApiError } from '../errors';
import { writeAudit } from './audit';
import type { ActionService, Effect } from './effects';
import { userKey } from './recordStore';

/**
 * The one writer of the download centre's jobs (model `exportJob`, table `export_jobs`, records seen by
 * their user alone: ADR 0007 addendum). server/lists/exports.ts asks it to create a job, to report its
 * progress while the file is written (many small writes, each outside any engine transaction), to end it
 * done or failed, and to take up a job its owner retried (the engine's transition `retry`, whose service
 * and effect below claim it and have it written again). Every change of a field the model shows bumps the version; every change of state has
 * its audit entry (the system's, as an effect's records are, except the creation by the exporting user).
 */
export interface NewExportJob {
  id: string;
  user: CurrentUser;
  role: string;
  model: string;
  title: string;
  fileName: string;
  params: unknown;
  columns: unknown;
  total: number;
  worker: string;
}

export async function createExportJob(q: Queryable, j: NewExportJob): Promise<void> {
  const at = new Date();
  await q.query(
    `insert into export_jobs (id, user_id, corp_id, model, title, file_name, params, columns, state, total,
                              worker, heartbeat_at, visible_corps, created_by, created_by_name,
                              created_corp_id, created_corp_name, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, 'running', $9, $10, $11, array[$12::text], $2, $13,
             $3, $14, $11, $11)`,
    [
      j.id,
      j.user.id,
      j.user.corpId,
      j.model,
      j.title,
      j.fileName,
      JSON.stringify(j.params),
      JSON.stringify(j.columns),
      j.total,
      j.worker,
      at,
      userKey(j.user.id),
      j.user.personName,
      j.user.corpName,
    ],
  );
  await writeAudit(q, [
    {
      model: 'exportJob',
      recordId: j.id,
      action: 'create',
      from: null,
      to: 'running',
      user: j.user,
      role: j.role,
      at,
    },
  ]);
}

/** Rows written so far by a running job (its worker is alive, too). */
export async function reportExportProgress(q: Queryable, id: string, done: number): Promise<void> {
  await q.query(
    `update export_jobs set done = $2, heartbeat_at = now(), version = version + 1, updated_at = now()
      where id = $1 and state = 'running'`,
    [id, done],
  );
}

/** The worker of running jobs says it is alive (no field of the model changes). */
export async function beatExportWorker(q: Queryable, worker: string): Promise<void> {
  await q.query(`update export_jobs set heartbeat_at = now() where worker = $1 and state = 'running'`, [
    worker,
  ]);
}

/** A running job written to the end: its file is in the store under `storageKey`. */
export async function finishExportJob(
  q: Queryable,
  id: string,
  f: { done: number; storageKey: string; size: number },
): Promise<void> {
  await ended(
    q,
    await q.query<{ id: string }>(
      `update export_jobs set state = 'done', done = $2, storage_key = $3, size = $4, finished_at = now(),
              version = version + 1, updated_at = now()
        where id = $1 and state = 'running' returning id`,
      [id, f.done, f.storageKey, f.size],
    ),
    'done',
  );
}

/** Running jobs ended failed with the message the download centre shows; `where` picks them. */
async function failJobs(q: Queryable, error: string, where: string, params: unknown[]): Promise<void> {
  await ended(
    q,
    await q.query<{ id: string }>(
      `update export_jobs set state = 'failed', error = $1, finished_at = now(), version = version + 1,
              updated_at = now()
        where state = 'running' and (${where}) returning id`,
      [error, ...params],
    ),
    'failed',
  );
}

export const failExportJob = (q: Queryable, id: string, error: string): Promise<void> =>
  failJobs(q, error, 'id = $2', [id]);

/**
 * Fails the running jobs whose worker is gone: silent for `staleSeconds`, or with `everyRunning` all of
 * them (server/lists/exports.ts failStaleExports decides when).
 */
export async function failSilentExportJobs(
  db: Db,
  error: string,
  everyRunning: boolean,
  staleSeconds: number,
): Promise<void> {
  /** The silent jobs, with the flag and the seconds as parameters number `flag` and `secs`. */
  const silent = (flag: number, secs: number): string =>
    `$${flag} or heartbeat_at is null or heartbeat_at < now() - make_interval(secs => $${secs})`;
  // Every instance asks every few seconds: a read first, so that no job to fail means no write at all (an
  // UPDATE of no row still fires statement triggers and takes a write transaction).
  const found = await db.query<{ any: boolean }>(
    `select exists (select 1 from export_jobs where state = 'running' and (${silent(1, 2)})) as any`,
    [everyRunning, staleSeconds],
  );
  if (!found.rows[0]?.any) return;
  await db.transaction((tx) => failJobs(tx, error, silent(2, 3), [everyRunning, staleSeconds]));
}

/**
 * 重新导出 (transition `retry`, failed → running), in its transaction: only the job's own user, and only on
 * an instance that writes exports; the job is claimed by this instance's worker (no field of the model
 * changes), so the sweep of silent workers cannot fail it before {@link restartExportJob}.
 * @throws EXPORT_NOT_FOUND for another user, EXPORT_NOT_RETRYABLE where no export runner is.
 */
const claimRetry: ActionService = async (c) => {
  if (c.record.data.userId !== c.user.id) throw new ApiError('EXPORT_NOT_FOUND');
  const runner = c.host.exportRunner;
  if (!runner) throw new ApiError('EXPORT_NOT_RETRYABLE');
  await c.tx.query(`update export_jobs set worker = $2, heartbeat_at = now() where id = $1`, [
    c.record.id,
    runner.worker,
  ]);
  return { restarting: true };
};

/** Once the retry committed: the job is written again by the runner that claimed it. */
const writeAgain: Effect = async (c) => {
  c.host.exportRunner?.restart(c.record.id, c.user, c.role);
};

/** The service and the effect the model exportJob names (registered by the account centre). */
export const exportJobServices: Readonly<Record<string, ActionService>> = { 'exportJob.retry': claimRetry };
export const exportJobEffects: Readonly<Record<string, Effect>> = { 'exportJob.writeAgain': writeAgain };

/**
 * A job its owner retried (the engine's transition `retry` moved it from failed to running): written again
 * from the start by `worker`, counting `total` rows now.
 */
export async function restartExportJob(
  q: Queryable,
  id: string,
  total: number,
  worker: string,
): Promise<void> {
  await q.query(
    `update export_jobs set total = $2, done = 0, error = null, storage_key = null, size = null,
            finished_at = null, worker = $3, heartbeat_at = now(), version = version + 1, updated_at = now()
      where id = $1 and state = 'running'`,
    [id, total, worker],
  );
}

const ended = (q: Queryable, r: { rows: { id: string }[] }, to: string): Promise<void> =>
  writeAudit(
    q,
    r.rows.map((j) => ({
      model: 'exportJob',
      recordId: j.id,
      action: to === 'done' ? 'finish' : 'fail',
      from: 'running',
      to,
      user: null,
      role: null,
      at: new Date(),
    })),
  );

/** What the model does not show of a job: the query and columns it exports, and where its file is. */
export interface ExportJobTask {
  params: Record<string, string | string[]>;
  columns: { field: string; title: string }[];
  storageKey: string | null;
}

/** The query, columns and file of job `id`; the caller has read the job through the engine (who may see it). */
export async function exportJobTask(q: Queryable, id: string): Promise<ExportJobTask> {
  const r = await q.query<ExportJobTask>(
    `select params, columns, storage_key as "storageKey" from export_jobs where id = $1`,
    [id],
  );
  return r.rows[0]!;
}

/** Jobs being written, on every instance of this database (server/ops.ts's gauge). */
export async function countRunningExportJobs(q: Queryable): Promise<number> {
  const r = await q.query<{ n: number }>(
    `select count(*)::int as n from export_jobs where state = 'running'`,
  );
  return r.rows[0]?.n ?? 0;
}
