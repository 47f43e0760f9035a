/**
 * `schemaVersion` migrations: every format change goes with a function that rewrites an older file
 * into the next version, and a test. Old schemas are migrated, never silently reinterpreted.
 */
import { SchemaError } from './errors';
import { CURRENT_SCHEMA_VERSION } from './version';

/** One step from `from` to `from + 1`. */
export interface SchemaMigration {
  from: number;
  /** What changed, for the checker's notes and the ADR. */
  description: string;
  /** Returns the migrated copy; never mutates its input. */
  migrate(schema: Record<string, unknown>): Record<string, unknown>;
}

/** Result of {@link migrateSchema}. */
export interface MigrationResult {
  schema: Record<string, unknown>;
  /** The versions it was migrated from, in order (empty when it was current). */
  applied: number[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Renames `visibleOn` (the draft's amis-style name) to `visible` in an action list. */
function migrateActions(actions: unknown): unknown {
  if (!Array.isArray(actions)) return actions;
  return actions.map((action: unknown) => {
    if (!isObject(action) || !('visibleOn' in action)) return action;
    const { visibleOn, ...rest } = action;
    return 'visible' in rest ? rest : { ...rest, visible: visibleOn };
  });
}

/**
 * Version 1 (the first draft the analysts used) → 2:
 * - `route.menuGroup` / `route.menuOrder` become the `route.menu` block of ADR 0005 §1;
 * - `list.filters` becomes `list.query`;
 * - `visibleOn` on actions becomes `visible`.
 */
const v1ToV2: SchemaMigration = {
  from: 1,
  description:
    'route.menuGroup/menuOrder → route.menu{group,order}; list.filters → list.query; action visibleOn → visible',
  migrate(schema) {
    const out: Record<string, unknown> = { ...schema };
    if (isObject(schema.route)) {
      const { menuGroup, menuOrder, ...route } = schema.route;
      if (menuGroup !== undefined || menuOrder !== undefined) {
        const menu = isObject(route.menu) ? { ...route.menu } : {};
        if (menuGroup !== undefined && menu.group === undefined) menu.group = menuGroup;
        if (menuOrder !== undefined && menu.order === undefined) menu.order = menuOrder;
        route.menu = menu;
      }
      out.route = route;
    }
    for (const kind of ['list', 'form', 'approve', 'upload', 'detail']) {
      const body = schema[kind];
      if (!isObject(body)) continue;
      const next: Record<string, unknown> = { ...body };
      if (kind === 'list' && 'filters' in next) {
        const filters = next.filters;
        delete next.filters;
        if (next.query === undefined) next.query = filters;
      }
      for (const key of ['toolbar', 'rowActions', 'actions']) {
        if (key in next) next[key] = migrateActions(next[key]);
      }
      out[kind] = next;
    }
    out.schemaVersion = 2;
    return out;
  },
};

/** All migrations, oldest first. */
export const SCHEMA_MIGRATIONS: readonly SchemaMigration[] = [v1ToV2];

/**
 * Brings a raw page schema to {@link CURRENT_SCHEMA_VERSION}. A missing `schemaVersion` is an error
 * (a file must say which format it is written in).
 * @throws {SchemaError} `E_VERSION` for a missing, unknown or future version, `E_SHAPE` for a non-object.
 */
export function migrateSchema(
  raw: unknown,
  file?: string,
  migrations: readonly SchemaMigration[] = SCHEMA_MIGRATIONS,
  target: number = CURRENT_SCHEMA_VERSION,
): MigrationResult {
  const where = file === undefined ? {} : { file };
  if (!isObject(raw)) throw new SchemaError('E_SHAPE', '页面配置应为 JSON 对象', where);
  const version = raw.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new SchemaError('E_VERSION', `schemaVersion 应为正整数（当前版本 ${target}）`, {
      ...where,
      pointer: '/schemaVersion',
    });
  }
  if (version > target) {
    throw new SchemaError(
      'E_VERSION',
      `schemaVersion ${version} 比渲染器支持的版本 ${target} 新，请升级渲染器`,
      {
        ...where,
        pointer: '/schemaVersion',
      },
    );
  }
  let schema = raw;
  const applied: number[] = [];
  for (let at = version; at < target; at += 1) {
    const step = migrations.find((m) => m.from === at);
    if (!step) {
      throw new SchemaError('E_VERSION', `没有从 schemaVersion ${at} 升级的迁移`, {
        ...where,
        pointer: '/schemaVersion',
      });
    }
    schema = step.migrate(schema);
    applied.push(at);
  }
  return { schema, applied };
}
