import { NextRead } from '../db/nextRead';
import type { Queryable } from '../db/db';

/** How long a list answer is kept at most, changed or not: a bound on memory, not on freshness. */
export const LIST_CACHE_TTL_MS = 30_000;
/**
 * Most records one instance keeps in list answers (an answer weighs its records plus one; the least
 * recently used answers go first): about 15 MB at the portal's record sizes.
 */
export const LIST_CACHE_RECORDS = 10_000;

interface Entry<T> {
  /** The data versions of every table the answer was read from, at (or before) the read. */
  versions: string;
  at: number;
  weight: number;
  value: T;
}

/**
 * List answers of this instance, each kept with the data versions of the tables it was read from
 * (docs/decisions/0016-list-answer-cache.md). Every committed write to a model's records bumps its version in
 * the writing transaction (the side table's trigger, server/models/modelTables.ts), so a version read after
 * a request arrived names the data every write answered before it left: an answer kept at the same versions
 * is still the answer. The versions are read on every use, one read shared by the requests of a moment
 * (server/db/nextRead.ts); only the list's own statements are saved.
 */
export class ListAnswerCache<T extends { list: unknown[] }> {
  private readonly entries = new Map<string, Entry<T>>();
  private weight = 0;
  private readonly reads: NextRead<Map<string, string>>;

  constructor(
    db: Queryable,
    private readonly max = LIST_CACHE_RECORDS,
    private readonly ttlMs = LIST_CACHE_TTL_MS,
  ) {
    this.reads = new NextRead(async () => {
      const r = await db.query<{ name: string; v: string }>('select name, v::text as v from model_versions');
      return new Map(r.rows.map((row) => [row.name, row.v]));
    });
  }

  /**
   * The versions of `tables` now, read after this call, as one string; null when a table has none (its
   * answers are not kept).
   */
  async versionsOf(tables: readonly string[]): Promise<string | null> {
    const all = await this.reads.next();
    const out: string[] = [];
    for (const t of tables) {
      const v = all.get(t);
      if (v === undefined) return null;
      out.push(v);
    }
    return out.join('.');
  }

  /** The answer kept under `key` at exactly `versions`, if any. */
  get(key: string, versions: string): T | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.versions !== versions || Date.now() - e.at > this.ttlMs) {
      this.drop(key);
      return undefined;
    }
    // Most recently used last: the first entry is the one to evict.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  /** Bumped by {@link clear}: an answer read before it is not kept after it. */
  epoch = 0;

  /**
   * Keeps `value` (frozen: every later request shares it) read at `versions`, unless the cache was cleared
   * since `epoch` (the answer may have been read with the models before a reload).
   */
  set(key: string, versions: string, value: T, epoch = this.epoch): void {
    if (epoch !== this.epoch) return;
    this.drop(key);
    const weight = value.list.length + 1;
    this.entries.set(key, { versions, at: Date.now(), weight, value: deepFreeze(value) });
    this.weight += weight;
    while (this.weight > this.max) this.drop(this.entries.keys().next().value as string);
  }

  /** Drops every answer (the models were reloaded: an answer's shape may have changed). */
  clear(): void {
    this.entries.clear();
    this.weight = 0;
    this.epoch += 1;
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.weight -= e.weight;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
