import type { CurrentUser } from '../context';
import type { ChangeFeed } from '../db/changes';
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
}

/**
 * Session lookups of this instance, so a busy session-checked GET costs no query. A logout, role switch,
 * role or enterprise change made anywhere (any instance, or by hand in the database) drops the entry through
 * the session's, user's or enterprise's change notification.
 */
export class SessionCache {
  private readonly cache: TaggedCache<Entry>;

  constructor(feed: ChangeFeed) {
    this.cache = new TaggedCache<Entry>(feed, SESSION_CACHE_TTL_MS);
  }

  since(): number {
    return this.cache.since();
  }

  /** `now` is the server clock (for the session's own expiry); the cache's TTL runs on real time. */
  get(idHash: string, now: number): Entry | undefined {
    const e = this.cache.get(idHash);
    if (e && e.session.expiresAt.getTime() <= now) {
      this.cache.drop(idHash);
      return undefined;
    }
    return e;
  }

  set(idHash: string, session: SessionRow, user: CurrentUser | null, since: number): void {
    const tags = [`session:${idHash}`];
    if (user) tags.push(`user:${user.id}`, `corp:${user.corpId}`);
    this.cache.set(idHash, { session, user }, tags, since);
  }

  drop(idHash: string): void {
    this.cache.drop(idHash);
  }
}
