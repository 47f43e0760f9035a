import type { Queryable } from '../db/db';

/**
 * The replay store of signed requests (request_nonces), claimed in batches: every checked request needs
 * its nonce written once, and one INSERT per request made the nonce the most expensive part of a session
 * GET (~1,000 req/s). Claims arriving while a batch is being written wait for the next one, so
 * under load one statement claims many nonces. A batch starts one event-loop turn after its first claim
 * (setImmediate): the in-process embedded database (EMBEDDED_DB_THREAD=main) runs each statement synchronously on this thread, so without the
 * turn no other request was ever parsed while a batch was written, and every batch held one nonce
 * (10,466 statements for ≈13,000 requests). The database stays the only judge (several instances share
 * it): a nonce is fresh exactly when this insert added it.
 */
interface Claim {
  nonce: string;
  expiresAt: string;
  resolve: (fresh: boolean) => void;
  reject: (error: unknown) => void;
}

class NonceStore {
  private queue: Claim[] = [];
  private writing = false;
  private scheduled = false;
  /** Told each batch's size (the nonce batch histogram of server/ops.ts). */
  observe: ((size: number) => void) | undefined;

  constructor(private readonly db: Queryable) {}

  /** True when the nonce had not been seen (and is now recorded until `expiresAt`). */
  claim(nonce: string, expiresAt: Date): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ nonce, expiresAt: expiresAt.toISOString(), resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.writing || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    const batch = this.queue;
    this.queue = [];
    this.writing = true;
    // Within one batch the first claim of a nonce wins; the database judges it against earlier batches.
    const first = new Map<string, Claim>();
    for (const claim of batch) if (!first.has(claim.nonce)) first.set(claim.nonce, claim);
    const claims = [...first.values()];
    this.observe?.(claims.length);
    this.db
      .query<{ nonce: string }>(
        `insert into request_nonces (nonce, expires_at)
           select * from unnest($1::text[], $2::timestamptz[])
           on conflict (nonce) do nothing returning nonce`,
        [claims.map((c) => c.nonce), claims.map((c) => c.expiresAt)],
      )
      .then(
        (res) => {
          const fresh = new Set(res.rows.map((r) => r.nonce));
          for (const claim of batch)
            claim.resolve(first.get(claim.nonce) === claim && fresh.has(claim.nonce));
        },
        (error: unknown) => {
          for (const claim of batch) claim.reject(error);
        },
      )
      .finally(() => {
        this.writing = false;
        if (this.queue.length) this.schedule();
      });
  }
}

const stores = new WeakMap<Queryable, NonceStore>();

function storeOf(db: Queryable): NonceStore {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new NonceStore(db)));
  return store;
}

/** Claims a request nonce in the database `db` (one batching store per database handle). */
export function claimNonce(db: Queryable, nonce: string, expiresAt: Date): Promise<boolean> {
  return storeOf(db).claim(nonce, expiresAt);
}

/** Calls `observe` with the size of every batch written to `db` (metrics). */
export function observeNonceBatches(db: Queryable, observe: (size: number) => void): void {
  storeOf(db).observe = observe;
}
