import type { SignatureVerifier, SignRecord } from '../context';
import type { Db, Queryable } from '../db/db';
import { ApiError } from '../errors';
import { aggregate, type AggregateAnswer } from './aggregates';
import { readAudit, writeAudit, type AuditEntry } from './audit';
import { stripInput, type CompiledModel } from './compileModel';
import type { EffectContext, EffectRegistry } from './effects/effectRegistry';
import { buildWhere, countRows, orderBy, paging, type QueryParams } from './listQuery';
import type { ModelSet } from './loadModels';
import { isParty, recordJson, type Actor } from './recordJson';
import { loadRecord, rowToRecord, saveRecord, selectColumns } from './recordStore';
import { checkDateRules } from './dateRules';
import { chinaDay, RecordWriter } from './recordWriter';
import type { BizRecord, EffectRef, TransitionDef } from './types';
import { assertFieldWrites } from './fieldWrites';
import { validatePayload } from './validatePayload';

export const REASON_MAX_LENGTH = 200;

type Json = Record<string, unknown>;

export interface ModelEngineOptions {
  db: Db;
  models: ModelSet;
  effects: EffectRegistry;
  now: () => Date;
  signatureVerifier: SignatureVerifier;
}

/** Body of POST .../actions/{action}. */
export interface ActionBody {
  version?: unknown;
  reason?: unknown;
  signature?: unknown;
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
  constructor(private readonly o: ModelEngineOptions) {}

  get models(): ModelSet {
    return this.o.models;
  }

  /** @throws ApiError NOT_FOUND for an unknown model name. */
  model(name: string): CompiledModel {
    const model = this.o.models.models.get(name);
    if (!model) throw new ApiError('NOT_FOUND');
    return model;
  }

  private writer(tx: Queryable, actor: Actor): RecordWriter {
    return new RecordWriter(tx, this.o.models, actor.user, actor.role ?? '', this.o.now());
  }

  /** A record the actor's enterprise may see. @throws RECORD_NOT_FOUND, RECORD_FORBIDDEN (403) */
  async visibleRecord(
    q: Queryable,
    actor: Actor,
    model: CompiledModel,
    id: string,
    forUpdate = false,
  ): Promise<BizRecord> {
    const rec = await loadRecord(q, model, id, forUpdate);
    if (!rec) throw new ApiError('RECORD_NOT_FOUND');
    if (!this.writer(q, actor).visible(model, rec)) throw new ApiError('RECORD_FORBIDDEN');
    return rec;
  }

  async list(
    actor: Actor,
    name: string,
    query: QueryParams,
  ): Promise<{ list: Json[]; pagecond: { count: number; page: number; size: number; estimated?: true } }> {
    const model = this.model(name);
    const where = buildWhere(model, actor.user.corpId, query);
    const order = orderBy(model, query);
    const { page, size } = paging(query);
    const { count, estimated } = await countRows(this.o.db, model.table, where);
    // Pick the page's ids first, then render only those rows: formatting every matching row before the
    // top-N sort costs more than the sort itself on a large list.
    const rows = await this.o.db.query<Json>(
      `select ${selectColumns(model, 't')} from ${model.table} t
        where t.id = any(array(select t.id from ${model.table} t where ${where.sql} order by ${order} limit ${size} offset ${(page - 1) * size}))
        order by ${order}`,
      where.params,
    );
    return {
      list: rows.rows.map((row) => recordJson(model, rowToRecord(model, row), actor)),
      pagecond: { count, page, size, ...(estimated ? { estimated: true as const } : {}) },
    };
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
      a === 'create' ? '新建' : a === 'update' ? '修改' : (model.transitions.get(a)?.title ?? a),
    );
    let children: Json[] = [];
    if (model.def.children) {
      const child = this.model(model.def.children.model);
      const column = child.fields.get(model.def.children.field)!.column;
      // Children made in one transaction share created_at: their business numbers give the order.
      const numbered = child.def.numbering ? `${child.fields.get(child.def.numbering.field)!.column}, ` : '';
      const r = await this.o.db.query<Json>(
        `select ${selectColumns(child, 't')} from ${child.table} t where t.${column} = $1 and t.visible_corps @> $2::text[] order by t.created_at, ${numbered ? `t.${numbered}` : ''}t.id`,
        [id, [actor.user.corpId]],
      );
      children = r.rows.map((row) => recordJson(child, rowToRecord(child, row), actor));
    }
    return { ...recordJson(model, rec, actor), audit, children };
  }

  async aggregate(actor: Actor, name: string, query: QueryParams): Promise<AggregateAnswer> {
    return aggregate(this.o.db, this.model(name), actor.user.corpId, query, this.o.models.dicts);
  }

  /** Creates a record in the model's initial state, owned by the creator's enterprise. */
  async create(actor: Actor, name: string, body: Json): Promise<Json> {
    const model = this.model(name);
    const create = model.def.create;
    if (!create || !actor.role || !create.roles.includes(actor.role))
      throw new ApiError('CREATE_FORBIDDEN', { title: model.def.title });
    const input = stripInput(model, body);
    assertFieldWrites(model, actor.role, model.def.initialState, input, null);
    validatePayload(model, input);
    checkDateRules(model, input, chinaDay(this.o.now()));
    const id = await this.o.db.transaction(async (tx) => {
      const w = this.writer(tx, actor);
      await w.checkRefs(model, input);
      const rec = await w.prepare(model, { ...input, [create.corpField]: actor.user.corpId });
      await this.runEffects(create.effects, {
        w,
        model,
        rec,
        before: null,
        phase: 'create',
        transition: null,
        reason: '',
      });
      await w.write(model, rec);
      return rec.id;
    });
    return this.reload(model, id, actor);
  }

  /** Changes the fields of a record in an editable state (merge; null or '' clears a field). */
  async update(actor: Actor, name: string, id: string, body: Json): Promise<Json> {
    const model = this.model(name);
    const update = model.def.update;
    if (!update || !actor.role || !update.roles.includes(actor.role))
      throw new ApiError('UPDATE_FORBIDDEN', { title: model.def.title });
    const version = versionOf(body.version);
    await this.o.db.transaction(async (tx) => {
      const w = this.writer(tx, actor);
      const rec = await this.visibleRecord(tx, actor, model, id, true);
      if (!isParty(rec, update.party, actor.user.corpId))
        throw new ApiError('ACTION_PARTY_FORBIDDEN', { action: '修改' });
      if (rec.version !== version) throw new ApiError('VERSION_CONFLICT');
      if (!update.states.includes(rec.state))
        throw new ApiError('NOT_EDITABLE', { state: this.stateLabel(model, rec.state) });
      const current: Json = {};
      for (const [f, field] of model.fields)
        if (!field.def.readOnly && rec.data[f] !== null) current[f] = rec.data[f];
      const changes = { ...body };
      delete changes.version;
      assertFieldWrites(model, actor.role, rec.state, changes, rec.data);
      const input = stripInput(model, { ...current, ...changes });
      validatePayload(model, input);
      checkDateRules(model, input, chinaDay(w.now), new Set(Object.keys(changes)));
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
   * Runs a transition in one transaction: role, visibility, party, optimistic version, state and reason
   * checks; the UKEY signature when the transition asks for it; effects; the guarded write
   * (`where id = $1 and version = $2`) and the audit entry. Any refusal rolls everything back.
   */
  async act(actor: Actor, name: string, id: string, action: string, body: ActionBody): Promise<Json> {
    const model = this.model(name);
    const t = model.transitions.get(action);
    if (!t) throw new ApiError('NOT_FOUND');
    const version = versionOf(body.version);
    if (!actor.role || !t.roles.includes(actor.role))
      throw new ApiError('ACTION_ROLE_FORBIDDEN', { action: t.title });
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    await this.o.db.transaction(async (tx) => {
      const w = this.writer(tx, actor);
      const rec = await this.visibleRecord(tx, actor, model, id, true);
      if (!isParty(rec, t.party, actor.user.corpId))
        throw new ApiError('ACTION_PARTY_FORBIDDEN', { action: t.title });
      if (rec.version !== version) throw new ApiError('VERSION_CONFLICT');
      if (!t.from.includes(rec.state))
        throw new ApiError('ACTION_STATE_INVALID', {
          state: this.stateLabel(model, rec.state),
          action: t.title,
        });
      const reasonTitle = t.reasonTitle ?? '原因';
      if (t.reason === 'required' && !reason) throw new ApiError('REASON_REQUIRED', { title: reasonTitle });
      if (reason.length > REASON_MAX_LENGTH)
        throw new ApiError('REASON_TOO_LONG', { title: reasonTitle, max: REASON_MAX_LENGTH });
      let signature: SignRecord | null = null;
      if (t.sign)
        signature = await this.o.signatureVerifier.verify(
          tx,
          body.signature,
          actor.user,
          actor.sessionIdHash,
          // The original must have been issued for this record and action (renderer: model/id/action).
          `${model.name}/${id}/${action}`,
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
    });
    return this.reload(model, id, actor);
  }

  private stateLabel(model: CompiledModel, state: string): string {
    return model.states.get(state)?.label ?? state;
  }

  private async reload(model: CompiledModel, id: string, actor: Actor): Promise<Json> {
    const rec = await loadRecord(this.o.db, model, id);
    if (!rec) throw new ApiError('RECORD_NOT_FOUND');
    return recordJson(model, rec, actor);
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
  }
}
