import type { SignatureVerifier, SignRecord } from '../context';
import { retryingTransaction, type Db, type Queryable } from '../db/db';
import { ApiError } from '../errors';
import { aggregate, type AggregateAnswer } from './aggregates';
import { readAudit, writeAudit, type AuditEntry } from './audit';
import { retitled, stripInput, type CompiledModel } from './compileModel';
import type { EffectContext, EffectRegistry, ServiceHost } from './effects/effectRegistry';
import {
  buildWhere,
  cappedCountSql,
  countRows,
  finishCount,
  orderBy,
  paging,
  visibleFrom,
  visibleIds,
  withSearches,
  type QueryParams,
  type WhereClause,
} from './listQuery';
import { loadModels, type ModelSet } from './loadModels';
import { ListAnswerCache } from './listCache';
import { ensureModelTables, sideTable } from './modelTables';
import { isParty, recordJson, type Actor } from './recordJson';
import {
  deleteRecord,
  loadRecord,
  readable,
  rowToRecord,
  saveRecord,
  selectColumns,
  selectRows,
  visibilityKey,
} from './recordStore';
import { checkDateRules } from './dateRules';
import { chinaDay, corpAccepted, RecordWriter, type CorpRow } from './recordWriter';
import type { BizRecord, DictDef, EffectRef, FieldDef, TransitionDef } from './types';
import { assertFieldsVisible, assertFieldWrites } from './fieldAccess';
import { validatePayload } from './validatePayload';
import { checkUploadAllowed, FILE_ACTIONS, setSingleFile, type FileOpOptions } from './recordFiles';
import { deleteFileRow, findFile, insertFile, type FileMeta } from '../files/fileRecords';
import { assertProductOpened } from './productOpening';
import { recordSignatures, type DeclaredAgreement } from './signedAgreements';
import { closeHandovers, createStep, effectCreateStep, writeHandover, type HandoverLinks } from './handovers';
import {
  CORP_FACTS_SQL,
  checkChildrenOpen,
  checkOpenedFields,
  checkRequirements,
  lockParents,
  markBlockedActions,
  requirementTables,
} from './invariants';
import { fromCents, toCents } from '@renderer/core/format';
import { SERVICE_RESULT, type BatchAnswer as SharedBatchAnswer } from '@renderer/core/model';
import { signScope } from '@contract/ukey';

export const REASON_MAX_LENGTH = 200;
/** The batch action that deletes records (model `delete`); no transition may take the name. */
export const DELETE_ACTION = 'delete';
/** Most records one batch request may act on (a list page's largest page). */
export const BATCH_MAX_ITEMS = 100;

type Json = Record<string, unknown>;

/** A page of a list: its records as the wire has them, its count and the sums asked for. */
export interface ListAnswer {
  list: Json[];
  pagecond: { count: number; page: number; size: number; estimated?: true };
  summary?: Record<string, string>;
}

/** What a list is read with, from its query (ModelEngine.list). */
interface ListRead {
  where: WhereClause;
  order: string;
  sideOrder: string;
  summaryFields: string[];
  page: number;
  size: number;
}

/** What every caller of one engine shares: its database, models, effects and services (made once, server/engine.ts). */
export interface EngineShared {
  db: Db;
  models: ModelSet;
  effects: EffectRegistry;
  /** The services outside the database a model's `services` call (the SMS gateway). */
  host: ServiceHost;
  /** The products' agreements: their signing transitions write signedAgreement records (signedAgreements.ts). */
  agreements?: readonly DeclaredAgreement[];
}

/** What one caller of the engine sets for itself: its clock, signature verifier and to-do links. */
export interface EngineCaller {
  now: () => Date;
  signatureVerifier: SignatureVerifier;
  /** Where a hand-over's to-do links (server/models/handovers.ts); without it no to-do is written. */
  handoverLinks?: HandoverLinks;
}

export type ModelEngineOptions = EngineShared & EngineCaller;

/** Body of POST .../batch/{action}: one item per record; `reason` applies to items without their own. */
export interface BatchBody {
  items?: unknown;
  reason?: unknown;
}

/** Answer of a batch (renderer/core/model/lists.ts), records as the wire has them. */
export type BatchAnswer = SharedBatchAnswer<Json>;

/**
 * The money fields a list asks to be summed (`summary=amount,amount2` or repeated): only money fields
 * the role sees. @throws SUMMARY_INVALID for any other name, FIELD_HIDDEN for a hidden one.
 */
export function summaryFieldsOf(model: CompiledModel, query: QueryParams, role: string | null): string[] {
  const raw = query.summary;
  const names = (Array.isArray(raw) ? raw : raw ? [raw] : [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  for (const name of names) {
    if (model.fields.get(name)?.kind !== 'money') throw new ApiError('SUMMARY_INVALID', { field: name });
  }
  assertFieldsVisible(model, role, names);
  return [...new Set(names)];
}

/**
 * A transition run through a one-time public link (server/publicLinks): `guard` runs first in the
 * transition's transaction (it checks and consumes the link), so a refused transition leaves the link
 * unused and a refused link changes nothing.
 */
export interface LinkRun {
  guard(tx: Queryable): Promise<void>;
}

/**
 * Body of POST .../actions/{action}; a transition with a `service` reads the other members (its input).
 */
export interface ActionBody {
  version?: unknown;
  reason?: unknown;
  signature?: unknown;
  [input: string]: unknown;
}

const versionOf = (value: unknown): number => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw new ApiError('VERSION_REQUIRED');
  return n;
};

/**
 * The generic business API over the models: list, read, create, update and run transitions, each
 * checked against the session's current role and the user's enterprise, each write in one transaction.
 */
export class ModelEngine {
  private readonly o: EngineShared;
  private readonly caller: EngineCaller;
  /** This engine's list answers (a clock view shares them: a list reads no clock). */
  private readonly lists: ListAnswerCache<ListAnswer>;

  constructor({ now, signatureVerifier, handoverLinks, ...shared }: ModelEngineOptions) {
    this.o = shared;
    this.caller = { now, signatureVerifier, handoverLinks };
    this.lists = new ListAnswerCache(shared.db);
  }

  get models(): ModelSet {
    return this.o.models;
  }

  /** The services outside the database this engine's models call (the app sends its SMS through them too). */
  get host(): ServiceHost {
    return this.o.host;
  }

  /**
   * Reads the models and dictionaries of `schemasDir` again and puts them in place of the current ones
   * (the same maps: every holder of {@link models} sees them), after making sure of their tables and new
   * columns: a development server picks up a new or changed model without a restart (the schema studio,
   * `WATCH_MODELS`). Nothing changes when a file is broken.
   * @throws ModelLoadError (located Chinese problems) for a broken model or dictionary file.
   */
  async reloadModels(schemasDir: string): Promise<void> {
    const next = loadModels(schemasDir, this.o.effects);
    await ensureModelTables(this.o.db, next);
    const models = this.o.models.models as Map<string, CompiledModel>;
    const dicts = this.o.models.dicts as Map<string, DictDef>;
    models.clear();
    for (const [name, model] of next.models) models.set(name, model);
    dicts.clear();
    for (const [name, dict] of next.dicts) dicts.set(name, dict);
    this.lists.clear();
  }

  /** The database, for a product's own read-only routes (e.g. the caller's enterprise profile). */
  get db(): Db {
    return this.o.db;
  }

  /**
   * A view of this engine on another clock and signature verifier: the same engine (its database, models,
   * effects, services and to-do links; a model reload is seen by both), only the caller's clock and verifier
   * differ. The view's prototype is this engine, so it holds nothing but those options. The seeder's view
   * (server/seed/engineSeeder.ts) dates demo records in the past and accepts its own seeded sign records only;
   * its writes leave the to-dos a live server's would (handovers.ts): the demo world's records waiting for
   * someone are in that someone's inbox, dated when they were handed over.
   */
  withClock(now: () => Date, signatureVerifier: SignatureVerifier): ModelEngine {
    const caller: EngineCaller = { ...this.caller, now, signatureVerifier };
    return Object.assign(Object.create(this) as ModelEngine, { caller });
  }

  /** @throws ApiError NOT_FOUND for an unknown model name. */
  model(name: string): CompiledModel {
    const model = this.o.models.models.get(name);
    if (!model) throw new ApiError('NOT_FOUND');
    return model;
  }

  /**
   * The writer of one operation; `step` titles the to-dos of the records its effects create (the
   * operation's own to-do is written by the operation).
   */
  private writer(tx: Queryable, actor: Actor, step = '提交'): RecordWriter {
    const w = new RecordWriter(tx, this.o.models, actor.user, actor.role ?? '', this.caller.now());
    const agreements = this.o.agreements;
    if (agreements?.length)
      w.onMoved = (model, record) => recordSignatures(tx, this.o.models, agreements, model.name, record);
    const links = this.caller.handoverLinks;
    if (links)
      w.onEffectCreated = async (model, record) => {
        const transition = effectCreateStep(model.def, step, record.state);
        if (transition)
          await writeHandover(links, { tx, model, transition, record, user: actor.user, now: w.now });
      };
    return w;
  }

  /** A record the actor's enterprise may see. @throws RECORD_NOT_FOUND, RECORD_FORBIDDEN (403) */
  async visibleRecord(
    q: Queryable,
    actor: Actor,
    model: CompiledModel,
    id: string,
    forUpdate = false,
  ): Promise<BizRecord> {
    visibilityKey(model, actor);
    const rec = await loadRecord(q, model, id, forUpdate);
    if (!rec) throw new ApiError('RECORD_NOT_FOUND');
    if (!this.writer(q, actor).visible(model, rec)) throw new ApiError('RECORD_FORBIDDEN');
    return rec;
  }

  /** A page of records for the actor; `fresh`: read from the database, not from a kept answer (listCache.ts). */
  async list(actor: Actor, name: string, query: QueryParams, { fresh = false } = {}): Promise<ListAnswer> {
    const model = this.model(name);
    // What the answer is read with: the conditions, the sort, the page and the sums asked for (a
    // parameter no model declares, like the renderer's cache-busting `v`, is in none of them).
    const read: ListRead = {
      where: buildWhere(model, visibilityKey(model, actor), query, actor.role),
      order: orderBy(model, query, actor.role),
      sideOrder: orderBy(model, query, actor.role, 's'),
      summaryFields: summaryFieldsOf(model, query, actor.role),
      ...paging(query),
    };
    // An answer kept at the data versions read now is the answer (listCache.ts); the key holds all the
    // answer depends on besides the data: the user (enterprise, role) and what it is read with.
    const epoch = this.lists.epoch;
    const versions = await this.lists.versionsOf(this.listTables(model));
    const key = JSON.stringify([model.table, actor.user.id, actor.user.corpId, actor.role, read]);
    const kept = versions === null || fresh ? undefined : this.lists.get(key, versions);
    if (kept) return kept;
    const answer = await this.readList(model, actor, read);
    if (versions !== null) this.lists.set(key, versions, answer, epoch);
    return answer;
  }

  /** The tables a list of `model` reads: its records (with their side table) and its requirements' models. */
  private listTables(model: CompiledModel): string[] {
    return [model.table, ...requirementTables(this.o.models, model).filter((t) => t !== model.table)];
  }

  private async readList(
    model: CompiledModel,
    actor: Actor,
    { where: asked, order, sideOrder, summaryFields, page, size }: ListRead,
  ): Promise<ListAnswer> {
    const where = await withSearches(this.o.db, model, asked);
    // Pick the page's ids on the side table first (its btrees per enterprise and sort column read only the
    // page), then render only those rows: formatting every matching row before the top-N sort costs more
    // than the sort itself on a large list. The (capped) count travels in the same statement, one round
    // trip instead of two (the list request's largest fixed cost); an empty page counts on its own.
    // Filtered by equalities only, its plan is the same for every enterprise and value (GENERIC_PLAN).
    const rows = (await selectRows(
      this.o.db,
      `select ${selectColumns(model, 't')}, ${cappedCountSql(model, where)} as "__count" from ${model.table} t
        where t.id = any(array(select s.id ${visibleFrom(model, where)} order by ${sideOrder} limit ${size} offset ${(page - 1) * size}))
        order by ${order}`,
      where.params,
      { genericPlan: where.equalities },
    )) as Array<Json & { __count: number }>;
    const first = rows[0];
    const { count, estimated } = first
      ? await finishCount(this.o.db, model, where, first.__count)
      : await countRows(this.o.db, model, where);
    return {
      list: await this.answer(
        model,
        rows.map((row) => rowToRecord(model, row)),
        actor,
      ),
      pagecond: { count, page, size, ...(estimated ? { estimated: true as const } : {}) },
      ...(summaryFields.length ? { summary: await this.summary(model, where, summaryFields) } : {}),
    };
  }

  /** Exact sums (decimal strings) of money fields over every row a query matches, not just one page. */
  private async summary(
    model: CompiledModel,
    where: { sql: string; params: unknown[] },
    fields: string[],
  ): Promise<Record<string, string>> {
    const sums = fields.map((f, i) => `coalesce(sum(${model.fields.get(f)!.column}), 0)::text as s${i}`);
    const r = await this.o.db.query<Record<string, string>>(
      `select ${sums.join(', ')} from ${model.table} where id in (${visibleIds(model, where)})`,
      where.params,
    );
    const row = r.rows[0] ?? {};
    return Object.fromEntries(fields.map((f, i) => [f, fromCents(toCents(row[`s${i}`] ?? '0'))]));
  }

  /**
   * Every record a query matches for the actor (visibility, filters and sort of a list; no paging), read
   * in chunks of `chunk` rows: `onChunk` gets each chunk as wire records and the count so far.
   */
  async eachRecord(
    actor: Actor,
    name: string,
    query: QueryParams,
    onChunk: (records: Json[], total: number) => Promise<void>,
    chunk = 1000,
  ): Promise<number> {
    const model = this.model(name);
    const where = buildWhere(model, visibilityKey(model, actor), query, actor.role);
    const order = orderBy(model, query, actor.role, 's');
    const total = await this.count(model, where);
    for (let offset = 0; offset < total; offset += chunk) {
      const rows = await selectRows(
        this.o.db,
        `select ${selectColumns(model, 't')} from ${model.table} t join ${sideTable(model)} s on s.id = t.id
          where ${where.sql} order by ${order} limit ${chunk} offset ${offset}`,
        where.params,
      );
      if (rows.length === 0) break;
      await onChunk(
        // As a list answers them: without the fields hidden from the actor's role.
        rows.map((row) => recordJson(model, rowToRecord(model, row), actor)),
        total,
      );
    }
    return total;
  }

  /** How many records a query matches for the actor. */
  async countRecords(actor: Actor, name: string, query: QueryParams): Promise<number> {
    const model = this.model(name);
    return this.count(model, buildWhere(model, visibilityKey(model, actor), query, actor.role));
  }

  private async count(model: CompiledModel, where: { sql: string; params: unknown[] }): Promise<number> {
    const r = await this.o.db.query<{ n: number }>(
      `select count(*)::int as n ${visibleFrom(model, where)}`,
      where.params,
    );
    return r.rows[0]?.n ?? 0;
  }

  /**
   * Runs one transition on many records in one request, each record in its own transaction exactly as
   * {@link act} does: a refused record writes nothing and does not stop the others. The answer names,
   * per record in the order asked, whether it succeeded (with the record as it is now) or why it was
   * refused (the catalogue code and message). The action `delete` deletes (see {@link remove}). A signed
   * transition needs each item's own signature over an original issued for that record (ADR 0008 scope
   * `model/id/action`).
   */
  async actMany(actor: Actor, name: string, action: string, body: BatchBody): Promise<BatchAnswer> {
    const model = this.model(name);
    const deleting = action === DELETE_ACTION && Boolean(model.def.delete);
    if (!deleting && !model.transitions.has(action)) throw new ApiError('NOT_FOUND');
    const items = Array.isArray(body.items) ? body.items : null;
    if (!items || items.length === 0) throw new ApiError('BATCH_EMPTY');
    if (items.length > BATCH_MAX_ITEMS) throw new ApiError('BATCH_TOO_LARGE', { max: BATCH_MAX_ITEMS });
    const ids = new Set<string>();
    const results: BatchAnswer['results'] = [];
    for (const raw of items) {
      const item = (raw && typeof raw === 'object' ? raw : {}) as Json;
      const id = typeof item.id === 'string' || typeof item.id === 'number' ? String(item.id) : '';
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(id) || ids.has(id)) throw new ApiError('BATCH_ITEM_INVALID');
      ids.add(id);
      try {
        const record = deleting
          ? await this.remove(actor, name, id, item.version)
          : await this.act(actor, name, id, action, {
              version: item.version,
              reason: item.reason ?? body.reason,
              signature: item.signature,
            });
        results.push({ id, ok: true, record });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        results.push({ id, ok: false, code: error.wireCode, message: error.message });
      }
    }
    const succeeded = results.filter((r) => r.ok).length;
    return { results, succeeded, refused: results.length - succeeded };
  }

  /** One record with its operation log and the visible children. */
  async get(
    actor: Actor,
    name: string,
    id: string,
  ): Promise<Json & { audit: AuditEntry[]; children: Json[] }> {
    const model = this.model(name);
    const rec = await this.visibleRecord(this.o.db, actor, model, id);
    const audit = await readAudit(this.o.db, model.name, id, (a) =>
      a === 'create'
        ? '新建'
        : a === 'update'
          ? '修改'
          : (model.transitions.get(a)?.title ?? FILE_ACTIONS[a as keyof typeof FILE_ACTIONS] ?? a),
    );
    let children: Json[] = [];
    const child = model.def.children ? this.model(model.def.children.model) : null;
    if (model.def.children && child && readable(child, actor.role)) {
      const column = child.fields.get(model.def.children.field)!.column;
      // Children made in one transaction share created_at: their business numbers give the order.
      const numbered = child.def.numbering ? `${child.fields.get(child.def.numbering.field)!.column}, ` : '';
      const rows = await selectRows(
        this.o.db,
        `select ${selectColumns(child, 't')} from ${child.table} t where t.${column} = $1 and t.visible_corps @> $2::text[] order by t.created_at, ${numbered ? `t.${numbered}` : ''}t.id`,
        [id, [visibilityKey(child, actor)]],
      );
      children = rows.map((row) => recordJson(child, rowToRecord(child, row), actor));
    }
    const [json] = await this.answer(model, [rec], actor);
    return { ...json!, audit, children };
  }

  /** Records on the wire for the actor, transitions a declared requirement blocks now set apart. */
  private async answer(model: CompiledModel, recs: BizRecord[], actor: Actor): Promise<Json[]> {
    const page = recs.map((rec) => ({ rec, json: recordJson(model, rec, actor) }));
    await markBlockedActions(this.o.db, this.o.models, model, page);
    return page.map((p) => p.json);
  }

  async aggregate(actor: Actor, name: string, query: QueryParams): Promise<AggregateAnswer> {
    return aggregate(this.o.db, this.model(name), actor, query, this.o.models.dicts);
  }

  /**
   * The values a reference field accepts, for the pickers of the forms that write it: `path` is the
   * field's data path (`supplierCorpId`, `lines.*.receiverCorpId`).
   * @throws NOT_FOUND (no such corp field), CREATE_FORBIDDEN (the role neither creates nor edits it)
   */
  async refOptions(
    actor: Actor,
    name: string,
    path: string,
    query: QueryParams = {},
  ): Promise<{
    list: Array<{ id: string; name: string; code: string }>;
    pagecond: { count: number; page: number; size: number };
  }> {
    const product = typeof query.product === 'string' ? query.product : undefined;
    const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
    const { page, size } = paging(query);
    const model = this.model(name);
    let def: FieldDef | undefined;
    let fields: Record<string, FieldDef> | undefined = model.def.fields;
    for (const part of path.split('.')) {
      if (part === '*') {
        fields = def?.items?.properties;
        continue;
      }
      def = fields && Object.prototype.hasOwnProperty.call(fields, part) ? fields[part] : undefined;
      fields = def?.properties;
    }
    if (def?.ref !== 'corp' || def.readOnly) throw new ApiError('NOT_FOUND');
    const writers = [...(model.def.create?.roles ?? []), ...(model.def.update?.roles ?? [])];
    if (!actor.role || !writers.includes(actor.role))
      throw new ApiError('CREATE_FORBIDDEN', { title: model.def.title });
    // The typed text finds an enterprise by its name, 统一社会信用代码 or id (pickers search the server).
    const corps = await this.o.db.query<CorpRow & { code: string }>(
      `select f.*, c.credit_code as code from (${CORP_FACTS_SQL}) f join corps c on c.id = f.id
        where $1 = '' or strpos(lower(c.name), lower($1)) > 0 or strpos(lower(c.credit_code), lower($1)) > 0
          or lower(c.id) = lower($1)
        order by c.id`,
      [keyword],
    );
    const field = def;
    // A product named by a record field (abs|abcp) comes from the page (`product`), else the model's.
    const named = typeof def.opened === 'object' ? model.fields.get(def.opened.field)?.def : undefined;
    if (product !== undefined && !named?.enum?.includes(product))
      throw new ApiError('QUERY_INVALID', { title: 'product' });
    const values =
      named && typeof def.opened === 'object' ? { [def.opened.field]: product ?? model.def.product } : {};
    const accepted = corps.rows.filter((c) => corpAccepted(field, c, values));
    return {
      list: accepted
        .slice((page - 1) * size, page * size)
        .map((c) => ({ id: c.id, name: c.name, code: c.code })),
      pagecond: { count: accepted.length, page, size },
    };
  }

  /** Creates a record in the model's initial state, owned by the creator's enterprise. */
  async create(actor: Actor, name: string, body: Json): Promise<Json> {
    const model = this.model(name);
    // With a service, the members that are no fields of the model are its input (it checks what it reads).
    const fields = model.def.create?.service
      ? Object.fromEntries(Object.entries(body).filter(([key]) => model.fields.has(key)))
      : body;
    const input = this.createInput(actor, model, fields);
    const { id, result } = await this.o.db.transaction((tx) =>
      this.insertInput(this.writer(tx, actor), model, input, body),
    );
    await this.runServices(model.def.create!.services, model, id, actor, null);
    return withResult(await this.reload(model, id, actor), result);
  }

  /**
   * Creates several records like {@link create}, all in one transaction (an Excel import): every refused
   * row is reported at once (`IMPORT_ROW_INVALID` '第{row}行：{reason}' for one, `IMPORT_ROWS_INVALID` naming
   * each for several, see {@link importRowsError}) with `earlier` (rows refused while reading the file), and
   * nothing is written. `rowOf(i)` is the row number users see for body i.
   */
  async createMany(
    actor: Actor,
    name: string,
    bodies: readonly Json[],
    rowOf: (index: number) => number,
    earlier: readonly ApiError[] = [],
    titles: Readonly<Record<string, string>> = {},
  ): Promise<string[]> {
    const model = this.model(name);
    const refused: ApiError[] = [...earlier];
    // A row's checks name its fields as the file's columns do (`titles`: the import's column titles).
    const checked = retitled(model, titles);
    const inputs = bodies.map((body, i) =>
      collectRow(refused, rowOf(i), () => this.createInput(actor, checked, body)),
    );
    if (refused.length) throw importRowsError(refused);
    return this.o.db.transaction(async (tx) => {
      const w = this.writer(tx, actor);
      const ids: string[] = [];
      for (const [i, input] of inputs.entries()) {
        const done = await collectRowAsync(refused, rowOf(i), () =>
          this.insertInput(w, model, input!, bodies[i]!),
        );
        if (done !== undefined) ids.push(done.id);
      }
      if (refused.length) throw importRowsError(refused);
      return ids;
    });
  }

  /** The checked input of a create: role, field permissions, payload, day windows and date rules. */
  private createInput(actor: Actor, model: CompiledModel, body: Json): Json {
    const create = model.def.create;
    if (!create || !actor.role || !create.roles.includes(actor.role))
      throw new ApiError('CREATE_FORBIDDEN', { title: model.def.title });
    const input = stripInput(model, body);
    assertFieldWrites(model, actor.role, model.def.initialState, input, null);
    validatePayload(model, input);
    checkDateRules(model, input, chinaDay(this.caller.now()));
    return input;
  }

  /**
   * Writes a checked create input (references, number, effects, audit) in the writer's transaction, then
   * runs the create's service, if any, on `body` (the request as sent).
   */
  private async insertInput(
    w: RecordWriter,
    model: CompiledModel,
    input: Json,
    body: Json,
  ): Promise<{ id: string; result: Json | undefined }> {
    const { corpField, requires } = model.def.create!;
    // Parents first (DESIGN.md section 13), then the conditions on them (invariants.ts).
    await lockParents(w.tx, this.o.models, model, null, requires, input);
    await checkRequirements(w.tx, this.o.models, model, { data: input }, requires);
    await checkChildrenOpen(w.tx, this.o.models, model, input);
    await w.checkRefs(model, input);
    const rec = await w.prepare(model, { ...input, [corpField]: w.user.corpId });
    await this.runEffects(model.def.create!.effects, {
      w,
      model,
      rec,
      before: null,
      phase: 'create',
      transition: null,
      reason: '',
    });
    // After the effects: they may fill the record's product (an ABS asset takes its plan's).
    await assertProductOpened(w.tx, model, rec.data, w.user.corpId);
    await checkOpenedFields((corp) => w.corp(corp), model, rec.data);
    await w.writeRecord(model, rec);
    const step = createStep(model.def);
    if (this.caller.handoverLinks && step)
      await writeHandover(this.caller.handoverLinks, {
        tx: w.tx,
        model,
        transition: step,
        record: rec,
        user: w.user,
        now: w.now,
      });
    const service = model.def.create!.service;
    const result = service ? await this.runService(service, w, model, rec, null, null, body) : undefined;
    return { id: rec.id, result };
  }

  /** Changes the fields of a record in an editable state (merge; null or '' clears a field). */
  async update(actor: Actor, name: string, id: string, body: Json): Promise<Json> {
    const model = this.model(name);
    const update = model.def.update;
    if (!update || !actor.role || !update.roles.includes(actor.role))
      throw new ApiError('UPDATE_FORBIDDEN', { title: model.def.title });
    const version = versionOf(body.version);
    await retryingTransaction(this.o.db, async (tx) => {
      const w = this.writer(tx, actor, '修改');
      await lockParents(tx, this.o.models, model, id, update.requires, body);
      const rec = await this.visibleRecord(tx, actor, model, id, true);
      if (!isParty(rec, update.party, actor.user.corpId))
        throw new ApiError('ACTION_PARTY_FORBIDDEN', { action: '修改' });
      if (!update.states.includes(rec.state))
        throw new ApiError('NOT_EDITABLE', { state: this.stateLabel(model, rec.state) });
      if (rec.version !== version) throw new ApiError('VERSION_CONFLICT');
      await checkChildrenOpen(tx, this.o.models, model, rec.data);
      const current: Json = {};
      for (const [f, field] of model.fields)
        if (!field.def.readOnly && rec.data[f] !== null) current[f] = rec.data[f];
      const changes = { ...body };
      delete changes.version;
      assertFieldWrites(model, actor.role, rec.state, changes, rec.data);
      const input = stripInput(model, { ...current, ...changes });
      validatePayload(model, input);
      const changed = Object.keys(changes).filter((f) => changes[f] !== rec.data[f]);
      checkDateRules(model, input, chinaDay(w.now), new Set(changed));
      // The conditions hold for the record as it is and as it becomes (it neither leaves nor enters a
      // sealed plan).
      await checkRequirements(tx, this.o.models, model, rec, update.requires);
      await checkRequirements(tx, this.o.models, model, { id, data: input }, update.requires);
      await checkChildrenOpen(tx, this.o.models, model, input);
      await w.checkRefs(model, input);
      const before: BizRecord = { ...rec, data: { ...rec.data } };
      for (const [f, field] of model.fields) if (!field.def.readOnly) rec.data[f] = input[f] ?? null;
      await w.fillNames(model, rec.data);
      await this.runEffects(update.effects, {
        w,
        model,
        rec,
        before,
        phase: 'update',
        transition: null,
        reason: '',
      });
      await checkOpenedFields((corp) => w.corp(corp), model, rec.data);
      if (!(await saveRecord(tx, model, rec, version, w.now))) throw new ApiError('VERSION_CONFLICT');
      await writeAudit(tx, [
        {
          model: model.name,
          recordId: id,
          action: 'update',
          from: rec.state,
          to: rec.state,
          user: actor.user,
          role: actor.role,
          at: w.now,
        },
      ]);
    });
    return this.reload(model, id, actor);
  }

  /**
   * Deletes a record in a deletable state (model `delete`) in one transaction: role, visibility, party,
   * state and optimistic version checks, the guarded delete (`where id = $1 and version = $2`) and the
   * audit entry. Answers the record as it was.
   * @throws DELETE_FORBIDDEN, RECORD_NOT_FOUND, RECORD_FORBIDDEN, ACTION_PARTY_FORBIDDEN, VERSION_CONFLICT, NOT_DELETABLE
   */
  async remove(actor: Actor, name: string, id: string, rawVersion: unknown): Promise<Json> {
    const model = this.model(name);
    const rule = model.def.delete;
    if (!rule || !actor.role || !rule.roles.includes(actor.role))
      throw new ApiError('DELETE_FORBIDDEN', { title: model.def.title });
    const version = versionOf(rawVersion);
    return retryingTransaction(this.o.db, async (tx) => {
      await lockParents(tx, this.o.models, model, id, undefined);
      const rec = await this.visibleRecord(tx, actor, model, id, true);
      if (!isParty(rec, rule.party, actor.user.corpId))
        throw new ApiError('ACTION_PARTY_FORBIDDEN', { action: '删除' });
      if (!rule.states.includes(rec.state))
        throw new ApiError('NOT_DELETABLE', { state: this.stateLabel(model, rec.state) });
      if (rec.version !== version) throw new ApiError('VERSION_CONFLICT');
      await checkChildrenOpen(tx, this.o.models, model, rec.data);
      if (!(await deleteRecord(tx, model, id, version))) throw new ApiError('VERSION_CONFLICT');
      const now = this.caller.now();
      await writeAudit(tx, [
        {
          model: model.name,
          recordId: id,
          action: DELETE_ACTION,
          from: rec.state,
          to: null,
          user: actor.user,
          role: actor.role,
          at: now,
        },
      ]);
      return recordJson(model, rec, actor);
    });
  }

  /**
   * Attaches a stored file to a record (the upload route, the seeder), like a transition: one retrying
   * transaction with parents then the record locked, the upload rules (recordFiles.ts), the version the
   * client saw when it sends one, the metadata row, the model's single-file fields (the file there is
   * replaced), the guarded write and an audit entry. With `replaces`, that file of the record goes in the
   * same transaction; when it is gone already someone else replaced it first: VERSION_CONFLICT.
   * Answers the replaced file, whose bytes the caller removes from storage.
   * @throws FILE_CATEGORY_INVALID, ACTION_ROLE_FORBIDDEN, ACTION_PARTY_FORBIDDEN, FILE_UPLOAD_CLOSED, VERSION_CONFLICT
   */
  async attachFile(
    actor: Actor,
    name: string,
    meta: Omit<FileMeta, 'createdAt'>,
    options: FileOpOptions = {},
  ): Promise<FileMeta | null> {
    const model = this.model(name);
    return this.onFiles(actor, model, meta.recordId, meta.category, options.version, async (tx, rec, now) => {
      let replaced: FileMeta | null = null;
      if (options.replaces !== undefined) {
        replaced = await findFile(tx, options.replaces);
        if (!replaced || replaced.model !== model.name || replaced.recordId !== meta.recordId)
          throw new ApiError('VERSION_CONFLICT');
        await deleteFileRow(tx, replaced.id);
      }
      await insertFile(tx, meta, now);
      const changed = setSingleFile(model, rec, meta, now);
      return { action: replaced ? 'replaceFile' : 'upload', reason: meta.name, changed, answer: replaced };
    });
  }

  /**
   * Deletes a file of a record with the same transaction, checks, version and audit entry as
   * {@link attachFile}; the single-file fields pointing at it are cleared. Answers the file removed.
   * @throws FILE_NOT_FOUND (deleted meanwhile) and what attachFile throws
   */
  async detachFile(actor: Actor, fileId: string, options: FileOpOptions = {}): Promise<FileMeta> {
    const found = await findFile(this.o.db, fileId);
    if (!found) throw new ApiError('FILE_NOT_FOUND');
    const model = this.model(found.model);
    return this.onFiles(
      actor,
      model,
      found.recordId,
      found.category,
      options.version,
      async (tx, rec, now) => {
        const meta = await findFile(tx, fileId);
        if (!meta) throw new ApiError('FILE_NOT_FOUND');
        await deleteFileRow(tx, fileId);
        const changed = setSingleFile(model, rec, null, now, fileId);
        return { action: 'deleteFile', reason: meta.name, changed, answer: meta };
      },
    );
  }

  /** The transaction of a file operation: locks, rules, version, the change, the guarded write, the audit entry. */
  private async onFiles<T>(
    actor: Actor,
    model: CompiledModel,
    recordId: string,
    category: string,
    rawVersion: unknown,
    change: (
      tx: Queryable,
      rec: BizRecord,
      now: Date,
    ) => Promise<{ action: keyof typeof FILE_ACTIONS; reason: string; changed: boolean; answer: T }>,
  ): Promise<T> {
    const version = rawVersion === undefined || rawVersion === '' ? null : versionOf(rawVersion);
    return retryingTransaction(this.o.db, async (tx) => {
      await lockParents(tx, this.o.models, model, recordId, undefined);
      const rec = await this.visibleRecord(tx, actor, model, recordId, true);
      checkUploadAllowed(model, rec, actor, category);
      if (version !== null && rec.version !== version) throw new ApiError('VERSION_CONFLICT');
      await checkChildrenOpen(tx, this.o.models, model, rec.data);
      const now = this.caller.now();
      const done = await change(tx, rec, now);
      if (done.changed && !(await saveRecord(tx, model, rec, rec.version, now)))
        throw new ApiError('VERSION_CONFLICT');
      await writeAudit(tx, [
        {
          model: model.name,
          recordId,
          action: done.action,
          from: rec.state,
          to: rec.state,
          reason: done.reason,
          user: actor.user,
          role: actor.role,
          at: now,
        },
      ]);
      return done.answer;
    });
  }

  /**
   * Runs a transition in one transaction: role, visibility, party, state, optimistic version and reason
   * checks; the UKEY signature when the transition asks for it; effects; the guarded write
   * (`where id = $1 and version = $2`) and the audit entry. Any refusal rolls everything back.
   */
  async act(
    actor: Actor,
    name: string,
    id: string,
    action: string,
    body: ActionBody,
    link?: LinkRun,
  ): Promise<Json> {
    const model = this.model(name);
    const t = model.transitions.get(action);
    if (!t) throw new ApiError('NOT_FOUND');
    const version = versionOf(body.version);
    // A public-link action runs only for its link (and a link only runs public-link actions).
    if (!actor.role || !t.roles.includes(actor.role) || Boolean(t.publicLink) !== Boolean(link))
      throw new ApiError('ACTION_ROLE_FORBIDDEN', { action: t.title });
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    const result = await retryingTransaction(this.o.db, async (tx) => {
      if (link) await link.guard(tx);
      const w = this.writer(tx, actor, t.title);
      // Parents first (DESIGN.md section 13): the plan before its asset, the asset before its document.
      await lockParents(tx, this.o.models, model, id, t.requires);
      const rec = await this.visibleRecord(tx, actor, model, id, true);
      if (!isParty(rec, t.party, actor.user.corpId))
        throw new ApiError('ACTION_PARTY_FORBIDDEN', { action: t.title });
      if (!t.counterparty) await assertProductOpened(tx, model, rec.data, actor.user.corpId);
      // A record moved on by someone else is refused by its state first (当前状态…不能…), which says more
      // than 数据已被他人修改; the version then catches a change within the same state.
      if (!t.from.includes(rec.state))
        throw new ApiError('ACTION_STATE_INVALID', {
          state: this.stateLabel(model, rec.state),
          action: t.title,
        });
      if (rec.version !== version) throw new ApiError('VERSION_CONFLICT');
      await checkRequirements(tx, this.o.models, model, rec, t.requires);
      await checkChildrenOpen(tx, this.o.models, model, rec.data);
      const reasonTitle = t.reasonTitle ?? '原因';
      if (t.reason === 'required' && !reason) throw new ApiError('REASON_REQUIRED', { title: reasonTitle });
      if (reason.length > REASON_MAX_LENGTH)
        throw new ApiError('REASON_TOO_LONG', { title: reasonTitle, max: REASON_MAX_LENGTH });
      let signature: SignRecord | null = null;
      if (t.sign)
        signature = await this.caller.signatureVerifier.verify(
          tx,
          body.signature,
          actor.user,
          actor.sessionIdHash,
          // The original must have been issued for this record and action (renderer: model/id/action).
          signScope(model.name, id, action),
        );

      const from = rec.state;
      const before: BizRecord = { ...rec, data: structuredClone(rec.data) };
      rec.state = t.to;
      for (const [field, value] of Object.entries(t.set ?? {})) {
        rec.data[field] =
          value === '$today' ? chinaDay(w.now) : value === '$now' ? w.now.toISOString() : value;
      }
      const kept = t.reason !== 'none' && t.reason !== undefined ? reason : '';
      if (t.reasonField && kept) rec.data[t.reasonField] = kept;
      await this.runEffects(t.effects, {
        w,
        model,
        rec,
        before,
        phase: 'transition',
        transition: t,
        reason: kept,
      });
      if (!(await saveRecord(tx, model, rec, version, w.now))) throw new ApiError('VERSION_CONFLICT');
      await writeAudit(tx, [
        {
          model: model.name,
          recordId: id,
          action,
          from,
          to: rec.state,
          reason: kept,
          user: actor.user,
          role: actor.role,
          signature,
          at: w.now,
        },
      ]);
      if (this.o.agreements?.length && from !== rec.state)
        await recordSignatures(tx, this.o.models, this.o.agreements, model.name, rec);
      // The record moved on: its earlier to-dos are answered, whoever was asked (handovers.ts).
      await closeHandovers(tx, model.name, id, actor.user, w.now);
      if (this.caller.handoverLinks)
        await writeHandover(this.caller.handoverLinks, {
          tx,
          model,
          transition: t,
          record: rec,
          user: actor.user,
          now: w.now,
        });
      // Last, on the record as written: a refusal rolls back everything above.
      return t.service ? this.runService(t.service, w, model, rec, before, t, body) : undefined;
    });
    await this.runServices(t.services, model, id, actor, t);
    return withResult(await this.reload(model, id, actor), result);
  }

  /** Runs an action's `service` in the action's transaction; answers its result. */
  private async runService(
    name: string,
    w: RecordWriter,
    model: CompiledModel,
    record: BizRecord,
    before: BizRecord | null,
    transition: TransitionDef | null,
    input: Json,
  ): Promise<Json> {
    return this.o.effects.services.get(name)({
      tx: w.tx,
      records: w,
      model,
      record,
      before,
      transition,
      user: w.user,
      role: w.role,
      now: w.now,
      host: this.o.host,
      input,
    });
  }

  /**
   * The services an action names (a model's `services`: send an SMS, start a download job), run once its
   * transaction has committed, in one transaction of their own on the record as committed, never retried
   * with the action's (a message is sent once). What they change on the record is saved there. A service's
   * refusal is answered to the caller; the action itself stays done.
   */
  private async runServices(
    refs: EffectRef[] | undefined,
    model: CompiledModel,
    id: string,
    actor: Actor,
    transition: TransitionDef | null,
  ): Promise<void> {
    if (!refs?.length) return;
    await this.o.db.transaction(async (tx) => {
      const w = this.writer(tx, actor);
      const rec = await loadRecord(tx, model, id, true);
      if (!rec) throw new ApiError('RECORD_NOT_FOUND');
      const before: BizRecord = { ...rec, data: structuredClone(rec.data) };
      await this.runEffects(refs, { w, model, rec, before, phase: 'committed', transition, reason: '' });
      if (JSON.stringify(rec.data) !== JSON.stringify(before.data))
        if (!(await saveRecord(tx, model, rec, rec.version, w.now))) throw new ApiError('VERSION_CONFLICT');
    });
  }

  private stateLabel(model: CompiledModel, state: string): string {
    return model.states.get(state)?.label ?? state;
  }

  private async reload(model: CompiledModel, id: string, actor: Actor): Promise<Json> {
    const rec = await loadRecord(this.o.db, model, id);
    if (!rec) throw new ApiError('RECORD_NOT_FOUND');
    return (await this.answer(model, [rec], actor))[0]!;
  }

  private async runEffects(
    refs: EffectRef[] | undefined,
    run: {
      w: RecordWriter;
      model: CompiledModel;
      rec: BizRecord;
      before: BizRecord | null;
      phase: EffectContext['phase'];
      transition: TransitionDef | null;
      reason: string;
    },
  ): Promise<void> {
    for (const ref of refs ?? []) {
      const name = typeof ref === 'string' ? ref : ref.name;
      const args = typeof ref === 'string' ? {} : (ref.args ?? {});
      const effect = this.o.effects.get(name);
      const context: EffectContext = {
        tx: run.w.tx,
        records: run.w,
        model: run.model,
        record: run.rec,
        before: run.before,
        phase: run.phase,
        transition: run.transition,
        user: run.w.user,
        role: run.w.role,
        reason: run.reason,
        now: run.w.now,
        today: chinaDay(run.w.now),
        host: this.o.host,
        args,
        outcome(state) {
          if (!run.transition?.outcomes?.includes(state))
            throw new Error(
              `Effect ${name} chose state ${state}, not an outcome of ${run.transition?.action}`,
            );
          run.rec.state = state;
        },
      };
      await effect(context);
    }
    // Effects fill enterprise ids (a delivery finance takes its core and factor from the order and the
    // white-list): their names follow, so no page shows a party as "——".
    if (refs?.length) await run.w.fillNames(run.model, run.rec.data);
  }
}

/** An action's answer: the record, with its service's result when it has one. */
function withResult(record: Json, result: Json | undefined): Json {
  return result === undefined ? record : { ...record, [SERVICE_RESULT]: result };
}

/** Runs a check of one import row; a refusal (naming the row) is added to `refused`, other errors thrown. */
function collectRow<T>(refused: ApiError[], row: number, run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    refused.push(rowApiError(row, error));
    return undefined;
  }
}

async function collectRowAsync<T>(
  refused: ApiError[],
  row: number,
  run: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    refused.push(rowApiError(row, error));
    return undefined;
  }
}

/** A row's refusal as IMPORT_ROW_INVALID; anything but an ApiError is thrown on. */
function rowApiError(row: number, error: unknown): ApiError {
  const named = rowError(row, error);
  if (!(named instanceof ApiError)) throw named;
  return named;
}

/** How many refused rows the message names; `data.errors` holds them all. */
const NAMED_ROWS = 20;

/**
 * The refusal of an import: one refused row as itself, several as IMPORT_ROWS_INVALID naming each by its
 * row (in row order), all in `data.errors` ({row, message, rowCode}).
 */
export function importRowsError(refused: readonly ApiError[]): ApiError {
  const rowOfError = (e: ApiError): number => Number((e.data as { row?: unknown } | undefined)?.row ?? 0);
  const sorted = [...refused].sort((a, b) => rowOfError(a) - rowOfError(b));
  if (sorted.length === 1) return sorted[0]!;
  const named = sorted.slice(0, NAMED_ROWS).map((e) => e.message);
  return new ApiError(
    'IMPORT_ROWS_INVALID',
    {
      count: sorted.length,
      reasons: named.join('；') + (sorted.length > NAMED_ROWS ? `；等${sorted.length}处` : ''),
    },
    {
      errors: sorted.map((e) => ({
        row: rowOfError(e),
        message: e.message,
        rowCode: (e.data as { rowCode?: unknown } | undefined)?.rowCode ?? e.wireCode,
      })),
    },
  );
}

function rowError(row: number, error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const data = error.data && typeof error.data === 'object' ? error.data : {};
  return new ApiError(
    'IMPORT_ROW_INVALID',
    { row, reason: error.message },
    { ...data, row, rowCode: error.wireCode },
  );
}
