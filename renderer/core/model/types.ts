/**
 * Business models (`schemas/_models/<name>.json`, ADR 0005 §2) and the generic business API's
 * answers (ADR 0005 §3), as the renderer and the checker see them. The models engine owns the full
 * model format (`schemas/_meta/model.schema.json`); only the parts read here are typed.
 */
import type { DictItem } from '@renderer/core/schema';
import type { FieldAccessLevel, FieldAccessRules } from './fieldAccess';

/** A model field: JSON Schema with the portal's formats. */
export interface ModelField {
  type?: string;
  title?: string;
  format?: string;
  [keyword: string]: unknown;
}

/** A transition of a model's state machine. */
export interface ModelTransition {
  action: string;
  from?: string[];
  to?: string;
  roles?: string[];
  sign?: boolean;
  reason?: 'none' | 'optional' | 'required';
  [keyword: string]: unknown;
}

/** A model file, as far as the renderer reads it. */
export interface ModelDefinition {
  name: string;
  title?: string;
  fields: Record<string, ModelField>;
  required?: string[];
  states?: { $dict: string } | DictItem[];
  initialState?: string;
  transitions?: ModelTransition[];
  create?: { roles?: string[] };
  /** Who may edit a record, and in which states. */
  update?: { roles?: string[]; states?: string[] };
  /** Who may delete a record (the batch action `delete`), and in which states. */
  delete?: { roles?: string[]; states?: string[] };
  /**
   * What `GET .../records` accepts: filters by field (eq `f=v`, in repeated `f=a&f=b`, range
   * `fMin`/`fMax` for money and numbers, `fFrom`/`fTo` for dates, contains) and sortable fields.
   */
  query?: {
    filters?: Record<string, 'eq' | 'in' | 'range' | 'contains'>;
    sort?: string[];
    defaultSort?: string;
  };
  /** `GET .../aggregates?groupBy=<name>&measure=<field>`: named groupings and summable fields. */
  aggregates?: { groupBy: Record<string, unknown>; measures: string[] };
  /** Per-field permissions by role and state (`renderer/core/model/fieldAccess.ts`). */
  fieldAccess?: FieldAccessRules;
  /** Records of another model pointing at this one, returned as `children`. */
  children?: { model: string; field: string; title?: string };
  /** Batch creation from an Excel template: its columns and the fields an import may fix. */
  import?: { fields: string[]; values?: string[]; maxRows?: number };
  [keyword: string]: unknown;
}

/** Paging block of a list answer. */
export interface PageCond {
  count: number;
  page: number;
  size: number;
  /** The count is the server's estimate: more records match than it counts exactly (10,000). */
  estimated?: true;
}

/** `GET .../records` answer. */
export interface ListAnswer<T = BizRecord> {
  list: T[];
  pagecond: PageCond;
  /** With `summary=<money fields>`: their exact sums over every matching record. */
  summary?: Record<string, string>;
}

/** One entry of a record's operation log. */
export interface AuditEntry {
  action: string;
  from?: string | null;
  to?: string | null;
  reason?: string | null;
  userName?: string | null;
  at: string;
  [key: string]: unknown;
}

/** A business record as the API returns it. */
export interface BizRecord {
  id: string;
  version?: number;
  status?: string;
  audit?: AuditEntry[];
  children?: Record<string, unknown> | unknown[];
  /** Transitions the current role and enterprise may run now (the server's answer). */
  actions?: string[];
  /** Whether the current user may update it now. */
  editable?: boolean;
  /** Fields hidden or read-only for the current role in the record's state (model `fieldAccess`). */
  fieldAccess?: Record<string, FieldAccessLevel>;
  [field: string]: unknown;
}

/** One group of an aggregate answer. */
export interface AggregateGroup {
  key: string;
  label?: string;
  /** A decimal string for sums, a number for counts. */
  value: string | number;
}

/** `GET .../aggregate` answer. */
export interface AggregateAnswer {
  total: string | number;
  groups: AggregateGroup[];
}

/**
 * Fields every record carries besides its model's own (set by the models engine), which columns and
 * detail fields may show without the model declaring them.
 */
export const RECORD_META_FIELDS: readonly string[] = [
  'id',
  'version',
  'status',
  'createdAt',
  'updatedAt',
  'createdBy',
  'createdByName',
  'corpId',
  'corpName',
  'audit',
  'children',
  'actions',
  'editable',
  'fieldAccess',
];
