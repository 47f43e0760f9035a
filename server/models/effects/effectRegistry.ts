import type { CurrentUser } from '../../context';
import type { SmsGateway } from '../../registration/sms';
import type { Queryable } from '../../db/db';
import type { CompiledModel } from '../compileModel';
import type { BizRecord, TransitionDef } from '../types';

/** What an effect may do with records of any model, inside the running transaction. */
export interface RecordAccess {
  /** Loads a record and locks it until the transaction ends. @throws ApiError RECORD_NOT_FOUND */
  lock(model: string, id: string): Promise<BizRecord>;
  /** Records whose fields equal the given values (locked when `forUpdate`). */
  find(
    model: string,
    where: Record<string, unknown>,
    options?: { forUpdate?: boolean },
  ): Promise<BizRecord[]>;
  /** Creates a record (number, enterprise names, visibility, a 'create' audit entry) in `state` or the initial one. */
  insert(
    model: string,
    data: Record<string, unknown>,
    options?: { state?: string; action?: string },
  ): Promise<BizRecord>;
  /** A new record with its id and number but not written yet (to refer to itself, e.g. a root voucher). */
  prepare(model: string, data: Record<string, unknown>, state?: string): Promise<BizRecord>;
  /** Writes a prepared record and its 'create' audit entry. */
  write(model: string, record: BizRecord, action?: string): Promise<void>;
  /** Writes a locked record back (version + 1); with `audit`, records a state change by the user. */
  save(model: string, record: BizRecord, audit?: { action: string; from: string }): Promise<void>;
  /** The first day on or after `day` (YYYY-MM-DD) that is not a R_156 holiday. */
  nextWorkingDay(day: string): Promise<string>;
}

/**
 * The services outside the database that a model's `services` reach, handed to the engine by whoever made
 * it (server/engine.ts: the app's; a seeding run's are silent emulators).
 */
export interface ServiceHost {
  /** Sends a text message (the reference server's emulator keeps it in sms_outbox). */
  readonly smsGateway: SmsGateway;
  /**
   * Writes the download centre's retried jobs again: set by the export routes of the app that owns the
   * file store and the workers' heartbeat (server/lists/exports.ts); absent, no job can be retried.
   */
  exportRunner?: ExportRunner;
}

/** What writes a retried export job again (server/models/exportJobs.ts). */
export interface ExportRunner {
  /** This instance's worker: a job it claims is kept alive by its heartbeat. */
  readonly worker: string;
  /**
   * Has the job written again for its user, after the caller's transaction: recounts the rows, starts from
   * zero and writes the file (a failure ends the job failed). Returns at once: the caller may hold the job's
   * row, which the writing then waits for.
   */
  restart(id: string, user: CurrentUser, role: string): void;
}

/**
 * Everything an effect sees. `record.data` is the record about to be written; effects may change it.
 * A service (phase `committed`, a model's `services`) sees the record as its action committed it, in a
 * transaction of its own: what it writes is saved there, and it cannot choose an outcome.
 */
export interface EffectContext {
  readonly tx: Queryable;
  readonly records: RecordAccess;
  readonly model: CompiledModel;
  readonly record: BizRecord;
  /** The record as it was before this operation (null on create). */
  readonly before: BizRecord | null;
  readonly phase: 'create' | 'update' | 'transition' | 'committed';
  readonly transition: TransitionDef | null;
  readonly user: CurrentUser;
  readonly role: string;
  readonly reason: string;
  readonly now: Date;
  /** Today in China (YYYY-MM-DD). */
  readonly today: string;
  /** Services outside the database (the SMS gateway). */
  readonly host: ServiceHost;
  /** The arguments the model gave this effect. */
  readonly args: Readonly<Record<string, unknown>>;
  /** Ends the transition in `state` (one of its `outcomes`) instead of its `to`. */
  outcome(state: string): void;
}

/** A small piece of business code a model names (split, transfer, limit occupation...). Throws ApiError to refuse. */
export type Effect = (c: EffectContext) => Promise<void>;

/**
 * What an action's service sees (a create's or transition's `service`, ADR 0007 addendum "an action that
 * answers with a result"): the record as its action has just written it, in the action's own transaction
 * (after the guarded write and the audit entry), and the request's members beyond the record's fields
 * and the action's version, reason and signature (`input`, e.g. the roles to assign).
 */
export interface ServiceContext {
  readonly tx: Queryable;
  readonly records: RecordAccess;
  readonly model: CompiledModel;
  /** The record as the action wrote it: its new state and fields (`version` still the one it checked). */
  readonly record: BizRecord;
  /** The record before the action (null on create). */
  readonly before: BizRecord | null;
  /** The transition run (null on create). */
  readonly transition: TransitionDef | null;
  readonly user: CurrentUser;
  readonly role: string;
  readonly now: Date;
  readonly host: ServiceHost;
  /** The request body as sent: the service checks what it reads from it. */
  readonly input: Readonly<Record<string, unknown>>;
}

/**
 * Server code an action names as its `service`: runs last in the action's transaction and answers a JSON
 * result the records API returns with the record (`result`), e.g. a one-time password shown once. Throws
 * ApiError to refuse: the whole action is rolled back.
 */
export type ActionService = (c: ServiceContext) => Promise<Record<string, unknown>>;

/** Named entries of one kind, built once. */
export interface NamedTable<T> {
  has(name: string): boolean;
  /** @throws Error for an unknown name (models are checked at start, so this means a bug). */
  get(name: string): T;
  names(): string[];
}

/** Effects by name, and the action services; built once and handed to the engine (no module-global registration). */
export interface EffectRegistry extends NamedTable<Effect> {
  readonly services: NamedTable<ActionService>;
}

/** @throws Error when two tables define the same name (a duplicate is a mistake, never an override). */
function namedTable<T>(kind: string, tables: readonly Readonly<Record<string, T>>[]): NamedTable<T> {
  const map = new Map<string, T>();
  for (const table of tables) {
    for (const [name, entry] of Object.entries(table)) {
      if (map.has(name)) throw new Error(`Duplicate ${kind} name "${name}"`);
      map.set(name, entry);
    }
  }
  return {
    has: (name) => map.has(name),
    get(name) {
      const entry = map.get(name);
      if (!entry) throw new Error(`Unknown ${kind} "${name}"`);
      return entry;
    },
    names: () => [...map.keys()].sort(),
  };
}

/**
 * Builds a registry from tables of effects, and of action services.
 * @throws Error when two tables define the same name (a duplicate is a mistake, never an override).
 */
export function createEffectRegistry(
  effects: readonly Readonly<Record<string, Effect>>[] = [],
  services: readonly Readonly<Record<string, ActionService>>[] = [],
): EffectRegistry {
  return { ...namedTable('effect', effects), services: namedTable('service', services) };
}
