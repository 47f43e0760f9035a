import { normalizeDecimal } from '@renderer/core/format';
import { GENERIC_PLAN, type Queryable } from '../db/db';
import { ApiError } from '../errors';
import type { CompiledModel } from './compileModel';
import type { BizRecord, CompiledField } from './types';
import { localTimeSql } from '../db/localTime';

/** How a column is read back: money stays a string, dates as YYYY-MM-DD, times in China time. */
function readExpression(field: CompiledField, alias: string): string {
  const col = `${alias}${field.column}`;
  switch (field.kind) {
    case 'date':
      return `to_char(${col}, 'YYYY-MM-DD')`;
    case 'datetime':
      return localTimeSql(col);
    case 'money':
    case 'decimal':
      return `${col}::text`;
    case 'integer':
      return field.dbType === 'bigint' ? `${col}::double precision` : col;
    default:
      return col;
  }
}

/** The select list of a model's records; fields come back under their own (quoted) names. */
export function selectColumns(model: CompiledModel, alias = ''): string {
  const a = alias ? `${alias}.` : '';
  const system = [
    `${a}id as "id"`,
    `${a}version as "version"`,
    `${a}state as "state"`,
    `${a}created_by as "createdBy"`,
    `${a}created_by_name as "createdByName"`,
    `${a}created_corp_id as "createdCorpId"`,
    `${a}created_corp_name as "createdCorpName"`,
    `${localTimeSql(`${a}created_at`)} as "createdAt"`,
    `${localTimeSql(`${a}updated_at`)} as "updatedAt"`,
  ];
  const fields = [...model.fields.values()].map((f) => `${readExpression(f, a)} as "${f.name}"`);
  return [...system, ...fields].join(', ');
}

type Row = Record<string, unknown>;

/**
 * The rows of `sql` (a select of {@link selectColumns}, whose values JSON carries unchanged: text, numbers,
 * booleans, jsonb, text arrays) read as one JSON text that PostgreSQL writes (json_agg, in the select's own
 * order: the aggregate reads the sorted subquery as it comes) and the server parses at once. The driver
 * then decodes one column instead of every column of every row, and the embedded database's thread
 * (server/db/pgliteWorker.mjs) hands one string to the server's thread instead of row objects to copy.
 * `genericPlan`: the statement's plan is the same whatever its values (GENERIC_PLAN, server/db/db.ts).
 */
export async function selectRows(
  q: Queryable,
  sql: string,
  params: unknown[],
  { genericPlan = false } = {},
): Promise<Row[]> {
  const r = await q.query<{ rows: string }>(
    `${genericPlan ? GENERIC_PLAN : ''}select coalesce(json_agg(r), '[]')::text as "rows" from (${sql}) r`,
    params,
  );
  return JSON.parse(r.rows[0]?.rows ?? '[]') as Row[];
}

/** A selected row as a record. */
export function rowToRecord(model: CompiledModel, row: Row): BizRecord {
  const data: Record<string, unknown> = {};
  for (const [name, field] of model.fields) {
    const value = row[name] ?? null;
    // Rates come back with the column's six decimals ('0.900000'); send them as written ('0.9').
    data[name] = field.kind === 'decimal' && typeof value === 'string' ? normalizeDecimal(value) : value;
  }
  return {
    id: String(row.id),
    version: Number(row.version),
    state: String(row.state),
    createdAt: String(row.createdAt ?? ''),
    updatedAt: String(row.updatedAt ?? ''),
    createdBy: (row.createdBy as string | null) ?? null,
    createdByName: (row.createdByName as string | null) ?? null,
    createdCorpId: (row.createdCorpId as string | null) ?? null,
    createdCorpName: (row.createdCorpName as string | null) ?? null,
    data,
  };
}

/** The visibility key of a user seeing records by user (visibility.userField): never an enterprise id. */
export const userKey = (userId: string): string => `user:${userId}`;

/** Whether the actor's current role sees the model's records at all (visibility.roles). */
export const readable = (model: CompiledModel, role: string | null): boolean =>
  model.readRoles === null || (role !== null && model.readRoles.includes(role));

/**
 * The key an actor sees a model's records by (the side table's `_corp`, the record's `visible_corps`): the
 * user's own for a model visible by user (visibility.userField), else the user's enterprise.
 * @throws READ_FORBIDDEN when the actor's current role sees none of the model's records (visibility.roles).
 */
export function visibilityKey(
  model: CompiledModel,
  actor: { user: { id: string; corpId: string }; role: string | null },
): string {
  if (!readable(model, actor.role)) throw new ApiError('READ_FORBIDDEN', { title: model.def.title });
  return model.userField ? userKey(actor.user.id) : actor.user.corpId;
}

/**
 * The keys that make a record visible: every value of the model's corp fields, or for a model visible
 * by user the key of the user its `userField` names ({@link visibilityKey}).
 */
export function visibleCorps(model: CompiledModel, data: Record<string, unknown>): string[] {
  if (model.userField) {
    const user = data[model.userField];
    return typeof user === 'string' && user ? [userKey(user)] : [];
  }
  const out = new Set<string>();
  for (const name of model.corpFields) {
    const value = data[name];
    if (typeof value === 'string' && value) out.add(value);
    else if (Array.isArray(value)) for (const v of value) if (typeof v === 'string' && v) out.add(v);
  }
  return [...out].sort();
}

/** A field value as a query parameter (JSON travels as text cast to jsonb, so arrays are not PG arrays). */
function toParam(field: CompiledField, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (field.kind === 'json') return JSON.stringify(value);
  return value;
}

const paramRef = (field: CompiledField, n: number): string =>
  field.kind === 'json' ? `$${n}::jsonb` : `$${n}`;

/** Who wrote a record, for its system columns. */
export interface Author {
  userId: string | null;
  personName: string | null;
  corpId: string | null;
  corpName: string | null;
}

/** Inserts records in batches (multi-row inserts, parameterised). */
export async function insertRecords(
  q: Queryable,
  model: CompiledModel,
  records: BizRecord[],
  author: Author,
  now: Date,
): Promise<void> {
  const fields = [...model.fields.values()];
  const columns = [
    'id',
    'state',
    'version',
    'visible_corps',
    'created_by',
    'created_by_name',
    'created_corp_id',
    'created_corp_name',
    'created_at',
    'updated_at',
    ...fields.map((f) => f.column),
  ];
  // PostgreSQL takes at most 65535 parameters per statement.
  const perRow = columns.length;
  const batch = Math.max(1, Math.min(500, Math.floor(60000 / perRow)));
  for (let start = 0; start < records.length; start += batch) {
    const params: unknown[] = [];
    const tuples: string[] = [];
    for (const rec of records.slice(start, start + batch)) {
      const at = rec.createdAt || now.toISOString();
      const values: string[] = [];
      const push = (value: unknown, ref?: (n: number) => string): void => {
        params.push(value);
        values.push(ref ? ref(params.length) : `$${params.length}`);
      };
      push(rec.id);
      push(rec.state);
      push(rec.version || 1);
      push(visibleCorps(model, rec.data), (n) => `$${n}::text[]`);
      push(rec.createdBy ?? author.userId);
      push(rec.createdByName ?? author.personName);
      push(rec.createdCorpId ?? author.corpId);
      push(rec.createdCorpName ?? author.corpName);
      push(at, (n) => `$${n}::timestamptz`);
      push(rec.updatedAt || at, (n) => `$${n}::timestamptz`);
      for (const f of fields) push(toParam(f, rec.data[f.name]), (n) => paramRef(f, n));
      tuples.push(`(${values.join(', ')})`);
    }
    await q.query(`insert into ${model.table} (${columns.join(', ')}) values ${tuples.join(', ')}`, params);
  }
}

/** One record by id (locked until the transaction ends when `forUpdate`). */
export async function loadRecord(
  q: Queryable,
  model: CompiledModel,
  id: string,
  forUpdate = false,
): Promise<BizRecord | null> {
  const [row] = await selectRows(
    q,
    `select ${selectColumns(model)} from ${model.table} where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return row ? rowToRecord(model, row) : null;
}

/** Records whose fields equal the given values (state under the model's state field name). */
export async function findRecords(
  q: Queryable,
  model: CompiledModel,
  where: Record<string, unknown>,
  forUpdate = false,
): Promise<BizRecord[]> {
  const params: unknown[] = [];
  const conditions = Object.entries(where).map(([name, value]) => {
    const column = name === model.stateField ? 'state' : model.fields.get(name)?.column;
    if (!column) throw new Error(`Unknown field "${name}" of model ${model.name}`);
    params.push(value);
    return `${column} = $${params.length}`;
  });
  const r = await q.query<Row>(
    `select ${selectColumns(model)} from ${model.table}${conditions.length ? ` where ${conditions.join(' and ')}` : ''} order by created_at, id${forUpdate ? ' for update' : ''}`,
    params,
  );
  return r.rows.map((row) => rowToRecord(model, row));
}

/**
 * Writes a record back if nobody changed it since `expectedVersion` (the optimistic check):
 * `update ... where id = $1 and version = $2`. Returns false when no row matched.
 */
export async function saveRecord(
  q: Queryable,
  model: CompiledModel,
  rec: BizRecord,
  expectedVersion: number,
  now: Date,
): Promise<boolean> {
  const fields = [...model.fields.values()];
  const params: unknown[] = [
    rec.id,
    expectedVersion,
    rec.state,
    visibleCorps(model, rec.data),
    now.toISOString(),
  ];
  const sets = [
    'state = $3',
    'visible_corps = $4::text[]',
    'updated_at = $5::timestamptz',
    'version = version + 1',
  ];
  for (const f of fields) {
    params.push(toParam(f, rec.data[f.name]));
    sets.push(`${f.column} = ${paramRef(f, params.length)}`);
  }
  const r = await q.query(
    `update ${model.table} set ${sets.join(', ')} where id = $1 and version = $2`,
    params,
  );
  if (r.affectedRows !== 1) return false;
  rec.version = expectedVersion + 1;
  return true;
}

/** Deletes a record if nobody changed it since `expectedVersion`. Returns false when no row matched. */
export async function deleteRecord(
  q: Queryable,
  model: CompiledModel,
  id: string,
  expectedVersion: number,
): Promise<boolean> {
  const r = await q.query(`delete from ${model.table} where id = $1 and version = $2`, [id, expectedVersion]);
  return r.affectedRows === 1;
}
