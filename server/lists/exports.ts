import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
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
import {
  beatExportWorker,
  createExportJob,
  exportJobTask,
  failExportJob,
  failSilentExportJobs,
  finishExportJob,
  reportExportProgress,
  restartExportJob,
} from '../models/exportJobs';
import { actorOf } from '../models/modelRoutes';
import type { Actor } from '../models/recordJson';
import { columnWriters, createSheet } from './xlsx';
import { route } from '../routes';
import { API } from '@contract/api';

/** The download centre's jobs (schemas/_models/exportJob.json). */
const MODEL = 'exportJob';
const MAX_COLUMNS = 60;
type Json = Record<string, unknown>;
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

/** The engine's record of a job (model exportJob) as the export routes answer it. */
const jobJson = (r: Json): ExportJob => {
  const status = r.status as ExportJob['status'];
  return {
    id: r.id as string,
    title: r.title as string,
    fileName: r.fileName as string,
    status,
    total: r.total as number,
    done: r.done as number,
    url: status === 'done' ? exportFilePath(r.id as string) : null,
    error: (r.error as string | null) ?? null,
    createdAt: r.createdAt as string,
    finishedAt: (r.finishedAt as string | null) ?? null,
  };
};

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
 * GET  /biz/v1/exports              the user's last 50 exports (the engine's list of model exportJob)
 * GET  /biz/v1/exports/{id}         one of them (progress)
 * GET  /biz/v1/exports/{id}/file    the .xlsx (only its owner)
 * 重新导出 is the model's transition retry through the models API (only its owner, a failed job): its
 * service claims the job for this instance's worker, its effect has the runner below write it again.
 * A job is a record of the model exportJob seen by its user alone; the download centre reads it through the
 * models API, and server/models/exportJobs.ts is the one writer of its table.
 * Rows are the ones the list would show the user: the same visibility, filters, sort and field permissions.
 * A job ends done or failed, never stays running: a failure while writing marks it failed (with the message
 * the download centre shows), and a job whose worker is gone (its process died: no heartbeat for
 * STALE_EXPORT_MS, or any running job when an embedded database starts again) is marked failed.
 */
export function registerExportRoutes(app: FastifyInstance, o: ExportOptions): void {
  const threshold = o.threshold ?? EXPORT_JOB_THRESHOLD;
  const worker = randomUUID();
  const running = new Set<Promise<void>>();
  // Every instance says its jobs are alive, and ends the jobs of instances that are gone (the download
  // centre reads the models API, which does not look at workers).
  const heartbeat = setInterval(() => {
    (running.size === 0 ? Promise.resolve() : beatExportWorker(o.db, worker))
      .then(() => failStaleExports(o.db))
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  // A server stopping waits for its running exports, so none is cut off half-written.
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await Promise.allSettled([...running]);
  });

  /** The user's job through the engine (seen by its user alone). @throws EXPORT_NOT_FOUND */
  const loadJob = async (actor: Actor, id: string): Promise<Json> => {
    await failStaleExports(o.db);
    try {
      return await o.engine.get(actor, MODEL, id);
    } catch (e) {
      if (e instanceof ApiError && (e.code === 'RECORD_NOT_FOUND' || e.code === 'RECORD_FORBIDDEN'))
        throw new ApiError('EXPORT_NOT_FOUND');
      throw e;
    }
  };

  const fail = async (id: string, error: unknown, log: FastifyBaseLogger): Promise<void> => {
    log.error({ err: error, job: id }, 'export failed');
    await o.db.transaction((tx) => failExportJob(tx, id, EXPORT_FAILED_MESSAGE)).catch(() => undefined);
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
        await reportExportProgress(o.db, id, done);
      },
      CHUNK,
    );
    const data = await sheet.toBuffer();
    const key = `exports/${id}`;
    await o.storage.put(key, data);
    await o.db.transaction((tx) => finishExportJob(tx, id, { done, storageKey: key, size: data.length }));
  };

  /**
   * Runs job `id` (status running): at once up to the threshold (a failure is marked and answered as
   * EXPORT_FAILED), else in the background (a failure is marked for the download centre).
   */
  const run = async (log: FastifyBaseLogger, task: ExportTask, total: number): Promise<ExportJob> => {
    if (total <= threshold) {
      try {
        await write(task);
      } catch (error) {
        await fail(task.id, error, log);
        throw new ApiError('EXPORT_FAILED');
      }
    } else {
      const job = write(task)
        .catch((error: unknown) => fail(task.id, error, log))
        .finally(() => running.delete(job));
      running.add(job);
    }
    return jobJson(await loadJob(task.actor, task.id));
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
    await o.db.transaction((tx) =>
      createExportJob(tx, {
        id,
        user: actor.user,
        role: actor.role ?? '',
        model: model.name,
        title,
        fileName: exportFileName(title),
        params: query,
        columns,
        total,
        worker,
      }),
    );
    return ok(await run(req.log, { id, actor, model, query, columns, title }, total));
  });

  // 重新导出 is the engine's transition retry (the owner, a failed job, its version): its service claims
  // the job for this worker in the transition's transaction, its effect then has the runner below write it
  // again with the same query and columns (the download centre's 重新导出 runs it through the models API).
  o.engine.host.exportRunner = {
    worker,
    restart(id, user, role) {
      const actor: Actor = { user, role: role || null, sessionIdHash: '' };
      const again = (async () => {
        const job = await o.engine.get(actor, MODEL, id);
        const task = await exportJobTask(o.db, id);
        const model = o.engine.model(job.model as string);
        const total = await o.engine.countRecords(actor, model.name, task.params);
        await restartExportJob(o.db, id, total, worker);
        const query = task.params;
        await run(
          app.log,
          { id, actor, model, query, columns: task.columns, title: job.title as string },
          total,
        );
      })()
        .catch((error: unknown) => fail(id, error, app.log))
        .finally(() => running.delete(again));
      running.add(again);
    },
  };

  route(app, API.exports, async (req) => {
    await failStaleExports(o.db);
    const r = await o.engine.list(actorOf(req), MODEL, { size: '50' });
    return ok(r.list.map(jobJson));
  });

  route<{ Params: { id: string } }>(app, API.exportJob, async (req) =>
    ok(jobJson(await loadJob(actorOf(req), req.params.id))),
  );

  // The file is fetched by a browser download (a navigation without custom headers); the session cookie and
  // the job's owner decide. It stays a route: a file, not a record.
  route<{ Params: { id: string } }>(app, API.exportFile, async (req, reply) => {
    const job = await loadJob(actorOf(req), req.params.id);
    const { storageKey } = await exportJobTask(o.db, req.params.id);
    if (job.status !== 'done' || !storageKey) throw new ApiError('EXPORT_NOT_READY');
    const data = await o.storage.get(storageKey);
    return reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', disposition('attachment', job.fileName as string))
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
  await failSilentExportJobs(
    db,
    EXPORT_INTERRUPTED_MESSAGE,
    starting && db.kind === 'pglite',
    STALE_EXPORT_MS / 1000,
  );
}
