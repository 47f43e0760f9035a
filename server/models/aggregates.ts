import { fromCents, toCents } from '@renderer/core/format';
import type { Queryable } from '../db/db';
import { PORTAL_TIME_ZONE } from '../db/localTime';
import { ApiError } from '../errors';
import type { CompiledModel } from './compileModel';
import { assertFieldsVisible } from './fieldAccess';
import { buildWhere, visibleIds, type QueryParams } from './listQuery';
import { visibilityKey } from './recordStore';
import { assertNotMasked } from './personalFields';
import type { Actor } from './recordJson';
import type { DictDef } from './types';

/** One group of a statistics answer. */
export interface AggregateGroup {
  key: string;
  label: string;
  /** The measure: a decimal string for sums, a number for counts. */
  value: string | number;
  count: number;
}

/** `GET .../aggregates` answer (the renderer's AggregateAnswer plus counts and the resolved names). */
export interface AggregateAnswer {
  groupBy: string;
  measure: string;
  total: string | number;
  count: number;
  groups: AggregateGroup[];
}

interface Grouping {
  key: string;
  label: string | null;
  /** Values of the key that have dictionary labels. */
  labels?: ReadonlyMap<string, string>;
  /** Keys are months (`YYYY-MM`): months without records are answered as zero groups. */
  months?: true;
}

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/**
 * The grouping `name` asks for; any field it reads must be visible to `role` (FIELD_HIDDEN) and, as its
 * keys and labels are answered whole, not personal data the role sees masked (FIELD_MASKED).
 */
function grouping(
  model: CompiledModel,
  name: string,
  params: unknown[],
  corpId: string,
  role: string | null,
  dicts: ReadonlyMap<string, DictDef>,
): Grouping {
  const named = model.def.aggregates?.groupBy[name];
  const [prefix, rest] = name.includes(':') ? (name.split(':', 2) as [string, string]) : [null, null];
  const kind = named?.kind ?? (prefix === 'month' ? 'month' : prefix === null ? 'field' : null);
  const fieldName = named?.field ?? rest ?? name;
  if (kind === 'counterparty') {
    params.push(corpId);
    const me = `$${params.length}`;
    const fields = (named?.fields ?? []).map((f) => model.fields.get(f)!);
    const read = fields.flatMap((f) => (f.def.nameField ? [f.name, f.def.nameField] : [f.name]));
    assertFieldsVisible(model, role, read);
    assertNotMasked(model, role, read);
    // The first corp field not holding the user's enterprise: for a core it is the holder, for a supplier the issuer.
    const pick = (expr: (f: (typeof fields)[number]) => string): string =>
      `case ${fields.map((f) => `when ${f.column} is distinct from ${me} then ${expr(f)}`).join(' ')} else null end`;
    return {
      key: pick((f) => f.column),
      label: pick((f) => (f.def.nameField ? model.fields.get(f.def.nameField)!.column : f.column)),
    };
  }
  if (fieldName === model.stateField && kind === 'field') {
    return {
      key: 'state',
      label: null,
      labels: new Map([...model.states].map(([v, item]) => [v, item.label])),
    };
  }
  const field = model.fields.get(fieldName);
  if (!field || !kind || field.kind === 'json')
    throw new ApiError('AGGREGATE_INVALID', { what: `groupBy=${name}` });
  const read = named?.labelField ? [fieldName, named.labelField] : [fieldName];
  assertFieldsVisible(model, role, read);
  assertNotMasked(model, role, read);
  if (kind === 'month') {
    if (field.kind !== 'date' && field.kind !== 'datetime')
      throw new ApiError('AGGREGATE_INVALID', { what: `groupBy=${name}` });
    // A date-time belongs to the month it falls in, in China time.
    const column =
      field.kind === 'datetime' ? `(${field.column} at time zone '${PORTAL_TIME_ZONE}')` : field.column;
    return { key: `to_char(${column}, 'YYYY-MM')`, label: null, months: true };
  }
  const labelField = named?.labelField ? model.fields.get(named.labelField) : undefined;
  const dict = field.def.dict ? dicts.get(field.def.dict) : undefined;
  return {
    key: `${field.column}::text`,
    label: labelField ? labelField.column : null,
    ...(dict ? { labels: new Map(dict.items.map((i) => [i.value, i.label])) } : {}),
  };
}

/**
 * Sums (or counts) a measure per group over the records the enterprise sees, with the list filters.
 * groupBy: a name of the model's `aggregates.groupBy`, `month:<date field>` or a field; measure: `count`,
 * `sum:<field>` or `<field>` among `aggregates.measures`.
 */
export async function aggregate(
  q: Queryable,
  model: CompiledModel,
  actor: Actor,
  query: QueryParams,
  dicts: ReadonlyMap<string, DictDef>,
): Promise<AggregateAnswer> {
  const { corpId } = actor.user;
  const groupBy = first(query.groupBy) ?? 'status';
  const measureParam = first(query.measure) ?? model.def.aggregates?.measures[0] ?? 'count';
  const measureField = measureParam === 'count' ? null : measureParam.replace(/^sum:/, '');
  if (measureField !== null && !(model.def.aggregates?.measures ?? []).includes(measureField)) {
    throw new ApiError('AGGREGATE_INVALID', { what: `measure=${measureParam}` });
  }
  if (measureField !== null) {
    assertFieldsVisible(model, actor.role, [measureField]);
    assertNotMasked(model, actor.role, [measureField]);
  }
  const where = buildWhere(model, visibilityKey(model, actor), query, actor.role);
  const params = [...where.params];
  const g = grouping(model, groupBy, params, corpId, actor.role, dicts);
  const sumExpr = measureField ? `coalesce(sum(${model.fields.get(measureField)!.column}), 0)::text` : 'null';
  const r = await q.query<{ key: string | null; label: string | null; count: number; sum: string | null }>(
    `select ${g.key} as key, ${g.label ?? 'null'} as label, count(*)::int as count, ${sumExpr} as sum
       from ${model.table} where id in (${visibleIds(model, where)}) group by 1, 2 order by 1 nulls last`,
    params,
  );
  const money = (text: string | null): string => fromCents(toCents(text ?? '0'));
  const groups = r.rows.map((row) => {
    const key = row.key ?? '';
    return {
      key,
      label: row.label ?? g.labels?.get(key) ?? (key || '—'),
      value: measureField ? money(row.sum) : row.count,
      count: row.count,
    };
  });
  if (g.months) fillMonths(groups, measureField ? '0.00' : 0);
  const count = groups.reduce((n, x) => n + x.count, 0);
  const total = measureField ? fromCents(groups.reduce((s, x) => s + toCents(x.value as string), 0n)) : count;
  return { groupBy, measure: measureField ? `sum:${measureField}` : 'count', total, count, groups };
}

/** The month after `YYYY-MM`. */
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * Inserts a zero group for every month missing between the first and the last month of `groups`
 * (sorted by key, records without a date last), so a monthly chart shows a gap as zero, not as nothing.
 */
export function fillMonths(groups: AggregateGroup[], zero: string | number): void {
  const dated = groups.filter((x) => /^\d{4}-\d{2}$/.test(x.key));
  const first = dated[0]?.key;
  const last = dated[dated.length - 1]?.key;
  if (!first || !last) return;
  const byKey = new Map(dated.map((x) => [x.key, x]));
  const filled: AggregateGroup[] = [];
  for (let month = first; month <= last; month = nextMonth(month))
    filled.push(byKey.get(month) ?? { key: month, label: month, value: zero, count: 0 });
  groups.splice(0, dated.length, ...filled);
}
