import type { Db } from '../db/db';
import type { CompiledModel } from './compileModel';
import type { ModelSet } from './loadModels';

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

/** The indexes a model asks for: visibility (GIN), default order, state, flagged fields, composites. */
export function modelIndexes(model: CompiledModel): IndexSpec[] {
  const t = model.table;
  const specs: IndexSpec[] = [
    {
      name: indexName(t, 'visible'),
      sql: `create index if not exists ${indexName(t, 'visible')} on ${t} using gin (visible_corps)`,
    },
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

/**
 * Creates each model's table, adds missing columns and indexes (additive only: a changed column type or a
 * removed field needs a migration). One catalogue query when nothing is missing; otherwise the DDL runs
 * in a transaction holding an advisory lock, so several starting servers do not race.
 */
export async function ensureModelTables(db: Db, set: ModelSet): Promise<string[]> {
  const models = [...set.models.values()];
  const tables = models.map((m) => m.table);
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

  const statements: string[] = [];
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
  }
  if (statements.length === 0) return [];
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7340010)');
    for (const sql of statements) await tx.query(sql);
  });
  return statements;
}
