import type { Db } from '../db/db';
import type { CompiledModel } from './compileModel';
import type { ModelSet } from './loadModels';
import type { FilterKind } from './types';

/** Columns every model table has besides its fields. */
const SYSTEM_COLUMNS: ReadonlyArray<[string, string]> = [
  ['id', 'text primary key'],
  ['state', 'text not null'],
  ['version', 'integer not null default 1'],
  ['visible_corps', "text[] not null default '{}'"],
  ['created_by', 'text'],
  ['created_by_name', 'text'],
  ['created_corp_id', 'text'],
  ['created_corp_name', 'text'],
  ['created_at', 'timestamptz not null default now()'],
  ['updated_at', 'timestamptz not null default now()'],
];

interface IndexSpec {
  name: string;
  sql: string;
}

const indexName = (table: string, suffix: string): string => `${table}_${suffix}`.slice(0, 63);

/**
 * The indexes a model asks for: default order, state, flagged fields, composites. Visibility is answered
 * by the side table; the record table's former GIN index on visible_corps is dropped (see
 * {@link ensureModelTables}): every write paid for it and no query needs it.
 */
export function modelIndexes(model: CompiledModel): IndexSpec[] {
  const t = model.table;
  const specs: IndexSpec[] = [
    {
      name: indexName(t, 'created'),
      sql: `create index if not exists ${indexName(t, 'created')} on ${t} (created_at desc, id desc)`,
    },
    {
      name: indexName(t, 'state'),
      sql: `create index if not exists ${indexName(t, 'state')} on ${t} (state)`,
    },
  ];
  for (const field of model.fields.values()) {
    const numbered = model.def.numbering?.field === field.name;
    if (!field.def.index && !numbered) continue;
    const name = indexName(t, field.column);
    // (column, id) matches the list order `column dir, id dir`, so a sorted page reads only its rows.
    const columns = numbered ? field.column : `${field.column}, id`;
    specs.push({
      name,
      sql: `create ${numbered ? 'unique ' : ''}index if not exists ${name} on ${t} (${columns})`,
    });
  }
  for (const list of model.def.indexes ?? []) {
    const columns = list.map((f) => model.fields.get(f)!.column);
    const name = indexName(t, columns.join('_'));
    specs.push({ name, sql: `create index if not exists ${name} on ${t} (${columns.join(', ')})` });
  }
  return specs;
}

/** The per-enterprise side table of a model's records (one row per visible enterprise and record). */
export const sideTable = (model: CompiledModel): string => `${model.table}_by_corp`.slice(0, 63);

/** A side-table column and the expression filling it from a record row aliased `alias`. */
interface SideColumn {
  column: string;
  type: string;
  /** From the record aliased `alias`, seen by the enterprise `corp` (an SQL expression). */
  from: (alias: string, corp: string) => string;
  /** Computed from another copied column (not a record column of its own). */
  derived?: true;
}

/** The side-table column of a contains filter: its field lower-cased (the filter is a LIKE on it). */
export const containsColumn = (column: string): string => `_lc_${column}`.slice(0, 63);

/** The side-table column of a searchable field (`query.search`): its bigrams, each prefixed with the enterprise. */
export const searchColumn = (column: string): string => `_ng_${column}`.slice(0, 63);

/**
 * The SQL function giving a text's distinct two-character n-grams (code points, as `substr` counts them),
 * each prefixed with the enterprise and a unit separator: what a search column holds (of the lower-cased
 * field) and what a contains filter asks it to hold (of the lower-cased term). The enterprise in every
 * n-gram keeps a GIN posting list to one enterprise's rows, so a search costs what that enterprise holds,
 * not what the platform holds. A text shorter than two characters has none.
 */
export const BIGRAMS = 'scf_bigrams';
const bigramsBody = `
  select coalesce(array_agg(distinct corp || chr(31) || substr(t, i, 2)), '{}')
    from generate_series(1, length(t) - 1) i
`;
const bigramsFunction = `create or replace function ${BIGRAMS}(corp text, t text) returns text[]
  language sql immutable parallel safe as $$${bigramsBody}$$`;

/**
 * The columns the side table copies from the record besides `_corp` (the enterprise) and id: state,
 * created_at and every field the model's `query` filters or sorts on, so a list's conditions and order are
 * all answered there; a field with a contains filter also lower-cased ({@link containsColumn}), so the
 * filter is a plain LIKE that a covering index answers without reading the table (no ILIKE per row).
 */
export function sideColumns(model: CompiledModel): SideColumn[] {
  const q = model.def.query;
  const names = new Set([...Object.keys(q?.filters ?? {}), ...(q?.sort ?? [])]);
  names.delete(model.stateField);
  const copy = (column: string, type: string): SideColumn => ({
    column,
    type,
    from: (a: string) => `${a}.${column}`,
  });
  const copied = [copy('state', 'text'), copy('created_at', 'timestamptz')];
  for (const name of names) {
    const field = model.fields.get(name);
    if (field && field.kind !== 'json') copied.push(copy(field.column, field.dbType));
  }
  for (const column of filterColumns(model, 'contains'))
    copied.push({
      column: containsColumn(column),
      type: 'text',
      from: (a) => `lower(${a}.${column})`,
      derived: true,
    });
  for (const column of searchColumns(model))
    copied.push({
      column: searchColumn(column),
      type: 'text[]',
      from: (a, corp) => `${BIGRAMS}(${corp}, lower(${a}.${column}))`,
      derived: true,
    });
  return copied;
}

/**
 * The record columns of the model's filters of one kind: `contains` (texts, lower-cased copies in the side
 * table) or `range` (amounts and dates: narrow, fixed-width values the sort indexes carry).
 */
function filterColumns(model: CompiledModel, kind: FilterKind): string[] {
  return Object.entries(model.def.query?.filters ?? {})
    .filter(([, k]) => k === kind)
    .map(([name]) => model.fields.get(name)!.column);
}

/** The record columns of the model's searchable fields (`query.search`). */
function searchColumns(model: CompiledModel): string[] {
  return (model.def.query?.search ?? []).map((name) => model.fields.get(name)!.column);
}

/** The side table's sorted columns: created_at and those of `query.sort`, each once. */
const sortedColumns = (model: CompiledModel): string[] => [
  ...new Set(['created_at', ...(model.def.query?.sort ?? []).map((f) => model.fields.get(f)!.column)]),
];

/**
 * The side table's sort indexes by their former names, without the range-filtered columns: a database made
 * before them loses them when the new ones are made (see {@link ensureModelTables}).
 */
function formerSortIndexes(model: CompiledModel): string[] {
  const side = sideTable(model);
  return sortedColumns(model).flatMap((c) => [indexName(side, `c_${c}`), indexName(side, `cs_${c}`)]);
}

/**
 * The side table's indexes: per sort column (created_at and `query.sort`), (_corp[, state], column, id)
 * carrying the range-filtered columns, so a page sorted on one column and filtered on a range of another
 * reads its rows in order from the index alone, skipping the earlier pages there (page 500 of a 1M-voucher
 * list sorted by amount and filtered by due date: an in-memory sort of 5,000 rows before); with contains
 * filters, one covering index (_corp, state) holding the lower-cased texts and the sorted columns, so a
 * contains-filtered list counts and sorts its matches without reading a table row.
 */
export function sideIndexes(model: CompiledModel): IndexSpec[] {
  const side = sideTable(model);
  const sorted = sortedColumns(model);
  const ranges = filterColumns(model, 'range');
  const specs: IndexSpec[] = [
    {
      name: indexName(side, 'id'),
      sql: `create index if not exists ${indexName(side, 'id')} on ${side} (id)`,
    },
  ];
  for (const column of sorted) {
    const carried = ranges.filter((c) => c !== column);
    const include = carried.length ? ` include (${carried.join(', ')})` : '';
    for (const [suffix, columns] of [
      [`sort_${column}`, `_corp, ${column}, id`],
      [`sort_state_${column}`, `_corp, state, ${column}, id`],
    ]) {
      const name = indexName(side, suffix!);
      specs.push({ name, sql: `create index if not exists ${name} on ${side} (${columns})${include}` });
    }
  }
  const texts = filterColumns(model, 'contains').map(containsColumn);
  if (texts.length) {
    const name = indexName(side, 'contains');
    const included = ['id', ...texts, ...new Set(sorted)];
    specs.push({
      name,
      sql: `create index if not exists ${name} on ${side} (_corp, state) include (${included.join(', ')})`,
    });
  }
  for (const column of searchColumns(model).map(searchColumn)) {
    const name = indexName(side, column);
    specs.push({ name, sql: `create index if not exists ${name} on ${side} using gin (${column})` });
  }
  return specs;
}

/** Triggers keeping a side table, one per event. */
const SIDE_TRIGGERS = 3;

/**
 * The statement-level trigger function keeping the side table exact (one statement per write, so a bulk
 * insert costs one INSERT … SELECT, not a call per row): inserted records add their rows (one per visible
 * enterprise), deleted records lose them, updated records whose visibility or a copied column changed
 * have theirs replaced. Every write bumps the model's data version too (migration 091, listCache.ts).
 */
function sideSync(model: CompiledModel): { name: string; body: string; statements: string[] } {
  const side = sideTable(model);
  const name = `${side}_sync`.slice(0, 63);
  const copied = sideColumns(model);
  const insert = (where: string): string =>
    `insert into ${side} (_corp, id, ${copied.map((c) => c.column).join(', ')})
      select c, n.id, ${copied.map((c) => c.from('n', 'c')).join(', ')} from new_rows n, unnest(n.visible_corps) c${where}
      on conflict do nothing;`;
  // The record columns the copies come from (a lower-cased copy changes with its field).
  const watched = ['visible_corps', ...copied.filter((c) => !c.derived).map((c) => c.column)];
  const body = `
declare
  changed text[];
begin
  update model_versions set v = v + 1 where name = '${model.table}';
  if TG_OP = 'INSERT' then
    ${insert('')}
  elsif TG_OP = 'DELETE' then
    delete from ${side} where id in (select id from old_rows);
  else
    select array_agg(n.id) into changed from new_rows n join old_rows o on o.id = n.id
      where (${watched.map((c) => `o.${c}`).join(', ')}) is distinct from (${watched.map((c) => `n.${c}`).join(', ')});
    if changed is not null then
      delete from ${side} where id = any(changed);
      ${insert(' where n.id = any(changed)')}
    end if;
  end if;
  return null;
end
`;
  const t = model.table;
  const trigger = (event: string, tables: string): string[] => [
    `drop trigger if exists ${side}_${event} on ${t}`,
    `create trigger ${side}_${event} after ${event} on ${t} referencing ${tables} for each statement execute function ${name}()`,
  ];
  return {
    name,
    body,
    statements: [
      // The version starts at the clock's microseconds: a database made again never repeats a version an
      // instance may still hold an answer for.
      `insert into model_versions (name, v) values ('${t}', (extract(epoch from clock_timestamp()) * 1000000)::bigint)
        on conflict (name) do nothing`,
      `create or replace function ${name}() returns trigger language plpgsql as $$${body}$$`,
      ...trigger('insert', 'new table as new_rows'),
      ...trigger('update', 'old table as old_rows new table as new_rows'),
      ...trigger('delete', 'old table as old_rows'),
    ],
  };
}

/**
 * Fills a side table from its records (after creation, a new copied column or a missing trigger), one
 * enterprise after another: an enterprise's rows then sit in neighbouring pages, so a list's count and
 * filters read few pages, not one page per row.
 */
function sideBackfill(model: CompiledModel): string[] {
  const side = sideTable(model);
  const copied = sideColumns(model);
  return [
    `truncate ${side}`,
    `insert into ${side} (_corp, id, ${copied.map((c) => c.column).join(', ')})
      select c, t.id, ${copied.map((c) => c.from('t', 'c')).join(', ')} from ${model.table} t, unnest(t.visible_corps) c
      order by c on conflict do nothing`,
    `analyze ${side}`,
  ];
}

/**
 * Creates each model's table, adds missing columns and indexes (additive only: a changed column type or a
 * removed field needs a migration), and its side table `<table>_by_corp` (see {@link sideColumns}), kept by
 * a trigger and filled from the records whenever it or its trigger was missing. One catalogue query when
 * nothing is missing; otherwise the DDL runs in a transaction holding an advisory lock, so several starting
 * servers do not race.
 */
export async function ensureModelTables(db: Db, set: ModelSet): Promise<string[]> {
  const models = [...set.models.values()];
  const tables = models.flatMap((m) => [m.table, sideTable(m)]);
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and table_name = any($1::text[])`,
    [tables],
  );
  const indexes = await db.query<{ indexname: string }>(
    'select indexname from pg_indexes where schemaname = current_schema() and tablename = any($1::text[])',
    [tables],
  );
  const existing = new Set(columns.rows.map((r) => `${r.table_name}.${r.column_name}`));
  const existingTables = new Set(columns.rows.map((r) => r.table_name));
  const existingIndexes = new Set(indexes.rows.map((r) => r.indexname));
  const syncs = await db.query<{ proname: string; prosrc: string; triggers: number }>(
    `select p.proname, p.prosrc, (select count(*)::int from pg_trigger g where g.tgfoid = p.oid) as triggers
       from pg_proc p where p.proname = any($1::text[])`,
    [[BIGRAMS, ...models.map((m) => sideSync(m).name)]],
  );
  const existingSyncs = new Map(syncs.rows.map((r) => [r.proname, r]));

  const statements: string[] = [];
  // Before any side table whose search column or trigger calls it.
  if (existingSyncs.get(BIGRAMS)?.prosrc !== bigramsBody) statements.push(bigramsFunction);
  for (const model of models) {
    const fieldColumns = [...model.fields.values()].map((f): [string, string] => [f.column, f.dbType]);
    if (!existingTables.has(model.table)) {
      const defs = [...SYSTEM_COLUMNS, ...fieldColumns].map(([c, type]) => `${c} ${type}`);
      statements.push(`create table if not exists ${model.table} (${defs.join(', ')})`);
    } else {
      for (const [column, type] of [...SYSTEM_COLUMNS.slice(1), ...fieldColumns]) {
        if (!existing.has(`${model.table}.${column}`)) {
          statements.push(
            `alter table ${model.table} add column if not exists ${column} ${type.replace(' not null', '')}`,
          );
        }
      }
    }
    for (const index of modelIndexes(model)) if (!existingIndexes.has(index.name)) statements.push(index.sql);
    const formerVisible = indexName(model.table, 'visible');
    if (existingIndexes.has(formerVisible)) statements.push(`drop index if exists ${formerVisible}`);

    const side = sideTable(model);
    let refill = false;
    if (!existingTables.has(side)) {
      const defs = ['_corp text', 'id text', ...sideColumns(model).map((c) => `${c.column} ${c.type}`)];
      statements.push(`create table if not exists ${side} (${defs.join(', ')}, primary key (_corp, id))`);
      refill = true;
    } else {
      for (const { column, type } of sideColumns(model)) {
        if (existing.has(`${side}.${column}`)) continue;
        statements.push(`alter table ${side} add column if not exists ${column} ${type}`);
        refill = true;
      }
    }
    const sync = sideSync(model);
    const found = existingSyncs.get(sync.name);
    if (refill || !found || found.prosrc !== sync.body || found.triggers !== SIDE_TRIGGERS) {
      statements.push(...sync.statements);
      if (refill || !found || found.triggers !== SIDE_TRIGGERS) statements.push(...sideBackfill(model));
    }
    for (const index of sideIndexes(model)) if (!existingIndexes.has(index.name)) statements.push(index.sql);
    for (const former of formerSortIndexes(model))
      if (existingIndexes.has(former)) statements.push(`drop index if exists ${former}`);
  }
  if (statements.length === 0) return [];
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7340010)');
    for (const sql of statements) await tx.query(sql);
  });
  return statements;
}
