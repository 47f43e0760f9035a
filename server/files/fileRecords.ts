import type { Queryable } from '../db/db';
import { localTimeSql } from '../db/localTime';

/** A stored file's metadata row. */
export interface FileMeta {
  id: string;
  model: string;
  recordId: string;
  category: string;
  name: string;
  ext: string;
  mime: string;
  size: number;
  sha256: string;
  storageKey: string;
  uploaderId: string | null;
  uploaderName: string | null;
  corpId: string | null;
  createdAt: string;
}

const SELECT = `select id, model, record_id as "recordId", category, file_name as name, ext, mime, size, sha256,
  storage_key as "storageKey", uploader_id as "uploaderId", uploader_name as "uploaderName", corp_id as "corpId",
  ${localTimeSql('created_at')} as "createdAt" from biz_files`;

export async function insertFile(q: Queryable, f: Omit<FileMeta, 'createdAt'>, at: Date): Promise<void> {
  await q.query(
    `insert into biz_files (id, model, record_id, category, file_name, ext, mime, size, sha256, storage_key,
       uploader_id, uploader_name, corp_id, created_at) values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14::timestamptz)`,
    [
      f.id,
      f.model,
      f.recordId,
      f.category,
      f.name,
      f.ext,
      f.mime,
      f.size,
      f.sha256,
      f.storageKey,
      f.uploaderId,
      f.uploaderName,
      f.corpId,
      at.toISOString(),
    ],
  );
}

export async function findFile(q: Queryable, id: string): Promise<FileMeta | null> {
  const r = await q.query<FileMeta>(`${SELECT} where id = $1`, [id]);
  return r.rows[0] ?? null;
}

export async function filesOfRecord(q: Queryable, model: string, recordId: string): Promise<FileMeta[]> {
  const r = await q.query<FileMeta>(`${SELECT} where model = $1 and record_id = $2 order by created_at, id`, [
    model,
    recordId,
  ]);
  return r.rows;
}

export async function deleteFileRow(q: Queryable, id: string): Promise<void> {
  await q.query('delete from biz_files where id = $1', [id]);
}

/** A file as the API shows it (no storage details). */
export function fileJson(f: FileMeta): Record<string, unknown> {
  return {
    id: f.id,
    name: f.name,
    size: f.size,
    ext: f.ext,
    category: f.category,
    model: f.model,
    recordId: f.recordId,
    uploaderName: f.uploaderName,
    createdAt: f.createdAt,
    url: `/api/web/v1/files/download/${f.id}`,
  };
}
