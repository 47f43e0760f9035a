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

/** Effects by name; built once and handed to the engine (no module-global registration). */
export interface EffectRegistry {
  has(name: string): boolean;
  /** @throws Error for an unknown name (models are checked at start, so this means a bug). */
  get(name: string): Effect;
  names(): string[];
}

/**
 * Builds a registry from tables of effects.
 * @throws Error when two tables define the same name (a duplicate is a mistake, never an override).
 */
export function createEffectRegistry(...tables: Readonly<Record<string, Effect>>[]): EffectRegistry {
  const map = new Map<string, Effect>();
  for (const table of tables) {
    for (const [name, effect] of Object.entries(table)) {
      if (map.has(name)) throw new Error(`Duplicate effect name "${name}"`);
      map.set(name, effect);
    }
  }
  return {
    has: (name) => map.has(name),
    get(name) {
      const effect = map.get(name);
      if (!effect) throw new Error(`Unknown effect "${name}"`);
      return effect;
    },
    names: () => [...map.keys()].sort(),
  };
}
