import type { SumToRule } from '@renderer/core/validators';
import type { FieldAccessRules } from '@renderer/core/model';

/**
 * The model format (schemas/_models/<name>.json) as TypeScript sees it after the meta-schema
 * (schemas/_meta/model.schema.json) accepted it. docs/decisions/0007-models-engine.md explains it.
 */

import type { DayWindow } from '@renderer/core/validators';

/** Enterprise kinds a corp-reference field may be restricted to. */
export type CorpType = 'CORE' | 'CHAIN' | 'UNIT' | 'FIN';

/** Column types a field may ask for explicitly (`dbType`); otherwise derived from type and format. */
export type DbType =
  | 'text'
  | 'numeric(16,2)'
  | 'numeric(10,6)'
  | 'integer'
  | 'bigint'
  | 'date'
  | 'timestamptz'
  | 'boolean'
  | 'jsonb';

/** One field: JSON Schema for its value plus the engine's own keywords. */
export interface FieldDef {
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  title: string;
  description?: string;
  format?: string;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: FieldDef;
  properties?: Record<string, FieldDef>;
  required?: string[];
  default?: unknown;
  /** Set by the server only: ignored when a client sends it. */
  readOnly?: boolean;
  /** Smallest money value (inclusive), a decimal string. */
  amountMin?: string;
  /** Largest money value (inclusive), a decimal string. */
  amountMax?: string;
  /** For an array: its items' `field` adds up to `total` (shares summing to 100; renderer/core/validators/sums.ts). */
  sumTo?: SumToRule;
  /** For a date: the window of days from today it must lie in, and the message outside it. */
  dayWindow?: DayWindow;
  /** 'corp' (an enterprise id) or the name of a model whose record id the field holds. */
  ref?: string;
  /** For `ref: 'corp'`: the enterprise kinds accepted. */
  corpTypes?: CorpType[];
  /** For `ref: 'corp'`: a sibling field the server fills with the enterprise's name. */
  nameField?: string;
  /**
   * For `ref: 'corp'`: the product the enterprise must have opened — a product code, or the record field
   * naming it (server/models/invariants.ts).
   */
  opened?: OpenedProduct;
  /** Dictionary of the allowed values (documentation for pages; `enum` does the checking). */
  dict?: string;
  dbType?: DbType;
  /** Ask for a b-tree index on this field's column. */
  index?: boolean;
  /** For dates: a sibling date field this one must be strictly later than. */
  dateAfter?: string;
}

/** A product an enterprise must have opened: its code, or the record field holding it (e.g. abs|abcp). */
export type OpenedProduct = string | { field: string };

/**
 * A condition on related records that a transition requires (server/models/invariants.ts): no record
 * of `model` whose `field` holds this record's id is in `states` (`noRelated`), or the record this
 * record's `field` refers to is in `states` (`refState`). `message` opens the refusal, which then names
 * the blocking records.
 */
export type RequirementDef =
  | { kind: 'noRelated'; model: string; field: string; states: string[]; message: string }
  | { kind: 'refState'; field: string; states: string[]; message: string };

/** An effect named in a model: its registered name and optional arguments. */
export type EffectRef = string | { name: string; args?: Record<string, unknown> };

export interface TransitionDef {
  action: string;
  title: string;
  from: string[];
  to: string;
  /** Other states an effect may choose instead of `to` (e.g. a partial acceptance stays in TR1). */
  outcomes?: string[];
  /** Current roles that may run it, codes or role groups (`@operatorOrDirector`); `["@all"]` any role (compileModel spells them out). */
  roles: string[];
  /** Field(s) holding the enterprise that acts: the user's enterprise must be (in) one of them. */
  party: string | string[];
  sign?: boolean;
  /** Run only through a one-time public link (server/publicLinks), never by a session. */
  publicLink?: boolean;
  reason?: 'none' | 'optional' | 'required';
  /** What the reason is called in messages, e.g. '拒签原因'. */
  reasonTitle?: string;
  /** A field the reason is copied to, e.g. 'refuseReason'. */
  reasonField?: string;
  /**
   * A counterparty's step (e.g. the debtor confirming a receivable it owes): its enterprise need not have
   * opened the model's product (server/models/productOpening.ts).
   */
  counterparty?: boolean;
  /** Constant field values set by the transition ('$today' and '$now' are replaced). */
  set?: Record<string, unknown>;
  effects?: EffectRef[];
  /**
   * Effects that call a service outside the database (send an SMS, start a download job): run once the
   * transaction has committed, each in a transaction of its own, never retried (runServices in server/models/modelEngine.ts).
   */
  services?: EffectRef[];
  /**
   * An action service (registered by a product, like effects): runs last in the transition's transaction
   * and answers a JSON result returned with the record (`result`), e.g. a one-time password.
   */
  service?: string;
  /** Who acts next (server/models/handovers.ts). */
  handover?: HandoverDef;
  /** Conditions on related records, checked in the transition's transaction (invariants.ts). */
  requires?: RequirementDef[];
}

/** The next party's to-do after a transition, or why there is none. */
export type HandoverDef = { party: string; roles: string[]; ask: string } | { none: string };

export type FilterKind = 'eq' | 'in' | 'range' | 'contains';

export interface GroupByDef {
  kind: 'month' | 'field' | 'counterparty';
  /** The grouped field (month, field) */
  field?: string;
  /** counterparty: corp fields in order; the first one not holding the user's enterprise is taken. */
  fields?: string[];
  /** A field holding the display label (e.g. a name field). */
  labelField?: string;
}

export interface ModelDef {
  name: string;
  title: string;
  description?: string;
  table: string;
  product?: string;
  /**
   * The products one of which an enterprise must have opened to create or act on the records, when not
   * only `product`; empty: none (server/models/productOpening.ts).
   */
  openedProductAnyOf?: string[];
  stateField?: string;
  numbering?: { field: string; prefix: string };
  fields: Record<string, FieldDef>;
  required?: string[];
  rules?: Record<string, unknown>[];
  states: { $dict: string };
  initialState: string;
  create?: {
    roles: string[];
    corpField: string;
    effects?: EffectRef[];
    /** As a transition's `services`: run after the creating transaction committed. */
    services?: EffectRef[];
    /** As a transition's `service`: runs last in the creating transaction, its result answered with the record. */
    service?: string;
    handover?: HandoverDef;
    /** Conditions on the records the new record refers to (refState only; invariants.ts). */
    requires?: RequirementDef[];
  };
  /**
   * Who acts first on a record an effect creates (an agreement made when a white list is approved), or
   * why nobody does; effects create records of models without `create` (server/models/handovers.ts).
   */
  effectCreated?: { handover: HandoverDef };
  update?: {
    roles: string[];
    states: string[];
    party: string | string[];
    effects?: EffectRef[];
    /** Conditions on related records, for the record as it was and as it becomes (invariants.ts). */
    requires?: RequirementDef[];
  };
  /** Who may delete a record (batch action `delete`), and in which states (e.g. drafts). */
  delete?: { roles: string[]; states: string[]; party: string | string[] };
  transitions: TransitionDef[];
  /**
   * Who sees a record: the enterprises in `corpFields`, or, with `userField`, only the user that field
   * names (a message to its receiver; server/models/recordStore.ts visibilityKey). `corpFields` still name
   * the parties that may act. With `roles`, only those current roles see the model's records at all (an
   * enterprise's users only to its administrator); absent, every role of a visible enterprise does.
   */
  visibility: { corpFields: string[]; userField?: string; roles?: string[] };
  /**
   * Whose a record's personal data is and who needs it whole besides the owner's data-entry roles
   * (contract/personalData.ts seesRecordPersonalData); `owner` defaults to `create.corpField`.
   */
  personalData?: { owner?: string; wholeFor?: Array<{ party: string; roles: string[] }> };
  query?: {
    filters?: Record<string, FilterKind>;
    /** Contains-filtered fields with a bigram index on the side table (modelTables `searchColumn`). */
    search?: string[];
    sort?: string[];
    defaultSort?: string;
  };
  aggregates?: { groupBy: Record<string, GroupByDef>; measures: string[] };
  children?: {
    model: string;
    field: string;
    title?: string;
    /** States of this record in which its children (documents) and their files cannot change. */
    lockedStates?: string[];
  };
  /** Per-field permissions by role and state (renderer/core/model/fieldAccess.ts). */
  fieldAccess?: FieldAccessRules;
  /**
   * Batch creation from an Excel file: the template's columns, the fields a request may fix, and column
   * titles that depend on a fixed value (the amount of a payable asset is 应付账款金额).
   */
  import?: {
    fields: string[];
    values?: string[];
    maxRows?: number;
    titles?: Array<{ when: Record<string, string>; fields: Record<string, string> }>;
  };
  files?: {
    categories: string[];
    states?: string[];
    single?: { idField: string; nameField?: string; sizeField?: string; atField?: string };
  };
  indexes?: string[][];
}

export interface DictItem {
  value: string;
  label: string;
  color?: string;
}

export interface DictDef {
  name: string;
  title?: string;
  items: DictItem[];
}

/** How a field is stored and read back. */
export type ColumnKind = 'text' | 'money' | 'decimal' | 'integer' | 'date' | 'datetime' | 'boolean' | 'json';

export interface CompiledField {
  name: string;
  column: string;
  kind: ColumnKind;
  dbType: DbType;
  def: FieldDef;
}

/** A record as the engine handles it: system columns plus field values keyed by field name. */
export interface BizRecord {
  id: string;
  version: number;
  state: string;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  createdByName: string | null;
  createdCorpId: string | null;
  createdCorpName: string | null;
  data: Record<string, unknown>;
}
