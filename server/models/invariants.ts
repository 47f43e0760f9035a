/**
 * Invariants across records, declared in the models (DESIGN.md section 13, ADR 0014) and enforced by
 * the engine inside the write's transaction:
 * - a transition's `requires`: no related record in blocking states (`noRelated`: a plan is not sealed
 *   while its assets are mid-flow), or the referenced record in allowed states (`refState`: an asset
 *   moves only while its plan is open); a refusal names the blocking records;
 * - `children.lockedStates`: while the parent is in one of them its children (documents) and their
 *   files cannot change;
 * - a corp reference's `opened`: the enterprise has opened the product (fixed, or named by a field).
 * Related rows are locked parent first ({@link lockParents} before the record's own lock; children
 * after it, in id order), so two writes on a parent and its children cannot deadlock.
 */
import { PRODUCT_NAMES, type ProductCode } from '@contract/products';
import type { Queryable } from '../db/db';
import { ApiError } from '../errors';
import type { CompiledModel } from './compileModel';
import type { ModelSet } from './loadModels';
import { loadRecord, rowToRecord, selectColumns } from './recordStore';
import type { BizRecord, FieldDef, RequirementDef } from './types';

/** How many blocking records a refusal names before "等N条". */
export const MAX_NAMED = 10;

/** An enterprise as the reference checks see it: kind, registry status and opened products. */
export interface CorpFacts {
  id: string;
  name: string;
  corp_type: string;
  registry_status: string;
  products: string[];
}

/** SQL selecting {@link CorpFacts} from `corps c`. */
export const CORP_FACTS_SQL = `select c.id, c.name, c.corp_type, c.registry_status,
  array(select p.product from corp_products p where p.corp_id = c.id and p.state = 'OPENED' order by p.product) as products
  from corps c`;

/** A record's business number (the model's numbering field), else its id. */
export function recordNo(model: CompiledModel, rec: BizRecord): string {
  const field = model.def.numbering?.field;
  const no = field ? rec.data[field] : null;
  return typeof no === 'string' && no ? no : rec.id;
}

const stateLabel = (model: CompiledModel, state: string): string => model.states.get(state)?.label ?? state;

/** The product a corp field requires for a record's values: fixed, the named field's value, or none. */
export function requiredProduct(def: FieldDef, data: Record<string, unknown>): string | undefined {
  const opened = def.opened;
  if (!opened) return undefined;
  if (typeof opened === 'string') return opened;
  const value = data[opened.field];
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * Why an enterprise may not be the value of a corp field (null when it may): the one predicate behind
 * the write checks and the pickers' options (GET .../refs/{field}). Missing, cancelled or of another kind
 * → CORP_INVALID; `product` not opened → CORP_PRODUCT_NOT_OPENED.
 */
export function corpRefusal(def: FieldDef, corp: CorpFacts | null, product?: string): ApiError | null {
  if (!corp || corp.registry_status !== 'NORMAL') return new ApiError('CORP_INVALID', { title: def.title });
  if (def.corpTypes && !def.corpTypes.includes(corp.corp_type as never))
    return new ApiError('CORP_INVALID', { title: def.title });
  if (product && !corp.products.includes(product))
    return new ApiError('CORP_PRODUCT_NOT_OPENED', {
      title: def.title,
      corp: corp.name,
      product: PRODUCT_NAMES[product as ProductCode] ?? product,
    });
  return null;
}

/**
 * Refuses a record whose top-level corp fields name an enterprise without the product that another of
 * its fields names (`opened: {field}`): run after the effects, which may set that field (an ABS asset
 * takes abs|abcp from its plan).
 */
export async function checkOpenedFields(
  corpOf: (id: string) => Promise<CorpFacts | null>,
  model: CompiledModel,
  data: Record<string, unknown>,
): Promise<void> {
  for (const [name, field] of model.fields) {
    const def = field.def;
    if (def.ref !== 'corp' || def.readOnly || typeof def.opened !== 'object') continue;
    const value = data[name];
    if (typeof value !== 'string') continue;
    const refusal = corpRefusal(def, await corpOf(value), requiredProduct(def, data));
    if (refusal) throw refusal;
  }
}

interface ParentLink {
  field: string;
  parent: CompiledModel;
}

interface LockingParent extends ParentLink {
  states: string[];
  title: string;
}

const lockingCache = new WeakMap<ModelSet, Map<string, LockingParent[]>>();

/** The parents whose `children.lockedStates` lock records of `model` (e.g. absAsset over absDocument). */
export function lockingParents(set: ModelSet, model: CompiledModel): LockingParent[] {
  let byChild = lockingCache.get(set);
  if (!byChild) {
    byChild = new Map();
    for (const parent of set.models.values()) {
      const c = parent.def.children;
      if (!c?.lockedStates) continue;
      const list = byChild.get(c.model) ?? [];
      list.push({
        field: c.field,
        parent,
        states: c.lockedStates,
        title: c.title ?? set.models.get(c.model)?.def.title ?? c.model,
      });
      byChild.set(c.model, list);
    }
    lockingCache.set(set, byChild);
  }
  return byChild.get(model.name) ?? [];
}

/** Parents a write on a record of `model` (under `requires`, if any) reads and so locks first. */
function parentLinks(
  set: ModelSet,
  model: CompiledModel,
  requires: readonly RequirementDef[] | undefined,
): ParentLink[] {
  const links: ParentLink[] = lockingParents(set, model).map(({ field, parent }) => ({ field, parent }));
  for (const r of requires ?? []) {
    if (r.kind !== 'refState') continue;
    const parent = set.models.get(model.fields.get(r.field)?.def.ref ?? '');
    if (parent) links.push({ field: r.field, parent });
  }
  return links;
}

/**
 * Locks (`select … for update`) the parents a write on record `id` of `model` (null: a create) depends
 * on, before the record itself is locked: in a fixed order (model name, then id), so every writer takes
 * parent locks before child locks and in the same order. Reads the record once without a lock to learn
 * them; `incoming` (an update's or create's values) adds the parents the record is about to refer to.
 */
export async function lockParents(
  tx: Queryable,
  set: ModelSet,
  model: CompiledModel,
  id: string | null,
  requires: readonly RequirementDef[] | undefined,
  incoming?: Record<string, unknown>,
): Promise<void> {
  const links = parentLinks(set, model, requires);
  if (links.length === 0) return;
  const rec = id === null ? null : await loadRecord(tx, model, id);
  if (id !== null && !rec) return; // the caller's own lock reports the missing record
  const targets = new Map<string, { parent: CompiledModel; id: string }>();
  for (const data of [rec?.data, incoming]) {
    for (const { field, parent } of data ? links : []) {
      const value = data![field];
      if (typeof value === 'string' && value)
        targets.set(`${parent.name}\u0000${value}`, { parent, id: value });
    }
  }
  for (const key of [...targets.keys()].sort()) {
    const target = targets.get(key)!;
    await loadRecord(tx, target.parent, target.id, true);
  }
}

/** The refusal naming the records that block a requirement. */
function blocked(r: RequirementDef, model: CompiledModel, recs: BizRecord[]): ApiError {
  const named = recs
    .slice(0, MAX_NAMED)
    .map((x) => `${recordNo(model, x)}（${stateLabel(model, x.state)}）`)
    .join('、');
  const more = recs.length > MAX_NAMED ? `等${recs.length}条` : '';
  return new ApiError(
    'RELATED_BLOCKED',
    { message: r.message, records: named + more },
    {
      blocking: recs.map((x) => ({
        model: model.name,
        id: x.id,
        no: recordNo(model, x),
        state: x.state,
        stateLabel: stateLabel(model, x.state),
      })),
    },
  );
}

/**
 * Refuses a write whose `requires` (a transition's, a create's or an update's) do not hold for the
 * record `rec` (a create: its input, no id yet): the referenced record (locked, already by
 * {@link lockParents}) must be in the allowed states; related records in blocking states (locked here,
 * after `rec`, in id order) must not exist. Runs before any write.
 */
export async function checkRequirements(
  tx: Queryable,
  set: ModelSet,
  model: CompiledModel,
  rec: { id?: string; data: Record<string, unknown> },
  requires: readonly RequirementDef[] | undefined,
): Promise<void> {
  for (const r of requires ?? []) {
    if (r.kind === 'refState') {
      const target = set.models.get(model.fields.get(r.field)?.def.ref ?? '');
      const id = rec.data[r.field];
      if (!target || typeof id !== 'string' || !id) continue;
      const parent = await loadRecord(tx, target, id, true);
      if (parent && !r.states.includes(parent.state)) throw blocked(r, target, [parent]);
    } else {
      const related = set.models.get(r.model);
      const column = related?.fields.get(r.field)?.column;
      if (!related || !column || !rec.id) continue;
      const rows = await tx.query<Record<string, unknown>>(
        `select ${selectColumns(related)} from ${related.table}
          where ${column} = $1 and state = any($2::text[]) order by id for update`,
        [rec.id, r.states],
      );
      if (rows.rows.length)
        throw blocked(
          r,
          related,
          rows.rows.map((row) => rowToRecord(related, row)),
        );
    }
  }
}

/**
 * Refuses a write on a child record (create, edit, delete, transition, file upload or removal) while a
 * parent whose `children.lockedStates` name its state holds it. `data` is the child's values (for a
 * create, the input); the parent is locked here if {@link lockParents} has not already.
 */
export async function checkChildrenOpen(
  tx: Queryable,
  set: ModelSet,
  model: CompiledModel,
  data: Record<string, unknown>,
): Promise<void> {
  for (const l of lockingParents(set, model)) {
    const id = data[l.field];
    if (typeof id !== 'string' || !id) continue;
    const parent = await loadRecord(tx, l.parent, id, true);
    if (parent && l.states.includes(parent.state))
      throw new ApiError('DOCUMENTS_LOCKED', {
        owner: l.parent.def.title,
        no: recordNo(l.parent, parent),
        state: stateLabel(l.parent, parent.state),
        documents: l.title,
      });
  }
}

/** Whether a record's children are locked in its state (`childrenLocked` on the wire), if it declares it. */
export function childrenLocked(model: CompiledModel, rec: BizRecord): boolean | undefined {
  const states = model.def.children?.lockedStates;
  return states ? states.includes(rec.state) : undefined;
}

type Json = Record<string, unknown>;

/**
 * The tables {@link markBlockedActions} reads for a page of `model`: the models its transitions' requirements
 * name (a referenced record's state, related records). A list answer depends on them too (listCache.ts).
 */
export function requirementTables(set: ModelSet, model: CompiledModel): string[] {
  const out = new Set<string>();
  for (const t of model.transitions.values())
    for (const r of t.requires ?? []) {
      const name = r.kind === 'refState' ? model.fields.get(r.field)?.def.ref : r.model;
      const table = name ? set.models.get(name)?.table : undefined;
      if (table) out.add(table);
    }
  return [...out];
}

/**
 * Takes out of each record's `actions` the transitions a `requires` blocks now and answers them in
 * `blockedActions` (action → the refusal the transition would get), so pages show them disabled with the
 * reason instead of offering a click the server refuses (ADR 0014). Reads without locks: the transition
 * checks again under them. One query per requirement for the whole page of records.
 */
export async function markBlockedActions(
  q: Queryable,
  set: ModelSet,
  model: CompiledModel,
  page: Array<{ rec: BizRecord; json: Json }>,
): Promise<void> {
  for (const t of model.transitions.values()) {
    const offered = page.filter(
      (p) => Array.isArray(p.json.actions) && (p.json.actions as string[]).includes(t.action),
    );
    if (!t.requires?.length || offered.length === 0) continue;
    const refusals = new Map<string, string>();
    for (const r of t.requires) {
      for (const [id, refusal] of await requirementRefusals(
        q,
        set,
        model,
        r,
        offered.map((p) => p.rec),
      ))
        if (!refusals.has(id)) refusals.set(id, refusal);
    }
    for (const { rec, json } of offered) {
      const refusal = refusals.get(rec.id);
      if (!refusal) continue;
      json.actions = (json.actions as string[]).filter((a) => a !== t.action);
      json.blockedActions = { ...(json.blockedActions as Json | undefined), [t.action]: refusal };
    }
  }
}

/** Per record id, the refusal message of a requirement that does not hold (unlocked reads). */
async function requirementRefusals(
  q: Queryable,
  set: ModelSet,
  model: CompiledModel,
  r: RequirementDef,
  recs: BizRecord[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (r.kind === 'refState') {
    const target = set.models.get(model.fields.get(r.field)?.def.ref ?? '');
    const ids = [
      ...new Set(recs.map((x) => x.data[r.field]).filter((v): v is string => typeof v === 'string')),
    ];
    if (!target || ids.length === 0) return out;
    const rows = await q.query<Record<string, unknown>>(
      `select ${selectColumns(target)} from ${target.table} where id = any($1::text[])`,
      [ids],
    );
    const parents = new Map(rows.rows.map((row) => rowToRecord(target, row)).map((p) => [p.id, p]));
    for (const x of recs) {
      const parent = parents.get(String(x.data[r.field]));
      if (parent && !r.states.includes(parent.state)) out.set(x.id, blocked(r, target, [parent]).message);
    }
    return out;
  }
  const related = set.models.get(r.model);
  const column = related?.fields.get(r.field)?.column;
  if (!related || !column) return out;
  const rows = await q.query<Record<string, unknown>>(
    `select ${selectColumns(related)} from ${related.table}
      where ${column} = any($1::text[]) and state = any($2::text[]) order by id`,
    [recs.map((x) => x.id), r.states],
  );
  const byParent = new Map<string, BizRecord[]>();
  for (const child of rows.rows.map((row) => rowToRecord(related, row))) {
    const parent = String(child.data[r.field]);
    byParent.set(parent, [...(byParent.get(parent) ?? []), child]);
  }
  for (const [parent, children] of byParent) out.set(parent, blocked(r, related, children).message);
  return out;
}
