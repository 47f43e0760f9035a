import type { Ajv, ValidateFunction } from 'ajv';
import { expandRoles, isRoleGroup } from '@contract/roles';
import { ROLES } from '../auth/roles';
import type {
  ColumnKind,
  CompiledField,
  DbType,
  DictDef,
  DictItem,
  FieldDef,
  ModelDef,
  TransitionDef,
} from './types';

/** A model ready for the engine: columns, validator, states and transitions by name. */
export interface CompiledModel {
  readonly def: ModelDef;
  readonly name: string;
  readonly table: string;
  /** Name of the state on the wire ('status' unless the model says otherwise). */
  readonly stateField: string;
  readonly fields: ReadonlyMap<string, CompiledField>;
  readonly states: ReadonlyMap<string, DictItem>;
  readonly transitions: ReadonlyMap<string, TransitionDef>;
  /** Fields holding enterprise ids that make a record visible (unless `userField` is set). */
  readonly corpFields: readonly string[];
  /** The field holding the one user who sees a record (visibility.userField), if the model has one. */
  readonly userField: string | null;
  /** The current roles that see the model's records at all (visibility.roles); null: every role. */
  readonly readRoles: readonly string[] | null;
  /** Validates a create/update payload (after read-only values are removed). */
  readonly validate: ValidateFunction;
}

/** Field names the API uses for system values. */
export const RESERVED_FIELDS = new Set([
  'id',
  'version',
  'createdAt',
  'updatedAt',
  'createdBy',
  'actions',
  'audit',
  'children',
  'files',
  'state',
]);

/** Engine keywords that are not JSON Schema (removed before ajv sees a field, except the money bounds). */
const ENGINE_KEYWORDS = new Set([
  'readOnly',
  'ref',
  'corpTypes',
  'nameField',
  'opened',
  'dict',
  'dbType',
  'index',
  'dayWindow',
  'dateAfter',
]);

/** `issueDate` → `issue_date`. */
export function toColumn(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** The stored type of a field: explicit `dbType`, else from its type and format. */
export function dbTypeOf(def: FieldDef): DbType {
  if (def.dbType) return def.dbType;
  switch (def.type) {
    case 'integer':
      return 'integer';
    case 'number':
      return 'numeric(10,6)';
    case 'boolean':
      return 'boolean';
    case 'array':
    case 'object':
      return 'jsonb';
    default:
      if (def.format === 'money' || def.format === 'amount') return 'numeric(16,2)';
      if (def.format === 'date') return 'date';
      if (def.format === 'date-time') return 'timestamptz';
      return 'text';
  }
}

export function kindOf(type: DbType): ColumnKind {
  switch (type) {
    case 'numeric(16,2)':
      return 'money';
    case 'numeric(10,6)':
      return 'decimal';
    case 'integer':
    case 'bigint':
      return 'integer';
    case 'date':
      return 'date';
    case 'timestamptz':
      return 'datetime';
    case 'boolean':
      return 'boolean';
    case 'jsonb':
      return 'json';
    default:
      return 'text';
  }
}

/** JSON Schema of a field's value as a client may send it: read-only parts and engine keywords removed. */
export function inputSchema(def: FieldDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(def)) {
    if (ENGINE_KEYWORDS.has(key)) continue;
    if (key === 'items' && value) out.items = inputSchema(value as FieldDef);
    else if (key === 'properties' && value) {
      const props: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(value as Record<string, FieldDef>)) {
        if (!child.readOnly) props[name] = inputSchema(child);
      }
      out.properties = props;
      out.additionalProperties = false;
    } else out[key] = value;
  }
  return out;
}

/** A transition's roles `["@all"]` (any current role) spelled out as every role of server/auth/roles.ts. */
export const ANY_ROLE = '@all';
/**
 * A transition's roles with `@all` spelled out as every role of server/auth/roles.ts and the other role
 * groups of contract/roles.ts (`@operatorOrDirector`…) as their codes, as a route block's roles are.
 */
const withRoles = (t: TransitionDef): TransitionDef => {
  if (t.roles.includes(ANY_ROLE)) return { ...t, roles: ROLES.map((r) => r.code) };
  return t.roles.some(isRoleGroup) ? { ...t, roles: expandRoles(t.roles).roles } : t;
};

/** Compiles a model whose references were already checked (see loadModels). */
export function compileModel(def: ModelDef, dict: DictDef, ajv: Ajv): CompiledModel {
  const fields = new Map<string, CompiledField>();
  const properties: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(def.fields)) {
    const dbType = dbTypeOf(field);
    fields.set(name, { name, column: toColumn(name), kind: kindOf(dbType), dbType, def: field });
    if (!field.readOnly) properties[name] = inputSchema(field);
  }
  const schema = {
    type: 'object',
    properties,
    required: def.required ?? [],
    additionalProperties: false,
    ...(def.rules?.length ? { allOf: def.rules } : {}),
  };
  return {
    def,
    name: def.name,
    table: def.table,
    stateField: def.stateField ?? 'status',
    fields,
    states: new Map(dict.items.map((item) => [item.value, item])),
    transitions: new Map(def.transitions.map((t) => [t.action, withRoles(t)])),
    corpFields: def.visibility.corpFields,
    userField: def.visibility.userField ?? null,
    readRoles: def.visibility.roles ?? null,
    validate: ajv.compile(schema),
  };
}

/** The field definition at a JSON pointer of a payload (`/lines/0/amount`), if any. */
/**
 * The model with some fields titled otherwise (an import's column titles for the page's fixed values,
 * server/lists/imports.ts): its checks then name a field as the page and the file do.
 */
export function retitled(model: CompiledModel, titles: Readonly<Record<string, string>>): CompiledModel {
  if (!Object.keys(titles).length) return model;
  const fields = new Map(
    [...model.fields].map(([name, f]) => [
      name,
      titles[name] ? { ...f, def: { ...f.def, title: titles[name] } } : f,
    ]),
  );
  return { ...model, fields };
}

export function fieldAt(model: CompiledModel, pointer: string): FieldDef | undefined {
  const parts = pointer.split('/').filter(Boolean);
  let def: FieldDef | undefined = model.fields.get(parts[0] ?? '')?.def;
  for (const part of parts.slice(1)) {
    if (!def) return undefined;
    def = /^\d+$/.test(part) ? def.items : def.properties?.[part];
  }
  return def;
}

/** Removes read-only values (at any depth) and empty values from a payload; returns a new object. */
export function stripInput(model: CompiledModel, body: Record<string, unknown>): Record<string, unknown> {
  const out: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(body)) {
    const field = model.fields.get(key);
    if (field?.def.readOnly || value === null || value === '') continue;
    out.push([key, field ? stripValue(field.def, value) : value]);
  }
  // fromEntries defines own properties: a `__proto__` key stays a key (and fails validation), it never
  // becomes the prototype through which a required field would seem present.
  return Object.fromEntries(out);
}

function stripValue(def: FieldDef, value: unknown): unknown {
  if (def.type === 'array' && def.items && Array.isArray(value))
    return value.map((v) => stripValue(def.items!, v));
  if (
    def.type === 'object' &&
    def.properties &&
    value &&
    typeof value === 'object' &&
    !Array.isArray(value)
  ) {
    const out: Array<[string, unknown]> = [];
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const child = def.properties[key];
      if (child?.readOnly || v === null || v === '') continue;
      out.push([key, child ? stripValue(child, v) : v]);
    }
    return Object.fromEntries(out);
  }
  return value;
}
