import type { CurrentUser } from '../context';
import type { SessionRow } from './sessions';

/** How long a session (and its user) read from the database is trusted without asking again. */
export const SESSION_CACHE_TTL_MS = 2000;
const MAX_ENTRIES = 10_000;

interface Entry {
  session: SessionRow;
  user: CurrentUser | null;
  until: number;
}

/**
 * A short-lived per-instance cache of session lookups, so a busy session-checked GET costs no session query.
 * Changes made by this instance (login, logout, role switch) drop the entry at once; changes made by another
 * instance behind the same database are seen within SESSION_CACHE_TTL_MS (docs/decisions/0006).
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  /** `now` is the server clock (for the session's own expiry); the cache's TTL runs on real time. */
  get(idHash: string, now: number): Entry | undefined {
    const e = this.entries.get(idHash);
    if (!e) return undefined;
    if (e.until <= performance.now() || e.session.expiresAt.getTime() <= now) {
      this.entries.delete(idHash);
      return undefined;
    }
    return e;
  }

  set(idHash: string, session: SessionRow, user: CurrentUser | null): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(idHash, { session, user, until: performance.now() + SESSION_CACHE_TTL_MS });
  }

  drop(idHash: string): void {
    this.entries.delete(idHash);
  }
}
