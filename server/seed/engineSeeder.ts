import { createHash, randomUUID } from 'node:crypto';
import { SIGN_RECORD_KEYS, signScope } from '@contract/ukey';
import { loadUser } from '../auth/currentUser';
import { isCompleteSignRecord } from '../auth/completenessVerifier';
import type { CurrentUser, SignatureVerifier, SignRecord } from '../context';
import type { Db } from '../db/db';
import { ApiError } from '../errors';
import type { FileMeta } from '../files/fileRecords';
import { SEED_KEY_PREFIX, SEED_PDF, SEED_PDF_SIZE } from '../files/seedFiles';
import type { ModelSet } from '../models/loadModels';
import { type ModelEngine, type LinkRun } from '../models/modelEngine';
import { recordJson, type Actor } from '../models/recordJson';
import { loadRecord } from '../models/recordStore';
import { addDays, chinaDay } from '../models/recordWriter';

type Json = Record<string, unknown>;

/** The `raType` of the sign records the seeder makes: audit entries show they were seeded, not signed by a key. */
export const SEED_RA_TYPE = 'SEED';

/** The session hash seeded operations run under (there is no browser session while seeding). */
const SEED_SESSION = 'seed';

/** How far the clock moves after each write, so entries made at one `at(...)` keep their order. */
const STEP_MS = 60_000;

/**
 * The sign record the seeder presents for a signed transition: complete (every key of a UKEY sign
 * record), marked {@link SEED_RA_TYPE}, its original naming the scope (`model/id/action`) it approves
 * and its subject the demo user, so the operation log shows who "signed".
 */
export function seedSignRecord(user: CurrentUser, scope: string): SignRecord {
  const record = Object.fromEntries(SIGN_RECORD_KEYS.map((k) => [k, ''])) as unknown as SignRecord;
  return {
    ...record,
    raType: SEED_RA_TYPE,
    original: scope,
    signature: 'seed',
    algorithmType: 'SM2',
    subjectDN: `CN=${user.personName},O=${user.corpName}`,
  };
}

/**
 * The verifier of seeded signatures (the choice): the server's UKEY verifier
 * (server/ukey/verifier.ts) cannot run while seeding — it wants an original issued to a live browser
 * session and a key bound to the signer's enterprise, and the factor's users hold no demo key — and
 * signing every transition with the demo keys' SM2/RSA halves would slow every start-up for nothing the
 * UKEY tests do not already cover. The bare completeness check (server/auth/completenessVerifier.ts) would
 * accept any made-up record. So the seeder's own engine, and only it, accepts exactly the records
 * {@link seedSignRecord} makes: complete, marked SEED, and approving this record's own action (the scope
 * the real verifier binds the original to). The server's engine keeps its real verifier.
 */
export const seedSignatureVerifier: SignatureVerifier = {
  async verify(_tx, record, _user, _session, scope) {
    if (!isCompleteSignRecord(record)) throw new ApiError('SIGNATURE_REQUIRED');
    if (record.raType !== SEED_RA_TYPE || (scope !== undefined && record.original !== scope))
      throw new ApiError('SIGNATURE_REQUIRED');
    return record;
  },
};

export interface EngineSeederOptions {
  /** The seeding run's engine (server/seed: one for every seed); the seeder runs it on its own clock. */
  engine: ModelEngine;
  /** Where the clock starts (default: now). */
  start?: Date;
  /** Default {@link seedSignatureVerifier}; tests may pass another. */
  signatureVerifier?: SignatureVerifier;
}

/** A demo user acting in one of their roles: the engine's create/update/act as the portal would call them. */
export interface SeedActor {
  readonly user: CurrentUser;
  readonly role: string;
  readonly actor: Actor;
  /** Creates a record (ModelEngine.create); answers it as the wire has it (`id`, `version`, ...). */
  create(model: string, body: Json): Promise<Json>;
  /** Changes a record's fields (ModelEngine.update) at its current version. */
  update(model: string, id: string, body: Json): Promise<Json>;
  /**
   * Runs a transition (ModelEngine.act) at the record's current version; a signed transition gets
   * {@link seedSignRecord} for its scope unless `signature` is given; an action of a one-time public link
   * runs with its `link` (server/publicLinks: the guard that spends the link).
   */
  act(
    model: string,
    id: string,
    action: string,
    options?: { reason?: string; signature?: unknown; link?: LinkRun },
  ): Promise<Json>;
  /**
   * Attaches the demo PDF to a record as the upload route would (ModelEngine.attachFile: the same
   * checks, metadata, single-file fields and audit entry); only metadata is written, downloads of
   * `seed/` keys serve SEED_PDF.
   */
  attach(model: string, id: string, category: string, name: string): Promise<FileMeta>;
}

const SEED_PDF_SHA256 = createHash('sha256').update(SEED_PDF).digest('hex');

/**
 * Builds demo data through the models engine: records are created and moved by the
 * engine's own create/update/act calls, as the demo users (server/seed/demo.ts) in their roles, so a seed
 * can only hold what the engine itself produces (its checks, effects, numbers, visibility, audit trail).
 * The engine runs on the seeder's clock: `at(...)` moves it to a past day, and every write moves it on a
 * minute, so records get believable past dates and stay in order. Each call is one transaction.
 *
 * ```ts
 * const s = await EngineSeeder.open({ engine });
 * s.daysAgo(10);
 * const rec = await s.as('core_operator').create('creditIssue', { ... });
 * s.daysAgo(9);
 * await s.as('core_director').act('creditIssue', String(rec.id), 'approve');
 * ```
 */
export class EngineSeeder {
  readonly engine: ModelEngine;
  private clock: Date;
  /** The version of each record (model/id) as the last write through this seeder answered it. */
  private readonly versions = new Map<string, number>();

  readonly db: Db;
  readonly models: ModelSet;

  private constructor(
    engine: ModelEngine,
    private readonly users: ReadonlyMap<string, CurrentUser>,
    private readonly start: Date,
    signatureVerifier: SignatureVerifier,
  ) {
    this.clock = new Date(start.getTime());
    this.engine = engine.withClock(() => this.clock, signatureVerifier);
    this.db = engine.db;
    this.models = engine.models;
  }

  /** A seeder over the users already in `db` (seedDemo first). */
  static async open(o: EngineSeederOptions): Promise<EngineSeeder> {
    const db = o.engine.db;
    const ids = await db.query<{ id: string }>('select id from users order by id');
    const users = new Map<string, CurrentUser>();
    for (const { id } of ids.rows) {
      const user = await loadUser(db, id);
      if (user) users.set(user.username, user);
    }
    return new EngineSeeder(
      o.engine,
      users,
      o.start ?? new Date(),
      o.signatureVerifier ?? seedSignatureVerifier,
    );
  }

  /** The seeder's clock now (what the engine sees as "now"). */
  get now(): Date {
    return new Date(this.clock.getTime());
  }

  /** Today on the seeder's clock, in China (YYYY-MM-DD). */
  get today(): string {
    return chinaDay(this.clock);
  }

  /**
   * Moves the clock to `when`: a Date, or a day (YYYY-MM-DD) taken as 09:00 China time that day.
   * The clock may go back and forth; records made later keep the times they were made at.
   */
  at(when: Date | string): this {
    this.clock =
      typeof when === 'string' ? new Date(Date.parse(`${when}T09:00:00+08:00`)) : new Date(when.getTime());
    if (Number.isNaN(this.clock.getTime())) throw new Error(`Not a date: ${String(when)}`);
    return this;
  }

  /**
   * Moves the clock to 09:00 China time `days` days before the day the seeder started on; never later
   * than four hours before the start, so the writes that follow stay in the past.
   */
  daysAgo(days: number): this {
    this.at(addDays(chinaDay(this.start), -days));
    const latest = this.start.getTime() - 4 * 3600_000;
    if (this.clock.getTime() > latest) this.clock = new Date(latest);
    return this;
  }

  /** The day `offset` days from the day the seeder started on (China time; negative is the past). */
  day(offset: number): string {
    return addDays(chinaDay(this.start), offset);
  }

  /** Moves the clock on by `minutes`. */
  later(minutes: number): this {
    this.clock = new Date(this.clock.getTime() + minutes * 60_000);
    return this;
  }

  /** The demo user `username` acting in `role` (default: their first role). @throws for an unknown user or role */
  as(username: string, role?: string): SeedActor {
    const user = this.users.get(username);
    if (!user) throw new Error(`No demo user "${username}"`);
    const acting = role ?? user.roles[0];
    if (!acting || !user.roles.includes(acting))
      throw new Error(`${username} does not hold ${role ?? 'a role'}`);
    return this.asUser(user, acting);
  }

  /**
   * Any user (a demo user, or a visitor of a one-time public link: server/publicLinks/plugin.ts
   * linkActor) acting in `role`, with the seeder's clock and versions.
   */
  asUser(user: CurrentUser, acting: string): SeedActor {
    const actor: Actor = { user, role: acting, sessionIdHash: SEED_SESSION };
    const step = <T>(result: T): T => {
      this.clock = new Date(this.clock.getTime() + STEP_MS);
      return result;
    };
    return {
      user,
      role: acting,
      actor,
      create: async (model, body) => step(this.remember(model, await this.engine.create(actor, model, body))),
      update: async (model, id, body) =>
        step(
          await this.atVersion(model, id, (version) =>
            this.engine.update(actor, model, id, { ...body, version }),
          ),
        ),
      act: async (model, id, action, options = {}) => {
        const signed = this.engine.model(model).transitions.get(action)?.sign;
        const signature =
          options.signature ?? (signed ? seedSignRecord(user, signScope(model, id, action)) : undefined);
        return step(
          await this.atVersion(model, id, (version) =>
            this.engine.act(
              actor,
              model,
              id,
              action,
              { version, reason: options.reason, signature },
              options.link,
            ),
          ),
        );
      },
      attach: async (model, id, category, name) => {
        const fileId = randomUUID();
        const meta: FileMeta = {
          id: fileId,
          model,
          recordId: id,
          category,
          name,
          ext: 'pdf',
          mime: 'application/pdf',
          size: SEED_PDF_SIZE,
          sha256: SEED_PDF_SHA256,
          storageKey: `${SEED_KEY_PREFIX}${fileId}`,
          uploaderId: user.id,
          uploaderName: user.personName,
          corpId: user.corpId,
          createdAt: '',
        };
        const { createdAt: _, ...row } = meta;
        this.versions.delete(`${model}/${id}`);
        await this.engine.attachFile(actor, model, row);
        return step(meta);
      },
    };
  }

  /** The first demo user of enterprise `corpId` holding `role`, acting in it. @throws when there is none */
  asRole(corpId: string, role: string): SeedActor {
    for (const user of this.users.values())
      if (user.corpId === corpId && user.roles.includes(role)) return this.as(user.username, role);
    throw new Error(`No demo user of ${corpId} holds ${role}`);
  }

  /** A record as the wire has it, without an actor's view (what the engine holds now). @throws RECORD_NOT_FOUND */
  async read(model: string, id: string): Promise<Json> {
    const m = this.engine.model(model);
    const rec = await loadRecord(this.db, m, id);
    if (!rec) throw new ApiError('RECORD_NOT_FOUND');
    return recordJson(m, rec, null);
  }

  private remember(model: string, rec: Json): Json {
    if (typeof rec.version === 'number') this.versions.set(`${model}/${String(rec.id)}`, rec.version);
    return rec;
  }

  /**
   * Runs a write at the record's version as this seeder last saw it, or as stored when it has not seen it
   * or an effect of another write changed it since (a VERSION_CONFLICT, which wrote nothing, is retried
   * once at the stored version). Saves a read per write.
   */
  private async atVersion(
    model: string,
    id: string,
    write: (version: number) => Promise<Json>,
  ): Promise<Json> {
    const key = `${model}/${id}`;
    const seen = this.versions.get(key);
    try {
      return this.remember(model, await write(seen ?? (await this.storedVersion(model, id))));
    } catch (error) {
      if (seen === undefined || !(error instanceof ApiError) || error.code !== 'VERSION_CONFLICT')
        throw error;
      this.versions.delete(key);
      return this.remember(model, await write(await this.storedVersion(model, id)));
    }
  }

  private async storedVersion(model: string, id: string): Promise<number> {
    const rec = await loadRecord(this.db, this.engine.model(model), id);
    if (!rec) throw new ApiError('RECORD_NOT_FOUND');
    return rec.version;
  }
}
