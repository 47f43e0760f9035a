import type { Db } from './db';

/** The channel on which migration 030's triggers announce `kind:key` for every committed write. */
export const CHANGES_CHANNEL = 'scf_changes';

/** What changed: a kind of the triggers ('session', 'user', 'corp', 'messages') and its key; null = anything. */
export type ChangeListener = (change: { kind: string; key: string } | null) => void;

/**
 * Fans the database's change notifications out to this instance's caches. While the listening connection
 * is down nothing may be cached (`live` is false) and every cache hears `null` (drop everything), again
 * when it is back. A value read before an invalidation arrived is not cached after it (`canCache`).
 */
export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  /** Bumped by every change; a reader captures it before its query. */
  generation = 0;
  /** False until listening and while the listening connection is lost. */
  live = false;

  /** Whether a value read from the database when the generation was `since` may be cached now. */
  canCache(since: number): boolean {
    return this.live && since === this.generation;
  }

  on(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A notification payload `kind:key` (the key may itself hold ':'). */
  receive(payload: string): void {
    const at = payload.indexOf(':');
    this.emit(at < 0 ? null : { kind: payload.slice(0, at), key: payload.slice(at + 1) });
  }

  setLive(live: boolean): void {
    this.live = live;
    this.emit(null);
  }

  private emit(change: { kind: string; key: string } | null): void {
    this.generation++;
    for (const l of this.listeners) l(change);
  }
}

/** Subscribes a feed to the database's notifications; resolves to the function that stops listening. */
export async function listenForChanges(db: Db, feed: ChangeFeed): Promise<() => Promise<void>> {
  const unlisten = await db.listen(
    CHANGES_CHANNEL,
    (payload) => feed.receive(payload),
    (live) => feed.setLive(live),
  );
  feed.setLive(true);
  return async () => {
    feed.setLive(false);
    await unlisten();
  };
}
