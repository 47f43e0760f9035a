import { randomUUID } from 'node:crypto';
import { fromCents, toCents } from '@renderer/core/format';
import type { CurrentUser } from '../context';
import type { Db } from '../db/db';
import { insertFile, type FileMeta } from '../files/fileRecords';
import { writeAudit, type AuditWrite } from '../models/audit';
import type { CompiledModel } from '../models/compileModel';
import type { ModelSet } from '../models/loadModels';
import { insertRecords } from '../models/recordStore';
import { addDays, chinaDay } from '../models/recordWriter';
import type { BizRecord, TransitionDef } from '../models/types';
import { SEED_KEY_PREFIX, SEED_PDF_SIZE } from '../files/seedFiles';

/** Options of one seeded record. */
export interface SeedOptions {
  /** When it was created (days before today); its audit steps follow an hour apart. */
  daysAgo: number;
  /** Creator's enterprise and role (the first demo user holding it). */
  corp: string;
  role: string;
  /** Reason written on steps whose transition takes one. */
  reason?: string;
  /** Audit action of the 'create' entry (effects name theirs, e.g. transferIn). */
  createAction?: string;
  /** Skip the path of transitions to the state (records created by effects). */
  noPath?: boolean;
}

/**
 * Collects the credit demo records in memory, with numbers, names, visibility and an audit trail along
 * a shortest path of transitions to each record's state, and writes them with a few batch inserts.
 */
export class SeedBuilder {
  readonly today: string;
  private readonly records = new Map<string, BizRecord[]>();
  private readonly audit: AuditWrite[] = [];
  private readonly sequences = new Map<string, number>();
  private readonly files: Array<Omit<FileMeta, 'createdAt'> & { at: Date }> = [];
  private rng = 20261120;

  constructor(
    readonly models: ModelSet,
    private readonly users: CurrentUser[],
    private readonly corpNames: ReadonlyMap<string, string>,
    private readonly holidays: ReadonlySet<string>,
    readonly now: Date,
  ) {
    this.today = chinaDay(now);
  }

  /** Loads what the builder needs from the seeded demo world. */
  static async create(db: Db, models: ModelSet, now: Date): Promise<SeedBuilder> {
    const users = await db.query<{
      id: string;
      username: string;
      person_name: string;
      corp_id: string;
      corp_name: string;
      corp_type: string;
      roles: string[];
    }>(
      `select u.id, u.username, u.person_name, u.corp_id, c.name as corp_name, c.corp_type,
              array(select role_code from user_roles r where r.user_id = u.id order by role_code) as roles
         from users u join corps c on c.id = u.corp_id order by u.id`,
    );
    const corps = await db.query<{ id: string; name: string }>('select id, name from corps');
    const holidays = await db.query<{ day: string }>(
      "select to_char(day, 'YYYY-MM-DD') as day from holidays where region = 'R_156'",
    );
    const list: CurrentUser[] = users.rows.map((u) => ({
      id: u.id,
      username: u.username,
      personName: u.person_name,
      mobile: '',
      userType: 'CORP',
      enableSwitchVersion: false,
      homeUrl: null,
      corpId: u.corp_id,
      corpName: u.corp_name,
      corpType: u.corp_type as CurrentUser['corpType'],
      corpCancelled: false,
      roles: u.roles,
    }));
    return new SeedBuilder(
      models,
      list,
      new Map(corps.rows.map((c) => [c.id, c.name])),
      new Set(holidays.rows.map((h) => h.day)),
      now,
    );
  }

  /** A deterministic pseudo-random integer in [min, max]. */
  int(min: number, max: number): number {
    this.rng = (this.rng * 1103515245 + 12345) % 2147483648;
    return min + (this.rng % (max - min + 1));
  }

  /** A money amount in [min, max] yuan with cents. */
  money(min: number, max: number): string {
    return fromCents(BigInt(this.int(min, max)) * 100n + BigInt(this.int(0, 99)));
  }

  /** Splits an amount into `parts` exact pieces. */
  split(amount: string, parts: number): string[] {
    const total = toCents(amount);
    const out: bigint[] = [];
    let left = total;
    for (let i = 0; i < parts - 1; i++) {
      const piece = (total * BigInt(this.int(20, 45))) / 100n;
      out.push(piece);
      left -= piece;
    }
    out.push(left);
    return out.map(fromCents);
  }

  day(offset: number): string {
    return addDays(this.today, offset);
  }

  /** The first day on or after `day` that is not a holiday. */
  roll(day: string): string {
    let d = day;
    while (this.holidays.has(d)) d = addDays(d, 1);
    return d;
  }

  corpName(id: string): string {
    return this.corpNames.get(id) ?? id;
  }

  /** The first demo user of `corp` holding one of `roles`. */
  user(corp: string, roles: readonly string[]): CurrentUser | null {
    return this.users.find((u) => u.corpId === corp && u.roles.some((r) => roles.includes(r))) ?? null;
  }

  private number(prefix: string, day: string): string {
    const name = prefix + day.replace(/-/g, '');
    const n = (this.sequences.get(name) ?? 0) + 1;
    this.sequences.set(name, n);
    return name + String(n).padStart(6, '0');
  }

  private model(name: string): CompiledModel {
    return this.models.models.get(name)!;
  }

  /** A shortest path of transitions from the initial state to `state`. */
  private path(model: CompiledModel, state: string): TransitionDef[] {
    const start = model.def.initialState;
    const queue: Array<{ state: string; path: TransitionDef[] }> = [{ state: start, path: [] }];
    const seen = new Set([start]);
    while (queue.length) {
      const { state: at, path } = queue.shift()!;
      if (at === state) return path;
      for (const t of model.transitions.values()) {
        if (!t.from.includes(at) || seen.has(t.to)) continue;
        seen.add(t.to);
        queue.push({ state: t.to, path: [...path, t] });
      }
    }
    return [];
  }

  /** Adds a record of `modelName` in `state` (numbered, visible, audited) and returns it for later changes. */
  add(modelName: string, data: Record<string, unknown>, state: string, o: SeedOptions): BizRecord {
    const model = this.model(modelName);
    const created = new Date(this.now.getTime() - o.daysAgo * 86400_000 - 3600_000 * 8);
    const numbering = model.def.numbering;
    if (numbering && !data[numbering.field])
      data[numbering.field] = this.number(numbering.prefix, chinaDay(created));
    const creator = this.user(o.corp, [o.role]);
    const rec: BizRecord = {
      id: randomUUID(),
      version: 1,
      state,
      createdAt: created.toISOString(),
      updatedAt: created.toISOString(),
      createdBy: creator?.id ?? null,
      createdByName: creator?.personName ?? null,
      createdCorpId: o.corp,
      createdCorpName: this.corpName(o.corp),
      data,
    };
    for (const [name, field] of model.fields) {
      const value = data[name];
      if (field.def.nameField && typeof value === 'string' && data[field.def.nameField] === undefined)
        data[field.def.nameField] = this.corpName(value);
    }
    const list = this.records.get(modelName) ?? [];
    list.push(rec);
    this.records.set(modelName, list);
    const step = (i: number): Date => new Date(created.getTime() + i * 3600_000);
    this.audit.push({
      model: modelName,
      recordId: rec.id,
      action: o.createAction ?? 'create',
      from: null,
      to: model.def.initialState === state || o.noPath ? state : model.def.initialState,
      user: creator,
      role: o.role,
      at: step(0),
    });
    if (!o.noPath) {
      let from = model.def.initialState;
      this.path(model, state).forEach((t, i) => {
        const parties = (Array.isArray(t.party) ? t.party : [t.party]).flatMap(
          (f) => data[f] ?? [],
        ) as string[];
        const actor = parties.map((corp) => this.user(String(corp), t.roles)).find((u) => u) ?? null;
        const reason = t.reason === 'required' ? (o.reason ?? '信息有误，请核实') : null;
        if (t.reasonField && reason) data[t.reasonField] = reason;
        this.audit.push({
          model: modelName,
          recordId: rec.id,
          action: t.action,
          from,
          to: t.to,
          reason,
          user: actor,
          role: actor?.roles.find((r) => t.roles.includes(r)) ?? t.roles[0] ?? null,
          signature: t.sign
            ? {
                raType: 'SEED',
                ukeyBank: '',
                ukeyCode: '',
                original: 'seed',
                signature: 'seed',
                pkCa: '',
                ukeyNo: '',
                algorithmType: 'SM2',
                issuerDN: '',
                subjectDN: '',
              }
            : null,
          at: step(i + 1),
        });
        from = t.to;
        rec.updatedAt = step(i + 1).toISOString();
        rec.version = i + 2;
      });
    }
    return rec;
  }

  /**
   * Records state changes an effect makes on another record (a voucher following its cash
   * application): one audit entry per step, an hour apart from `daysAgo`, by the first user of `corp`
   * holding the step's role; the record ends in the last step's state.
   */
  follow(
    modelName: string,
    rec: BizRecord,
    steps: ReadonlyArray<{ action: string; to: string; role: string }>,
    daysAgo: number,
    corp: string,
  ): void {
    const start = this.now.getTime() - daysAgo * 86400_000 - 3600_000 * 8;
    steps.forEach((step, i) => {
      const at = new Date(start + (i + 1) * 3600_000);
      const user = this.user(corp, [step.role]);
      this.audit.push({
        model: modelName,
        recordId: rec.id,
        action: step.action,
        from: rec.state,
        to: step.to,
        user,
        role: step.role,
        at,
      });
      rec.state = step.to;
      rec.version += 1;
      rec.updatedAt = at.toISOString();
    });
  }

  /**
   * Attaches a demo PDF to a record: only its metadata is written; downloads of `seed/` keys serve
   * SEED_PDF (server/files/seedFiles.ts), so seeding writes no files.
   */
  file(modelName: string, rec: BizRecord, category: string, name: string): Omit<FileMeta, 'createdAt'> {
    const id = randomUUID();
    const uploader = this.user(rec.createdCorpId ?? '', [
      'ROLE_CORP_OPERATOR',
      'ROLE_UNIT_OPERATOR',
      'ROLE_CORE_OPERATOR',
    ]);
    const meta = {
      id,
      model: modelName,
      recordId: rec.id,
      category,
      name,
      ext: 'pdf',
      mime: 'application/pdf',
      size: SEED_PDF_SIZE,
      sha256: '',
      storageKey: `${SEED_KEY_PREFIX}${id}`,
      uploaderId: uploader?.id ?? null,
      uploaderName: uploader?.personName ?? null,
      corpId: rec.createdCorpId,
    };
    this.files.push({ ...meta, at: new Date(rec.createdAt) });
    return meta;
  }

  /** Writes every record, audit entry and number sequence (batch inserts). */
  async flush(db: Db): Promise<void> {
    await db.transaction(async (tx) => {
      for (const [name, records] of this.records) {
        await insertRecords(
          tx,
          this.model(name),
          records,
          { userId: null, personName: null, corpId: null, corpName: null },
          this.now,
        );
      }
      for (let i = 0; i < this.audit.length; i += 1000) await writeAudit(tx, this.audit.slice(i, i + 1000));
      for (const { at, ...meta } of this.files) await insertFile(tx, meta, at);
      for (const [name, value] of this.sequences) {
        await tx.query(
          `insert into biz_sequences (name, value) values ($1, $2)
             on conflict (name) do update set value = greatest(biz_sequences.value, excluded.value)`,
          [name, value],
        );
      }
    });
  }
}
