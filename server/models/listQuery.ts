import { compareMoney, isDecimal } from '@renderer/core/format';
import { isBusinessDate, VALIDATION_MESSAGES } from '@renderer/core/validators';
import type { Queryable } from '../db/db';
import { ApiError } from '../errors';
import type { CompiledModel } from './compileModel';
import { assertFieldsVisible } from './fieldAccess';
import { BIGRAMS, containsColumn, searchColumn, sideTable } from './modelTables';
import { assertNotMasked } from './personalFields';
import type { ColumnKind, FilterKind } from './types';

/** Query parameters as Fastify parses them: repeated names become arrays. */
export type QueryParams = Record<string, string | string[] | undefined>;

/** A WHERE clause with its parameters. */
export interface WhereClause {
  sql: string;
  params: unknown[];
  /**
   * Contains filters of two characters or more on searchable fields (`query.search`), not yet in `sql`:
   * {@link withSearches} adds the bigram condition of those that narrow the rows enough.
   */
  searches?: Array<{ column: string; term: string }>;
  /** Every condition is an equality (the enterprise, ids, eq and in filters): no range, no contains. */
  equalities: boolean;
}

/** The conditions and parameters of a {@link WhereClause}, all most readers of one need. */
export type WhereSql = Pick<WhereClause, 'sql' | 'params'>;

/** A bigram condition is added when the planner expects at most this many rows from its GIN index. */
export const SEARCH_NARROW_ROWS = 2_000;

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const INTEGER_RE = /^-?\d{1,15}$/;
/** A day, or a day with a time (the inclusive upper bound appends ' 23:59:59.999'). */
const DATETIME_RE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

const values = (v: string | string[] | undefined): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x) => x !== '');

/** Escapes LIKE wildcards so a searched '%' or '_' matches itself. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface FilterTarget {
  column: string;
  kind: ColumnKind;
  title: string;
}

function target(model: CompiledModel, name: string): FilterTarget {
  if (name === model.stateField) return { column: 'state', kind: 'text', title: '状态' };
  const field = model.fields.get(name)!;
  return { column: field.column, kind: field.kind, title: field.def.title };
}

function checkValue(t: FilterTarget, value: string): string {
  const ok =
    t.kind === 'money' || t.kind === 'decimal'
      ? isDecimal(value) && value.length <= 20
      : t.kind === 'date'
        ? isBusinessDate(value)
        : t.kind === 'datetime'
          ? isBusinessDate(value.slice(0, 10)) && DATETIME_RE.test(value) && !Number.isNaN(Date.parse(value))
          : t.kind === 'integer'
            ? INTEGER_RE.test(value)
            : t.kind === 'boolean'
              ? value === 'true' || value === 'false'
              : value.length <= 200;
  if (!ok) throw new ApiError('QUERY_INVALID', { title: t.title });
  return value;
}

/** @throws RANGE_ORDER_INVALID when a range's lower bound (already checked) lies above its upper bound. */
function checkOrder(t: FilterTarget, low: string, high: string): void {
  checkValue(t, high);
  const money = t.kind === 'money' || t.kind === 'decimal';
  const above = money
    ? compareMoney(low, high) > 0
    : t.kind === 'integer'
      ? Number(low) > Number(high)
      : low.slice(0, 10) > high.slice(0, 10); // dates, and date-times by their day
  if (above)
    throw new ApiError('RANGE_ORDER_INVALID', {
      title: t.title,
      order: t.kind === 'money' ? VALIDATION_MESSAGES.amountRangeOrder : VALIDATION_MESSAGES.rangeOrder,
    });
}

/**
 * The WHERE clause of a list or aggregate over the model's side table aliased `s` (modelTables
 * `sideTable`, which copies every filtered and sorted column): the enterprise first (`s._corp = $1`,
 * leading every side index; `visibleAs` is recordStore's visibilityKey: the user's for a model visible by user), then the record ids asked (`id`, repeated), then each filter the model
 * declares, always parameterised. Parameters the model does not declare (the cache-busting `v`, paging)
 * are ignored. A filter given on a field hidden from `role` is refused (FIELD_HIDDEN), one on personal data
 * the role sees masked too (FIELD_MASKED, server/models/personalFields.ts). Read it through
 * {@link visibleFrom} or {@link visibleIds}.
 */
export function buildWhere(
  model: CompiledModel,
  visibleAs: string,
  query: QueryParams,
  role: string | null,
): WhereClause {
  const params: unknown[] = [visibleAs];
  const conditions = ['s._corp = $1'];
  const searches: NonNullable<WhereClause['searches']> = [];
  let equalities = true;
  const add = (sql: (n: number) => string, value: unknown): void => {
    params.push(value);
    conditions.push(sql(params.length));
  };
  // Checked rows of a list (a batch export): `id=a&id=b`, always within the visibility above.
  const ids = values(query.id);
  if (ids.length) {
    if (ids.length > 1000 || ids.some((id) => id.length > 64))
      throw new ApiError('QUERY_INVALID', { title: 'id' });
    add((n) => `s.id = any($${n})`, ids);
  }
  const filters = Object.entries(model.def.query?.filters ?? {}) as Array<[string, FilterKind]>;
  for (const [name, kind] of filters) {
    const t = target(model, name);
    const col = `s.${t.column}`;
    const dated = t.kind === 'date' || t.kind === 'datetime';
    const asked =
      kind === 'range' ? [`${name}${dated ? 'From' : 'Min'}`, `${name}${dated ? 'To' : 'Max'}`] : [name];
    if (asked.some((p) => values(query[p]).length)) {
      assertFieldsVisible(model, role, [name]);
      assertNotMasked(model, role, [name]);
    }
    if (kind === 'eq' || kind === 'in') {
      const list = values(query[name]).map((v) => checkValue(t, v));
      if (list.length === 1) add((n) => `${col} = $${n}`, list[0]);
      else if (list.length > 1) add((n) => `${col} = any($${n})`, list);
    } else if (kind === 'contains') {
      const text = values(query[name])[0]?.trim();
      if (text === undefined) continue;
      equalities = false;
      // The side table's lower-cased copy, LIKE the lower-cased text: what ILIKE does, without lowering every row.
      add((n) => `s.${containsColumn(t.column)} like lower($${n})`, likePattern(checkValue(t, text)));
      // A searchable field's bigrams may narrow the rows first (withSearches); a one-character term has no
      // bigram and is answered by the LIKE alone.
      if (model.def.query?.search?.includes(name) && [...text].length >= 2)
        searches.push({ column: searchColumn(t.column), term: text });
    } else {
      const low = values(query[asked[0]!])[0];
      const high = values(query[asked[1]!])[0];
      if (low !== undefined || high !== undefined) equalities = false;
      if (low !== undefined) add((n) => `${col} >= $${n}`, checkValue(t, low));
      if (low !== undefined && high !== undefined) checkOrder(t, low, high);
      if (high !== undefined) {
        // A date-time upper bound given as a day means the whole day.
        const inclusive = t.kind === 'datetime' && DATE_RE.test(high) ? `${high} 23:59:59.999` : high;
        add((n) => `${col} <= $${n}`, checkValue(t, inclusive));
      }
    }
  }
  return { sql: conditions.join(' and '), params, equalities, ...(searches.length ? { searches } : {}) };
}

/** The planner's row estimate of `select 1 <from…>` (EXPLAIN's JSON, a string on PGlite). */
async function estimateRows(db: Queryable, from: string, params: unknown[]): Promise<number> {
  const plan = await db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) select 1 ${from}`, params);
  const raw = plan.rows[0]?.['QUERY PLAN'];
  const json = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Math.round(json[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * `where` with the bigram condition of each search (`s._ng_<column> @> scf_bigrams($1, lower(term))`, the
 * same function over the same lower() as the column) whose GIN index the planner expects to give at most
 * {@link SEARCH_NARROW_ROWS} rows: a term matching few of the enterprise's rows is then answered from the
 * index instead of by reading all of them. A term matching many is left to the LIKE and the btrees: the
 * bigrams carry the enterprise, which the planner cannot relate to `_corp`, so in one query it would
 * expect far fewer rows than come and pick the GIN index over a covering btree. The LIKE always decides,
 * so the answer is the same either way (sideTable.test).
 */
export async function withSearches(
  db: Queryable,
  model: CompiledModel,
  where: WhereClause,
): Promise<WhereClause> {
  if (!where.searches) return where;
  const params = [...where.params];
  const conditions = [where.sql];
  for (const { column, term } of where.searches) {
    const condition = (n: number): string => `s.${column} @> ${BIGRAMS}($1, lower($${n}))`;
    const rows = await estimateRows(db, `from ${sideTable(model)} s where ${condition(2)}`, [
      params[0],
      term,
    ]);
    if (rows > SEARCH_NARROW_ROWS) continue;
    params.push(term);
    conditions.push(condition(params.length));
  }
  return { sql: conditions.join(' and '), params, equalities: where.equalities };
}

/** `from <side table> s where …`: the rows of a WHERE clause from {@link buildWhere}. */
export const visibleFrom = (model: CompiledModel, where: WhereSql): string =>
  `from ${sideTable(model)} s where ${where.sql}`;

/**
 * A WHERE clause from {@link buildWhere} on the record table aliased `t` instead: visibility by
 * `visible_corps`, each contains filter as ILIKE on its field's own column (a search column's bigram
 * condition made true). What lists ran before the side
 * table; the side-table test and the scale bench compare the engine's answers and times with it.
 */
export function onRecordTable(model: CompiledModel, where: WhereSql): string {
  const lowered = new Map([...model.fields.values()].map((f) => [containsColumn(f.column), f.column]));
  return where.sql
    .replace('s._corp = $1', 't.visible_corps @> array[$1]::text[]')
    .replace(
      new RegExp(`\\bs\\.\\w+ @> ${BIGRAMS}\\(\\$1, lower\\((\\$\\d+)\\)\\)`, 'g'),
      (_, n: string) => `${n}::text is not null`, // still names its parameter
    )
    .replace(
      /\bs\.(\w+) like lower\((\$\d+)\)/g,
      (_, column: string, n: string) => `t.${lowered.get(column)} ilike ${n}`,
    )
    .replace(/\bs\./g, 't.');
}

/** A subquery of the ids a WHERE clause from {@link buildWhere} matches (for `id in (…)`). */
export const visibleIds = (model: CompiledModel, where: WhereSql): string =>
  `select s.id ${visibleFrom(model, where)}`;

/** Up to this many matching rows a list counts exactly; above, it reports the planner's estimate. */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * The total of a list: exact up to EXACT_COUNT_LIMIT rows (a count stopped after one row more), else the
 * planner's estimate, at least EXACT_COUNT_LIMIT + 1 and marked `estimated` (an exact count(*) over a huge
 * visible set costs more than the page itself; PERFORMANCE.md).
 */
export async function countRows(
  db: Queryable,
  model: CompiledModel,
  where: WhereClause,
): Promise<{ count: number; estimated: boolean }> {
  const capped = await db.query<{ n: number }>(`select ${cappedCountSql(model, where)} as n`, where.params);
  return finishCount(db, model, where, capped.rows[0]?.n ?? 0);
}

/** A scalar subquery: how many rows `where` matches, stopped after EXACT_COUNT_LIMIT + 1. */
export const cappedCountSql = (model: CompiledModel, where: WhereSql): string =>
  `(select count(*)::int from (select 1 ${visibleFrom(model, where)} limit ${EXACT_COUNT_LIMIT + 1}) x)`;

/** The list total from a capped count: itself up to EXACT_COUNT_LIMIT, else the planner's estimate. */
export async function finishCount(
  db: Queryable,
  model: CompiledModel,
  where: WhereClause,
  capped: number,
): Promise<{ count: number; estimated: boolean }> {
  if (capped <= EXACT_COUNT_LIMIT) return { count: capped, estimated: false };
  const estimate = await estimateRows(db, visibleFrom(model, where), where.params);
  return { count: Math.max(estimate, EXACT_COUNT_LIMIT + 1), estimated: true };
}

/** Page and size from the query: page ≥ 1 (default 1), size 1..100 (default 10). */
export function paging(query: QueryParams): { page: number; size: number } {
  const int = (v: string | undefined, fallback: number): number => {
    const n = Number(v);
    return Number.isInteger(n) && n >= 1 ? n : fallback;
  };
  return {
    page: Math.min(int(values(query.page)[0], 1), 1_000_000),
    size: Math.min(int(values(query.size)[0], DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE),
  };
}

/**
 * ORDER BY from `sort=field,asc|desc` on a whitelisted field (query.sort or createdAt); id breaks ties.
 * Columns are qualified with the alias `t` (the record table) or `s` (the side table, which copies every
 * sorted column): a bare name would sort by the select list's text rendering of the same name (money as
 * text sorts '107880.64' after '1067601.64'). A sort on a field hidden from `role` is refused (FIELD_HIDDEN),
 * one on personal data the role sees masked too (FIELD_MASKED).
 */
export function orderBy(
  model: CompiledModel,
  query: QueryParams,
  role: string | null,
  alias: 't' | 's' = 't',
): string {
  const requested = values(query.sort)[0] ?? model.def.query?.defaultSort ?? 'createdAt,desc';
  const [field = '', dir = 'asc'] = requested.split(',');
  const direction = dir.toLowerCase() === 'desc' ? 'desc' : dir.toLowerCase() === 'asc' ? 'asc' : null;
  if (!direction) throw new ApiError('SORT_INVALID', { field: requested });
  const t = alias;
  if (field === 'createdAt') return `${t}.created_at ${direction}, ${t}.id ${direction}`;
  if (field === model.stateField) return `${t}.state ${direction}, ${t}.created_at desc, ${t}.id desc`;
  if (!(model.def.query?.sort ?? []).includes(field)) throw new ApiError('SORT_INVALID', { field });
  assertFieldsVisible(model, role, [field]);
  assertNotMasked(model, role, [field]);
  const column = model.fields.get(field)!.column;
  // No NULLS LAST: the default null order lets an index on (column, id) serve both directions.
  return `${t}.${column} ${direction}, ${t}.id ${direction}`;
}
