import type { ChangeFeed } from './changes';

interface Entry<V> {
  value: V;
  tags: string[];
  until: number;
}

/**
 * A per-instance cache whose entries carry the change tags (`kind:key`, migration 030) of the rows they were
 * read from: a notification for a tag drops every entry carrying it, on every instance. The TTL is only a
 * safety net; the size is bounded (oldest entry out first).
 */
export class TaggedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly byTag = new Map<string, Set<string>>();

  constructor(
    private readonly feed: ChangeFeed,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {
    feed.on((change) => (change ? this.dropTag(`${change.kind}:${change.key}`) : this.clear()));
  }

  /** Capture before reading from the database; hand it to `set` so a value older than a change is not kept. */
  since(): number {
    return this.feed.generation;
  }

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until <= performance.now()) {
      this.drop(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, value: V, tags: string[], since: number): void {
    if (!this.feed.canCache(since)) return;
    this.drop(key);
    if (this.entries.size >= this.maxEntries) this.drop(this.entries.keys().next().value as string);
    this.entries.set(key, { value, tags, until: performance.now() + this.ttlMs });
    for (const t of tags) {
      let keys = this.byTag.get(t);
      if (!keys) this.byTag.set(t, (keys = new Set()));
      keys.add(key);
    }
  }

  drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    for (const t of e.tags) {
      const keys = this.byTag.get(t);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(t);
    }
  }

  dropTag(tag: string): void {
    for (const key of [...(this.byTag.get(tag) ?? [])]) this.drop(key);
  }

  clear(): void {
    this.entries.clear();
    this.byTag.clear();
  }
}
