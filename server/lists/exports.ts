import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import {
  EXPORT_JOB_THRESHOLD,
  exportFileName,
  exportFilePath,
  type ExportColumn,
  type ExportJob,
} from '@renderer/core/model';
import type { Db } from '../db/db';
import { ApiError, ok } from '../errors';
import { disposition } from '../files/fileRoutes';
import type { FileStorage } from '../files/fileStorage';
import type { CompiledModel } from '../models/compileModel';
import type { QueryParams } from '../models/listQuery';
import type { ModelEngine } from '../models/modelEngine';
import { actorOf } from '../models/modelRoutes';
import type { Actor } from '../models/recordJson';
import { columnWriters, createSheet } from './xlsx';
import { localTimeSql } from '../db/localTime';
import { route } from '../routes';
import { API } from '@contract/api';

const MAX_COLUMNS = 60;
const MAX_TITLE = 50;
/** Rows read and written per step; a running job reports its progress after each. */
const CHUNK = 1000;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** How often the worker of running jobs says it is alive (heartbeat_at). */
const HEARTBEAT_MS = 10_000;
/** A running job whose worker has been silent this long is gone (its process died): it has failed. */
export const STALE_EXPORT_MS = 60_000;
/** What the download centre shows for a failed job (it offers 重新导出). */
export const EXPORT_FAILED_MESSAGE = '导出失败，请重新导出';
export const EXPORT_INTERRUPTED_MESSAGE = '导出中断（服务已重启或停止），请重新导出';

interface JobRow {
  id: string;
  user_id: string;
  model: string;
  params: QueryParams;
  columns: ExportColumn[];
  title: string;
  status: ExportJob['status'];
  total: number;
  done: number;
  storage_key: string | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

const JOB_COLUMNS = `id, user_id, model, params, columns, title, status, total, done, storage_key, error,
  ${localTimeSql('created_at')} as created_at,
  ${localTimeSql('finished_at')} as finished_at`;

const jobJson = (r: JobRow): ExportJob => ({
  id: r.id,
  title: r.title,
  fileName: exportFileName(r.title),
  status: r.status,
  total: r.total,
  done: r.done,
  url: r.status === 'done' ? exportFilePath(r.id) : null,
  error: r.error,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
});

/** The query of a list as it was asked (strings or lists of strings; paging dropped). */
function queryOf(value: unknown): QueryParams {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new ApiError('BAD_REQUEST');
  const out: QueryParams = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (k === 'page' || k === 'size' || k === 'summary' || v === null || v === undefined) continue;
    if (Array.isArray(v)) out[k] = v.map(String);
    else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    else throw new ApiError('BAD_REQUEST');
  }
  return out;
}

function columnsOf(value: unknown): ExportColumn[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_COLUMNS)
    throw new ApiError('BAD_REQUEST');
  return value.map((c: unknown) => {
    const { field, title } = (c ?? {}) as Record<string, unknown>;
    if (typeof field !== 'string' || typeof title !== 'string' || !title.trim() || title.length > MAX_TITLE)
      throw new ApiError('BAD_REQUEST');
    return { field, title: title.trim() };
  });
}

/** One export to write: the job, who asks, and what. */
interface ExportTask {
  id: string;
  actor: Actor;
  model: CompiledModel;
  query: QueryParams;
  columns: readonly ExportColumn[];
  title: string;
}

export interface ExportOptions {
  db: Db;
  engine: ModelEngine;
  storage: FileStorage;
  /** Rows above which an export becomes a background job. @default EXPORT_JOB_THRESHOLD */
  threshold?: number;
}

/**
 * Exports of a list query to .xlsx (exceljs, written here, never in the browser), and the download
 * centre of each user:
 * POST /biz/v1/models/{model}/exports {params, columns: [{field, title}], title}
 *      → the job; up to the threshold the file is written before answering (status done, `url`),
 *        above it the job runs in the background (status running, `done` of `total` rows)
 * GET  /biz/v1/exports              the user's last 50 exports
 * GET  /biz/v1/exports/{id}         one of them (progress)
 * GET  /biz/v1/exports/{id}/file    the .xlsx (only its owner)
 * POST /biz/v1/exports/{id}/retry   a failed one written again, same query and columns (only its owner)
 * Rows are the ones the list would show the user: the same visibility, filters, sort and field permissions.
 * A job ends done or failed, never stays running: a failure while writing marks it failed (with the message
 * the download centre shows), and a job whose worker is gone (its process died: no heartbeat for
 * STALE_EXPORT_MS, or any running job when an embedded database starts again) is marked failed.
 */
export function registerExportRoutes(app: FastifyInstance, o: ExportOptions): void {
  const threshold = o.threshold ?? EXPORT_JOB_THRESHOLD;
  const worker = randomUUID();
  const running = new Set<Promise<void>>();
  const heartbeat = setInterval(() => {
    if (running.size === 0) return;
    o.db
      .query(`update export_jobs set heartbeat_at = now() where worker = $1 and status = 'running'`, [worker])
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  // A server stopping waits for its running exports, so none is cut off half-written.
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await Promise.allSettled([...running]);
  });

  const loadJob = async (userId: string, id: string): Promise<JobRow> => {
    await failStaleExports(o.db);
    const r = await o.db.query<JobRow>(`select ${JOB_COLUMNS} from export_jobs where id = $1`, [id]);
    const job = r.rows[0];
    if (!job || job.user_id !== userId) throw new ApiError('EXPORT_NOT_FOUND');
    return job;
  };

  const fail = async (id: string, error: unknown, log: FastifyBaseLogger): Promise<void> => {
    log.error({ err: error, job: id }, 'export failed');
    await o.db
      .query(`update export_jobs set status = 'failed', error = $2, finished_at = now() where id = $1`, [
        id,
        EXPORT_FAILED_MESSAGE,
      ])
      .catch(() => undefined);
  };

  /** Writes every matching row into a new sheet, reporting progress, and stores the file. */
  const write = async ({ id, actor, model, query, columns, title }: ExportTask): Promise<void> => {
    const sheet = createSheet(title, columnWriters(model, o.engine.models.dicts, columns, actor.role));
    let done = 0;
    await o.engine.eachRecord(
      actor,
      model.name,
      query,
      async (records) => {
        sheet.add(records);
        done += records.length;
        await o.db.query('update export_jobs set done = $2, heartbeat_at = now() where id = $1', [id, done]);
      },
      CHUNK,
    );
    const data = await sheet.toBuffer();
    const key = `exports/${id}`;
    await o.storage.put(key, data);
    await o.db.query(
      `update export_jobs set status = 'done', done = $2, storage_key = $3, size = $4, finished_at = now()
        where id = $1`,
      [id, done, key, data.length],
    );
  };

  /**
   * Runs job `id` (status running): at once up to the threshold (a failure is marked and answered as
   * EXPORT_FAILED), else in the background (a failure is marked for the download centre).
   */
  const run = async (req: FastifyRequest, task: ExportTask, total: number): Promise<ExportJob> => {
    if (total <= threshold) {
      try {
        await write(task);
      } catch (error) {
        await fail(task.id, error, req.log);
        throw new ApiError('EXPORT_FAILED');
      }
    } else {
      const job = write(task)
        .catch((error: unknown) => fail(task.id, error, req.log))
        .finally(() => running.delete(job));
      running.add(job);
    }
    return jobJson(await loadJob(task.actor.user.id, task.id));
  };

  route<{ Params: { model: string }; Body: unknown }>(app, API.modelExport, async (req) => {
    const actor = actorOf(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const model = o.engine.model(req.params.model);
    const query = queryOf(body.params);
    const columns = columnsOf(body.columns);
    // Checks every column (EXPORT_COLUMNS_INVALID, FIELD_HIDDEN) before a job exists.
    columnWriters(model, o.engine.models.dicts, columns, actor.role);
    const title =
      typeof body.title === 'string' && body.title.trim()
        ? body.title.trim().slice(0, MAX_TITLE)
        : model.def.title;
    // Counting first also checks every filter (QUERY_INVALID, SORT_INVALID) before a job exists.
    const total = await o.engine.countRecords(actor, model.name, query);
    const id = randomUUID();
    await o.db.query(
      `insert into export_jobs (id, user_id, corp_id, model, title, params, columns, status, total, worker, heartbeat_at)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, 'running', $8, $9, now())`,
      [
        id,
        actor.user.id,
        actor.user.corpId,
        model.name,
        title,
        JSON.stringify(query),
        JSON.stringify(columns),
        total,
        worker,
      ],
    );
    return ok(await run(req, { id, actor, model, query, columns, title }, total));
  });

  route<{ Params: { id: string } }>(app, API.exportRetry, async (req) => {
    const actor = actorOf(req);
    const job = await loadJob(actor.user.id, req.params.id);
    if (job.status !== 'failed') throw new ApiError('EXPORT_NOT_RETRYABLE');
    const model = o.engine.model(job.model);
    const total = await o.engine.countRecords(actor, model.name, job.params);
    const claimed = await o.db.query(
      `update export_jobs set status = 'running', total = $2, done = 0, error = null, storage_key = null,
              size = null, finished_at = null, worker = $3, heartbeat_at = now()
        where id = $1 and status = 'failed'`,
      [job.id, total, worker],
    );
    // Two retries at once: the second finds it running.
    if (claimed.affectedRows === 0) throw new ApiError('EXPORT_NOT_RETRYABLE');
    const task = { id: job.id, actor, model, query: job.params, columns: job.columns, title: job.title };
    return ok(await run(req, task, total));
  });

  route(app, API.exports, async (req) => {
    await failStaleExports(o.db);
    const r = await o.db.query<JobRow>(
      `select ${JOB_COLUMNS} from export_jobs where user_id = $1 order by created_at desc, id desc limit 50`,
      [req.user!.id],
    );
    return ok(r.rows.map(jobJson));
  });

  route<{ Params: { id: string } }>(app, API.exportJob, async (req) =>
    ok(jobJson(await loadJob(req.user!.id, req.params.id))),
  );

  // The file is fetched by a browser download (a navigation without custom headers); the session cookie and
  // the job's owner decide.
  route<{ Params: { id: string } }>(app, API.exportFile, async (req, reply) => {
    const job = await loadJob(req.user!.id, req.params.id);
    if (job.status !== 'done' || !job.storage_key) throw new ApiError('EXPORT_NOT_READY');
    const data = await o.storage.get(job.storage_key);
    return reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', disposition('attachment', exportFileName(job.title)))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(data);
  });
}

/**
 * Marks failed the running jobs whose worker is gone: silent for STALE_EXPORT_MS (its process died; other
 * live instances keep theirs beating), or, at the start of a server on an embedded database (one process
 * only: whoever ran them has stopped), every running job.
 */
export async function failStaleExports(db: Db, starting = false): Promise<void> {
  const everyRunning = starting && db.kind === 'pglite';
  await db.query(
    `update export_jobs set status = 'failed', error = $1, finished_at = now()
      where status = 'running'
        and ($2 or heartbeat_at is null or heartbeat_at < now() - make_interval(secs => $3))`,
    [EXPORT_INTERRUPTED_MESSAGE, everyRunning, STALE_EXPORT_MS / 1000],
  );
}
