import { chinaDay } from '@renderer/core/format';
import type { CurrentUser } from '../context';
import type { Queryable } from '../db/db';
import { ApiError } from '../errors';
import { writeAudit } from './audit';
import { timeOrderedId } from './ids';
import type { CompiledModel } from './compileModel';
import type { RecordAccess } from './effects/effectRegistry';
import type { ModelSet } from './loadModels';
import { closeHandovers } from './handovers';
import { findRecords, insertRecords, loadRecord, saveRecord, type Author } from './recordStore';
import { CORP_FACTS_SQL, corpRefusal, requiredProduct, type CorpFacts } from './invariants';
import type { BizRecord, FieldDef } from './types';

/** Today in China as YYYY-MM-DD: the portal's one formatter (renderer/core/format). */
export { chinaDay };

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(day: string, days: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + days * 86400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86400_000);
}

/** The next business number: prefix + yyyyMMdd + 6-digit daily sequence (e.g. CV20261120000001). */
export async function nextNumber(q: Queryable, prefix: string, day: string): Promise<string> {
  const name = prefix + day.replace(/-/g, '');
  const r = await q.query<{ value: string | number }>(
    `insert into biz_sequences (name, value) values ($1, 1)
       on conflict (name) do update set value = biz_sequences.value + 1 returning value`,
    [name],
  );
  return name + String(r.rows[0]!.value).padStart(6, '0');
}

export type CorpRow = CorpFacts;

/**
 * Whether an enterprise may be the value of a `ref: 'corp'` field (of a record with values `data`, for
 * a field whose `opened` names a field): the one predicate behind both the check of a write and the
 * field's options (GET .../refs/{field}), so a picker never offers what a save refuses
 * (server/models/invariants.ts {@link corpRefusal}).
 */
export function corpAccepted(
  def: FieldDef,
  corp: CorpRow | null,
  data: Record<string, unknown> = {},
): corp is CorpRow {
  return corpRefusal(def, corp, requiredProduct(def, data)) === null;
}

/**
 * Writes records for one operation of one user inside one transaction: numbers, enterprise names,
 * visibility and audit entries. It is also what effects see as {@link RecordAccess}.
 */
export class RecordWriter implements RecordAccess {
  private readonly corps = new Map<string, CorpRow | null>();

  constructor(
    readonly tx: Queryable,
    private readonly set: ModelSet,
    readonly user: CurrentUser,
    readonly role: string,
    readonly now: Date,
  ) {}

  get author(): Author {
    return {
      userId: this.user.id,
      personName: this.user.personName,
      corpId: this.user.corpId,
      corpName: this.user.corpName,
    };
  }

  model(name: string): CompiledModel {
    const model = this.set.models.get(name);
    if (!model) throw new Error(`Unknown model "${name}"`);
    return model;
  }

  /** An enterprise by id (cached for the operation), or null. */
  async corp(id: string): Promise<CorpRow | null> {
    if (!this.corps.has(id)) {
      const r = await this.tx.query<CorpRow>(`${CORP_FACTS_SQL} where c.id = $1`, [id]);
      this.corps.set(id, r.rows[0] ?? null);
    }
    return this.corps.get(id) ?? null;
  }

  /**
   * Checks the references of client-sent values (enterprises exist, have an accepted kind and are not
   * cancelled; referenced records exist and are visible to the user's enterprise).
   */
  async checkRefs(model: CompiledModel, input: Record<string, unknown>): Promise<void> {
    const visit = async (def: FieldDef, value: unknown): Promise<void> => {
      if (value === undefined || value === null) return;
      if (def.type === 'array' && def.items && Array.isArray(value)) {
        for (const v of value) await visit(def.items, v);
      } else if (def.type === 'object' && def.properties && typeof value === 'object') {
        for (const [k, child] of Object.entries(def.properties))
          await visit(child, (value as Record<string, unknown>)[k]);
      } else if (def.ref === 'corp' && typeof value === 'string') {
        const refusal = corpRefusal(def, await this.corp(value), requiredProduct(def, input));
        if (refusal) throw refusal;
      } else if (def.ref && typeof value === 'string') {
        const rec = await loadRecord(this.tx, this.model(def.ref), value);
        if (!rec || !this.visible(this.model(def.ref), rec))
          throw new ApiError('REF_INVALID', { title: def.title });
      }
    };
    for (const [name, field] of model.fields) await visit(field.def, input[name]);
  }

  /** Fills every `nameField` from its enterprise id (at any depth). */
  async fillNames(model: CompiledModel, data: Record<string, unknown>): Promise<void> {
    const visit = async (props: Record<string, FieldDef>, obj: Record<string, unknown>): Promise<void> => {
      for (const [name, def] of Object.entries(props)) {
        const value = obj[name];
        if (def.ref === 'corp' && def.nameField && typeof value === 'string') {
          obj[def.nameField] = (await this.corp(value))?.name ?? null;
        } else if (def.type === 'array' && def.items?.properties && Array.isArray(value)) {
          for (const item of value)
            if (item && typeof item === 'object')
              await visit(def.items.properties, item as Record<string, unknown>);
        }
      }
    };
    await visit(model.def.fields, data);
  }

  /** Whether the user (by user: visibility.userField), else the user's enterprise, may see a record of `model`. */
  visible(model: CompiledModel, rec: BizRecord): boolean {
    if (model.userField) return rec.data[model.userField] === this.user.id;
    return model.corpFields.some((f) => {
      const v = rec.data[f];
      return v === this.user.corpId || (Array.isArray(v) && v.includes(this.user.corpId));
    });
  }

  async lock(modelName: string, id: string): Promise<BizRecord> {
    const rec = await loadRecord(this.tx, this.model(modelName), id, true);
    if (!rec) throw new ApiError('RECORD_NOT_FOUND');
    return rec;
  }

  async find(
    modelName: string,
    where: Record<string, unknown>,
    options: { forUpdate?: boolean } = {},
  ): Promise<BizRecord[]> {
    return findRecords(this.tx, this.model(modelName), where, options.forUpdate ?? false);
  }

  /** A new, unsaved record of `model` with its number and enterprise names. */
  async prepare(
    modelOrName: CompiledModel | string,
    data: Record<string, unknown>,
    state?: string,
  ): Promise<BizRecord> {
    const model = typeof modelOrName === 'string' ? this.model(modelOrName) : modelOrName;
    const numbering = model.def.numbering;
    if (numbering && !data[numbering.field])
      data[numbering.field] = await nextNumber(this.tx, numbering.prefix, chinaDay(this.now));
    await this.fillNames(model, data);
    const at = this.now.toISOString();
    return {
      id: timeOrderedId(this.now),
      version: 1,
      state: state ?? model.def.initialState,
      createdAt: at,
      updatedAt: at,
      createdBy: this.user.id,
      createdByName: this.user.personName,
      createdCorpId: this.user.corpId,
      createdCorpName: this.user.corpName,
      data,
    };
  }

  /**
   * What runs after an effect created a record (the engine writes its to-do, handovers.ts); `step` is the
   * title of the operation that ran the effect.
   */
  onEffectCreated: ((model: CompiledModel, rec: BizRecord) => Promise<void>) | null = null;

  /** Called when an effect moved a record to another state (the engine writes its signed agreements). */
  onMoved: ((model: CompiledModel, rec: BizRecord) => Promise<void>) | null = null;

  /** Writes a record an effect prepared, its 'create' audit entry and its to-do ({@link onEffectCreated}). */
  async write(modelOrName: CompiledModel | string, rec: BizRecord, action = 'create'): Promise<void> {
    const model = typeof modelOrName === 'string' ? this.model(modelOrName) : modelOrName;
    await this.writeRecord(model, rec, action);
    await this.onEffectCreated?.(model, rec);
  }

  /** Writes a prepared record and its 'create' audit entry. */
  async writeRecord(model: CompiledModel, rec: BizRecord, action = 'create'): Promise<void> {
    await insertRecords(this.tx, model, [rec], this.author, this.now);
    await writeAudit(this.tx, [
      {
        model: model.name,
        recordId: rec.id,
        action,
        from: null,
        to: rec.state,
        user: this.user,
        role: this.role,
        at: this.now,
      },
    ]);
  }

  async insert(
    modelName: string,
    data: Record<string, unknown>,
    options: { state?: string; action?: string } = {},
  ): Promise<BizRecord> {
    const model = this.model(modelName);
    const rec = await this.prepare(model, { ...data }, options.state);
    await this.write(model, rec, options.action);
    return rec;
  }

  async save(modelName: string, rec: BizRecord, audit?: { action: string; from: string }): Promise<void> {
    const model = this.model(modelName);
    await this.fillNames(model, rec.data);
    if (!(await saveRecord(this.tx, model, rec, rec.version, this.now)))
      throw new ApiError('VERSION_CONFLICT');
    if (audit && audit.from !== rec.state) {
      // An effect moved the record on (a packet review lends its assets): its to-dos are answered.
      await closeHandovers(this.tx, model.name, rec.id, this.user, this.now);
      await writeAudit(this.tx, [
        {
          model: model.name,
          recordId: rec.id,
          action: audit.action,
          from: audit.from,
          to: rec.state,
          user: this.user,
          role: this.role,
          at: this.now,
        },
      ]);
      await this.onMoved?.(model, rec);
    }
  }

  async nextWorkingDay(day: string): Promise<string> {
    const r = await this.tx.query<{ day: string }>(
      `select to_char(day, 'YYYY-MM-DD') as day from holidays
        where region = 'R_156' and day >= $1::date and day < $1::date + 120 order by day`,
      [day],
    );
    const holidays = new Set(r.rows.map((x) => x.day));
    let d = day;
    while (holidays.has(d)) d = addDays(d, 1);
    return d;
  }
}
