/**
 * The renderer's list features (batch actions, saved list settings, exports and the download centre):
 * their paths under `/api/web`, the shapes on the wire and the one check of saved settings, shared by
 * the renderer (which sends them) and the server (which checks and stores them).
 */
import { API, pathOf } from '@contract/api';
import type { BizRecord } from './types';

/** `POST {items: [{id, version, signature?, reason?}], reason?}`: one transition on many records. */
export function batchPath(model: string, action: string): string {
  return pathOf(API.modelBatch, { model, action });
}

/** What happened to one record of a batch: done (the record as it is now) or refused (code and why). */
export type BatchResult<R = BizRecord> =
  { id: string; ok: true; record: R } | { id: string; ok: false; code: string; message: string };

/** Answer of a batch, per record in the order asked. */
export interface BatchAnswer<R = BizRecord> {
  results: Array<BatchResult<R>>;
  succeeded: number;
  refused: number;
}

/** `GET ?key=` → the user's settings of a list (or null); `PUT ?key=` with {@link ListSettings}. */
export const LIST_SETTINGS_API = API.listSettings.path;

/** Table densities (antd Table `size`). */
export const LIST_DENSITIES = ['large', 'middle', 'small'] as const;
export type ListDensity = (typeof LIST_DENSITIES)[number];

/** One column as the user arranged it; the order of the array is the order shown. */
export interface ListColumnSetting {
  field: string;
  hidden?: boolean;
  fixed?: 'left' | 'right';
}

/** A user's settings of one list. */
export interface ListSettings {
  columns?: ListColumnSetting[];
  density?: ListDensity;
}

/** Longest list key (the list's route path) and most columns a setting may hold. */
export const LIST_KEY_PATTERN = /^[A-Za-z0-9/_.:-]{1,120}$/;
const MAX_COLUMNS = 100;
const FIELD_PATTERN = /^[A-Za-z0-9_.]{1,100}$/;

/** `value` as settings when it has their shape (unknown keys dropped), else null. */
export function parseListSettings(value: unknown): ListSettings | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const out: ListSettings = {};
  if (raw.density !== undefined) {
    if (!LIST_DENSITIES.includes(raw.density as ListDensity)) return null;
    out.density = raw.density as ListDensity;
  }
  if (raw.columns !== undefined) {
    if (!Array.isArray(raw.columns) || raw.columns.length > MAX_COLUMNS) return null;
    const columns: ListColumnSetting[] = [];
    for (const item of raw.columns as unknown[]) {
      if (!item || typeof item !== 'object') return null;
      const c = item as Record<string, unknown>;
      if (typeof c.field !== 'string' || !FIELD_PATTERN.test(c.field)) return null;
      if (c.hidden !== undefined && typeof c.hidden !== 'boolean') return null;
      if (c.fixed !== undefined && c.fixed !== null && c.fixed !== 'left' && c.fixed !== 'right') return null;
      if (columns.some((x) => x.field === c.field)) return null;
      columns.push({
        field: c.field,
        ...(c.hidden ? { hidden: true } : {}),
        ...(c.fixed ? { fixed: c.fixed as 'left' | 'right' } : {}),
      });
    }
    out.columns = columns;
  }
  return out;
}

/** `POST {params, columns, title}`: exports the list query to .xlsx (→ {@link ExportJob}). */
export function exportPath(model: string): string {
  return pathOf(API.modelExport, { model });
}

/** `POST` multipart (fixed values, then `file`): creates the rows of an import file (→ {count, ids}). */
export function importPath(model: string): string {
  return pathOf(API.modelImport, { model });
}

/** `GET` (a browser download): the model's import template. */
export function importTemplatePath(model: string): string {
  return pathOf(API.modelImportTemplate, { model });
}

/** The download centre: `GET` the user's export jobs. */
export const EXPORTS_API = API.exports.path;

/** `GET` one export job (its progress). */
export function exportJobPath(id: string): string {
  return pathOf(API.exportJob, { id });
}

/** `GET` the finished .xlsx of a job (a plain link: the session cookie is enough). */
export function exportFilePath(id: string): string {
  return pathOf(API.exportFile, { id });
}

/** Exports of more rows than this become a job in the download centre instead of a file at once. */
export const EXPORT_JOB_THRESHOLD = 5000;

/** One column of an export: the record field and its header as the list shows it. */
export interface ExportColumn {
  field: string;
  title: string;
}

/** The name of an export's file. */
export const exportFileName = (title: string): string => `${title}.xlsx`;

/** An export as the download centre shows it. */
export interface ExportJob {
  id: string;
  title: string;
  /** The name the file downloads as ({@link exportFileName}). */
  fileName: string;
  status: 'running' | 'done' | 'failed';
  total: number;
  done: number;
  /** Set when done: the path of {@link exportFilePath}. */
  url: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}
