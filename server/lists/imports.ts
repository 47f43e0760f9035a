import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { API } from '@contract/api';
import type { Db } from '../db/db';
import { ApiError, ok } from '../errors';
import { disposition } from '../files/fileRoutes';
import { MAX_FILE_SIZE } from '../files/fileTypes';
import { isCleanText } from '../inputBoundary';
import { retitled, type CompiledModel } from '../models/compileModel';
import { assertFieldsVisible } from '../models/fieldAccess';
import type { ModelEngine } from '../models/modelEngine';
import { actorOf } from '../models/modelRoutes';
import { findRecords } from '../models/recordStore';
import { requireSignedFields, requireSignedFile } from '../plugins/security';
import type { DictDef } from '../models/types';
import { MONEY_FORMAT } from './xlsx';
import { isDecimal, rateOfPercent, shiftDecimal } from '@renderer/core/format';
import { route } from '../routes';

type Json = Record<string, unknown>;

/** A rate column's cells: the percentage as a plain number with two decimals (96.50), never Excel's %. */
const RATE_PERCENT_FORMAT = '0.00##';
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DEFAULT_MAX_ROWS = 500;

/**
 * The model's import declaration, or IMPORT_NOT_SUPPORTED; FIELD_HIDDEN when one of its columns is hidden
 * from `role` (the template would name it, a row would write it).
 */
function importOf(
  model: CompiledModel,
  role: string | null,
): { fields: string[]; values: string[]; maxRows: number } {
  const def = model.def.import;
  if (!def) throw new ApiError('IMPORT_NOT_SUPPORTED', { title: model.def.title });
  const values = def.values ?? [];
  assertFieldsVisible(model, role, [...def.fields, ...values]);
  return { fields: def.fields, values, maxRows: def.maxRows ?? DEFAULT_MAX_ROWS };
}

/** Column titles of the fixed `values` (import.titles: the first entry all of whose `when` they match). */
export function importTitles(model: CompiledModel, values: Readonly<Record<string, unknown>>): Titles {
  const variant = (model.def.import?.titles ?? []).find((t) =>
    Object.entries(t.when).every(([name, value]) => values[name] === value),
  );
  return variant?.fields ?? {};
}
type Titles = Readonly<Record<string, string>>;

const titleOf = (model: CompiledModel, field: string, titles: Titles = {}): string =>
  titles[field] ?? model.fields.get(field)?.def.title ?? field;
const isRate = (model: CompiledModel, field: string): boolean =>
  model.fields.get(field)?.def.format === 'rate';
/** A column's header in the template and in an import: a rate column says it takes percentages. */
const headerOf = (model: CompiledModel, field: string, titles: Titles): string =>
  isRate(model, field) ? `${titleOf(model, field, titles)}（%）` : titleOf(model, field, titles);

/**
 * A rate cell: a percentage, as the form's RateInput takes it ('96.50' or '96.50%' → '0.965'). A bare number
 * below 1 (but 0) is refused as ambiguous, since it reads like the stored fraction ('0.965', or a cell
 * formatted as a percentage); a percentage below 1 is written with its sign ('0.50%').
 */
function importedRate(title: string, value: unknown): string {
  const text = String(value).trim();
  const bare = text.replace(/%$/, '').trim();
  if (!text.endsWith('%') && isDecimal(bare) && Number(bare) > 0 && Number(bare) < 1)
    throw new ApiError('IMPORT_RATE_AMBIGUOUS', { title, value: bare, percent: shiftDecimal(bare, 2) });
  return rateOfPercent(text) ?? '';
}

/** What a user writes in a column: the options of a dictionary field, how references are named. */
function hintOf(model: CompiledModel, dicts: ReadonlyMap<string, DictDef>, field: string): string {
  const f = model.fields.get(field);
  if (!f) return '';
  const def = f.def;
  if (def.ref === 'corp') return '企业名称或统一社会信用代码';
  if (def.ref) return `${def.title ?? field}的编号`;
  if (def.dict) return (dicts.get(def.dict)?.items ?? []).map((i) => i.label).join(' / ');
  if (f.kind === 'money') return '金额，最多两位小数';
  if (def.format === 'rate') return '百分比，如 96.50 表示 96.50%；不足 1% 的带 % 号，如 0.50%';
  if (f.kind === 'date') return '日期，如 2027-01-31';
  return '';
}

/**
 * The import template: one bold header row titled by the fields (or by `import.titles` for the fixed
 * `values`, e.g. the payable pages' assetType), and a second sheet explaining each column.
 */
export async function importTemplate(
  model: CompiledModel,
  dicts: ReadonlyMap<string, DictDef>,
  role: string | null,
  values: Readonly<Record<string, unknown>> = {},
): Promise<Buffer> {
  const { fields } = importOf(model, role);
  const titles = importTitles(model, values);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'CCBSCF';
  const sheet = workbook.addWorksheet('导入数据', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = fields.map((field, i) => ({
    header: headerOf(model, field, titles),
    key: `c${i}`,
    width: 22,
    ...(model.fields.get(field)?.kind === 'money' ? { style: { numFmt: MONEY_FORMAT } } : {}),
    ...(isRate(model, field) ? { style: { numFmt: RATE_PERCENT_FORMAT } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  const help = workbook.addWorksheet('填写说明');
  help.columns = [
    { header: '列', key: 'title', width: 22 },
    { header: '必填', key: 'required', width: 8 },
    { header: '填写说明', key: 'hint', width: 60 },
  ];
  help.getRow(1).font = { bold: true };
  const required = new Set(model.def.required ?? []);
  for (const field of fields)
    help.addRow({
      title: headerOf(model, field, titles),
      required: required.has(field) ? '是' : '否',
      hint: hintOf(model, dicts, field),
    });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** What one import may cost its worker (server/lists/xlsxWorker.mjs): a template of even 500 rows is far below. */
export const IMPORT_LIMITS = {
  /** Uncompressed bytes of all the file's zip entries, checked while inflating. */
  maxBytes: 8 * 1024 * 1024,
  /** Zip entries (a workbook has about ten). */
  maxEntries: 200,
  /** The worker's heap: a last line should a file pass the byte budget and still expand in parsing. */
  heapMb: 256,
  /** Imports read at once; more wait their turn. */
  concurrent: 2,
} as const;

type Cells = unknown[];
let running = 0;
const waiting: Array<() => void> = [];

/** Workbooks being read and waiting their turn in this process (metrics, server/ops.ts). */
export function importQueue(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

/**
 * Reads a workbook's first sheet in a worker thread, off the event loop: the header's and each non-empty
 * data row's cells (at most `maxRows` rows: IMPORT_TOO_MANY), after a zip-bomb check that inflates within
 * {@link IMPORT_LIMITS}.maxBytes (IMPORT_TOO_LARGE). A worker that fails or runs out of heap answers
 * IMPORT_FILE_INVALID.
 */
export async function readWorkbook(
  data: Buffer,
  columns: number,
  maxRows: number,
): Promise<{ header: Cells; rows: Array<{ row: number; cells: Cells }> }> {
  if (running >= IMPORT_LIMITS.concurrent) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await new Promise((resolve, reject) => {
      const worker = new Worker(new URL('./xlsxWorker.mjs', import.meta.url), {
        workerData: {
          data,
          columns,
          maxRows,
          maxBytes: IMPORT_LIMITS.maxBytes,
          maxEntries: IMPORT_LIMITS.maxEntries,
        },
        resourceLimits: { maxOldGenerationSizeMb: IMPORT_LIMITS.heapMb },
      });
      worker.once(
        'message',
        (m: { error?: string; params?: Record<string, string | number> } & Record<string, unknown>) => {
          if (m.error) reject(new ApiError(m.error as 'IMPORT_FILE_INVALID', m.params));
          else resolve(m as unknown as { header: Cells; rows: Array<{ row: number; cells: Cells }> });
          void worker.terminate();
        },
      );
      worker.once('error', () => reject(new ApiError('IMPORT_FILE_INVALID')));
      worker.once('exit', () => reject(new ApiError('IMPORT_FILE_INVALID')));
    });
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * Reads the rows of an import file: the header must name the template's columns in order (titled for the
 * request's `fixed` values, as its template was); each data
 * row becomes the body of a create (numbers of text fields as text, dictionary labels as their values,
 * enterprises by name or credit code, other records by their business number).
 */
export async function readImport(
  db: Db,
  model: CompiledModel,
  engine: ModelEngine,
  data: Buffer,
  role: string | null,
  fixed: Readonly<Record<string, unknown>> = {},
): Promise<{ rows: Array<{ row: number; body: Json }>; refused: ApiError[] }> {
  const { fields, maxRows } = importOf(model, role);
  const { header, rows: read } = await readWorkbook(data, fields.length, maxRows);
  const titles = importTitles(model, fixed);
  fields.forEach((field, i) => {
    const title = headerOf(model, field, titles);
    if (String(header[i] ?? '') !== title)
      throw new ApiError('IMPORT_HEADER_INVALID', { column: i + 1, title });
  });
  // Every cell that cannot be read is reported (with the rows' own checks, ModelEngine.createMany), not
  // only the first: the row is left out of the bodies.
  const rows: Array<{ row: number; body: Json }> = [];
  const refused: ApiError[] = [];
  // A cell's refusal names its column as the file does.
  const named = retitled(model, titles);
  for (const { row: r, cells } of read) {
    const body: Json = {};
    let readable = true;
    for (const [i, field] of fields.entries()) {
      const value = cells[i];
      if (value === undefined) continue;
      try {
        body[field] = await fieldValue(db, named, engine, field, value);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        refused.push(new ApiError('IMPORT_ROW_INVALID', { row: r, reason: error.message }, { row: r }));
        readable = false;
      }
    }
    if (readable) rows.push({ row: r, body });
  }
  if (rows.length === 0 && refused.length === 0) throw new ApiError('IMPORT_EMPTY');
  return { rows, refused };
}

async function fieldValue(
  db: Db,
  model: CompiledModel,
  engine: ModelEngine,
  field: string,
  value: unknown,
): Promise<unknown> {
  const f = model.fields.get(field)!;
  const def = f.def;
  const title = def.title ?? field;
  const text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && !isCleanText(value)) throw new ApiError('TEXT_INVALID');
  if (def.ref === 'corp') {
    const r = await db.query<{ id: string }>(
      'select id from corps where name = $1 or credit_code = $1 order by id limit 1',
      [text],
    );
    if (!r.rows[0]) throw new ApiError('IMPORT_VALUE_INVALID', { title, value: text });
    return r.rows[0].id;
  }
  if (def.ref) {
    const target = engine.model(def.ref);
    const numbering = target.def.numbering?.field;
    const found = numbering ? await findRecords(db, target, { [numbering]: text }) : [];
    // Visibility is the create's own reference check (REF_INVALID).
    return found[0]?.id ?? text;
  }
  if (def.dict) {
    const items = engine.models.dicts.get(def.dict)?.items ?? [];
    const item = items.find((i) => i.value === text || i.label === text);
    if (!item) throw new ApiError('IMPORT_VALUE_INVALID', { title, value: text });
    return item.value;
  }
  if (def.format === 'rate') return importedRate(title, value);
  if (f.kind === 'integer' && typeof value === 'number') return value;
  if (f.kind === 'boolean') return value === true || text === '是' || text === 'true';
  return text;
}

/**
 * Import routes of every model with an `import` declaration:
 * GET  /biz/v1/models/{model}/import-template   the .xlsx template (a browser download)
 * POST /biz/v1/models/{model}/import            multipart: the `values` fields, then `file` → {count, ids}
 */
export function registerImportRoutes(app: FastifyInstance, o: { db: Db; engine: ModelEngine }): void {
  route<{ Params: { model: string }; Querystring: Record<string, unknown> }>(
    app,
    API.modelImportTemplate,
    async (req, reply) => {
      const model = o.engine.model(req.params.model);
      // The values a page fixes for its rows (?assetType=payable) title its columns as the page does.
      const values = Object.fromEntries(
        (model.def.import?.values ?? []).map((name) => [name, req.query[name]]),
      );
      const data = await importTemplate(model, o.engine.models.dicts, actorOf(req).role, values);
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', disposition('attachment', `${model.def.title}导入模板.xlsx`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  );

  route<{ Params: { model: string } }>(app, API.modelImport, async (req) => {
    const actor = actorOf(req);
    const model = o.engine.model(req.params.model);
    const { values } = importOf(model, actor.role);
    const create = model.def.create;
    if (!create || !actor.role || !create.roles.includes(actor.role))
      throw new ApiError('CREATE_FORBIDDEN', { title: model.def.title });
    let part;
    try {
      part = await req.file({ limits: { fileSize: MAX_FILE_SIZE, files: 1, fields: 20, fieldSize: 200 } });
    } catch {
      throw new ApiError('IMPORT_FILE_INVALID');
    }
    if (!part) throw new ApiError('FILE_MISSING');
    requireSignedFields(req, part.fields);
    const fixed: Json = {};
    for (const name of values) {
      const f = part.fields[name] as { value?: unknown } | undefined;
      if (f && typeof f.value === 'string') {
        if (!isCleanText(f.value)) throw new ApiError('TEXT_INVALID');
        fixed[name] = f.value;
      }
    }
    let data: Buffer;
    try {
      data = await part.toBuffer();
    } catch {
      throw new ApiError('IMPORT_FILE_INVALID');
    }
    requireSignedFile(req, data);
    if (!/\.xlsx$/i.test(part.filename ?? '') || data.subarray(0, 2).toString('latin1') !== 'PK')
      throw new ApiError('IMPORT_FILE_INVALID');
    const { rows, refused } = await readImport(o.db, model, o.engine, data, actor.role, fixed);
    const ids = await o.engine.createMany(
      actor,
      model.name,
      rows.map((r) => ({ ...r.body, ...fixed })),
      (i) => rows[i]!.row,
      refused,
      importTitles(model, fixed),
    );
    return ok({ count: ids.length, ids });
  });
}
