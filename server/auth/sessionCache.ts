import type { CurrentUser } from '../context';
import type { ChangeFeed } from '../db/changes';
import type { Db } from '../db/db';
import { NextRead } from '../db/nextRead';
import { TaggedCache } from '../db/taggedCache';
import type { SessionRow } from './sessions';

/**
 * How long a session (and its user) read from the database is trusted when no change notification drops it
 * first: a safety net only, every instance drops an entry when its rows change (docs/decisions/0006).
 */
export const SESSION_CACHE_TTL_MS = 30_000;

interface Entry {
  session: SessionRow;
  user: CurrentUser | null;
  /** The database's session generation when it was read (shared databases only, else null). */
  generation: string | null;
}

/**
 * Session lookups of this instance, so a busy session-checked GET costs no session query. A logout, role
 * switch, role or enterprise change made anywhere (any instance, or by hand in the database) drops the entry
 * through the session's, user's or enterprise's change notification. On a shared PostgreSQL a notification
 * may arrive after another instance answered the change, so there every use of an entry also reads the
 * database's session generation (migration 061: one row, bumped in the changing transaction) and an entry
 * read at an older one is not used: no instance accepts a session once its logout was answered.
 */
export class SessionCache {
  private readonly cache: TaggedCache<Entry>;
  private readonly shared: boolean;

  constructor(
    feed: ChangeFeed,
    private readonly db: Db,
  ) {
    this.cache = new TaggedCache<Entry>(feed, SESSION_CACHE_TTL_MS);
    this.shared = db.kind === 'postgres';
  }

  /** Capture before reading a session from the database; hand both to `set`. */
  async since(): Promise<{ feed: number; generation: string | null }> {
    return { feed: this.cache.since(), generation: await this.generation() };
  }

  /** `now` is the server clock (for the session's own expiry); the cache's TTL runs on real time. */
  async get(idHash: string, now: number): Promise<Entry | undefined> {
    const e = this.cache.get(idHash);
    if (!e) return undefined;
    if (e.session.expiresAt.getTime() <= now || e.generation !== (await this.generation())) {
      this.cache.drop(idHash);
      return undefined;
    }
    return e;
  }

  set(
    idHash: string,
    session: SessionRow,
    user: CurrentUser | null,
    since: { feed: number; generation: string | null },
  ): void {
    const tags = [`session:${idHash}`];
    if (user) tags.push(`user:${user.id}`, `corp:${user.corpId}`);
    this.cache.set(idHash, { session, user, generation: since.generation }, tags, since.feed);
  }

  drop(idHash: string): void {
    this.cache.drop(idHash);
  }

  /**
   * The session generation, read after this call: concurrent callers share one read (server/db/nextRead.ts),
   * as replay nonces share one insert (server/auth/nonceStore.ts).
   */
  private generation(): Promise<string | null> {
    return this.shared ? this.generations.next() : Promise.resolve(null);
  }

  private readonly generations = new NextRead(async () => {
    const r = await this.db.query<{ n: string }>('select n::text as n from session_generation where id = 1');
    return r.rows[0]?.n ?? '';
  });
}
