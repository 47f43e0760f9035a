/**
 * A read that concurrent callers share, never one that began before they asked: `next()` joins the next
 * read to start, not one already under way (it may have begun before the caller's request arrived, so
 * before a write answered meanwhile). Callers of one event-loop turn share a read, those arriving during it
 * share the following one. Under load one small read serves many requests instead of one each: the session
 * generation (server/auth/sessionCache.ts) and the models' data versions (server/models/listCache.ts).
 */
export class NextRead<T> {
  /** Callers of the next read (not yet started). */
  private waiting: Waiting<T> | null = null;
  private reading = false;

  constructor(private readonly read: () => Promise<T>) {}

  next(): Promise<T> {
    if (!this.waiting) {
      let resolve!: (v: T) => void;
      let reject!: (e: unknown) => void;
      const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
      this.waiting = { promise, resolve, reject };
      if (!this.reading) setImmediate(() => this.start());
    }
    return this.waiting.promise;
  }

  private start(): void {
    const batch = this.waiting;
    if (!batch || this.reading) return;
    this.waiting = null;
    this.reading = true;
    this.read()
      .then(batch.resolve, batch.reject)
      .finally(() => {
        this.reading = false;
        if (this.waiting) this.start();
      });
  }
}

interface Waiting<T> {
  promise: Promise<T>;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
}
