import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  EXPORT_JOB_THRESHOLD,
  exportFilePath,
  EXPORTS_API,
  type ExportColumn,
  type ExportJob,
} from '@renderer/core/model';
import type { Db } from '../db/db';
import { ApiError, ok } from '../errors';
import { disposition } from '../files/fileRoutes';
import type { FileStorage } from '../files/fileStorage';
import type { QueryParams } from '../models/listQuery';
import type { ModelEngine } from '../models/modelEngine';
import { actorOf, MODELS_BASE } from '../models/modelRoutes';
import type { Actor } from '../models/recordJson';
import { columnWriters, createSheet } from './xlsx';
import { localTimeSql } from '../db/localTime';

const MAX_COLUMNS = 60;
const MAX_TITLE = 50;
/** Rows read and written per step; a running job reports its progress after each. */
const CHUNK = 1000;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface JobRow {
  id: string;
  user_id: string;
  title: string;
  status: ExportJob['status'];
  total: number;
  done: number;
  storage_key: string | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

const JOB_COLUMNS = `id, user_id, title, status, total, done, storage_key, error,
  ${localTimeSql('created_at')} as created_at,
  ${localTimeSql('finished_at')} as finished_at`;

const jobJson = (r: JobRow): ExportJob => ({
  id: r.id,
  title: r.title,
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
 * Rows are the ones the list would show the user: the same visibility, filters and sort.
 */
export function registerExportRoutes(app: FastifyInstance, o: ExportOptions): void {
  const threshold = o.threshold ?? EXPORT_JOB_THRESHOLD;
  const running = new Set<Promise<void>>();
  // A server stopping waits for its running exports, so none is cut off half-written.
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  const loadJob = async (userId: string, id: string): Promise<JobRow> => {
    const r = await o.db.query<JobRow>(`select ${JOB_COLUMNS} from export_jobs where id = $1`, [id]);
    const job = r.rows[0];
    if (!job || job.user_id !== userId) throw new ApiError('EXPORT_NOT_FOUND');
    return job;
  };

  /** Writes every matching row into the sheet, reporting progress, and stores the file. */
  const write = async (
    id: string,
    actor: Actor,
    model: string,
    query: QueryParams,
    sheet: ReturnType<typeof createSheet>,
  ): Promise<void> => {
    let done = 0;
    await o.engine.eachRecord(
      actor,
      model,
      query,
      async (records) => {
        sheet.add(records);
        done += records.length;
        await o.db.query('update export_jobs set done = $2 where id = $1', [id, done]);
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

  app.post<{ Params: { model: string }; Body: unknown }>(`${MODELS_BASE}/:model/exports`, async (req) => {
    const actor = actorOf(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const model = o.engine.model(req.params.model);
    const query = queryOf(body.params);
    const columns = columnsOf(body.columns);
    const writers = columnWriters(model, o.engine.models.dicts, columns);
    const title =
      typeof body.title === 'string' && body.title.trim()
        ? body.title.trim().slice(0, MAX_TITLE)
        : model.def.title;
    // Counting first also checks every filter (QUERY_INVALID, SORT_INVALID) before a job exists.
    const total = await o.engine.countRecords(actor, model.name, query);
    const id = randomUUID();
    await o.db.query(
      `insert into export_jobs (id, user_id, corp_id, model, title, params, columns, status, total)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, 'running', $8)`,
      [
        id,
        actor.user.id,
        actor.user.corpId,
        model.name,
        title,
        JSON.stringify(query),
        JSON.stringify(columns),
        total,
      ],
    );
    const sheet = createSheet(title, writers);
    if (total <= threshold) {
      await write(id, actor, model.name, query, sheet);
    } else {
      const job = write(id, actor, model.name, query, sheet)
        .catch(async (error: unknown) => {
          req.log.error({ err: error, job: id }, 'export failed');
          await o.db
            .query(
              `update export_jobs set status = 'failed', error = $2, finished_at = now() where id = $1`,
              [id, '导出失败，请重新导出'],
            )
            .catch(() => undefined);
        })
        .finally(() => running.delete(job));
      running.add(job);
    }
    return ok(jobJson(await loadJob(actor.user.id, id)));
  });

  app.get(EXPORTS_API, async (req) => {
    const r = await o.db.query<JobRow>(
      `select ${JOB_COLUMNS} from export_jobs where user_id = $1 order by created_at desc, id desc limit 50`,
      [req.user!.id],
    );
    return ok(r.rows.map(jobJson));
  });

  app.get<{ Params: { id: string } }>(`${EXPORTS_API}/:id`, async (req) =>
    ok(jobJson(await loadJob(req.user!.id, req.params.id))),
  );

  // The file is fetched by a browser download (a navigation without custom headers); the session cookie and
  // the job's owner decide.
  app.get<{ Params: { id: string } }>(
    `${EXPORTS_API}/:id/file`,
    { config: { navigation: true } },
    async (req, reply) => {
      const job = await loadJob(req.user!.id, req.params.id);
      if (job.status !== 'done' || !job.storage_key) throw new ApiError('EXPORT_NOT_READY');
      const data = await o.storage.get(job.storage_key);
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', disposition('attachment', `${job.title}.xlsx`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  );
}

/** Jobs a stopped server left running can never finish: they are marked failed at start. */
export async function failInterruptedExports(db: Db): Promise<void> {
  await db.query(
    `update export_jobs set status = 'failed', error = '服务重启，导出中断，请重新导出', finished_at = now()
      where status = 'running'`,
  );
}
