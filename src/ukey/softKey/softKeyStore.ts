import type { UkeyAlgorithm } from '@contract/ukey';

/**
 * A soft key as the browser keeps it: the certificate the server issued and the private key. An RSA
 * private key is a non-extractable WebCrypto CryptoKey (IndexedDB stores it without its bytes ever being
 * readable by script); an SM2 private key is sm-crypto's hex scalar, as WebCrypto has no SM2.
 */
export interface SoftKeyRecord {
  /** The user the key belongs to (one soft key per user and browser). */
  owner: string;
  algorithm: UkeyAlgorithm;
  ukeyNo: string;
  printNumber: string;
  bank: string;
  raType: string;
  certificate: string;
  certSerial: string;
  issuerDN: string;
  subjectDN: string;
  createdAt: string;
  rsaPrivateKey?: CryptoKey;
  sm2PrivateKey?: string;
  sm2PublicKey?: string;
}

export interface SoftKeyStore {
  get(owner: string): Promise<SoftKeyRecord | undefined>;
  put(record: SoftKeyRecord): Promise<void>;
  remove(owner: string): Promise<void>;
}

const DB_NAME = 'scf-ukey';
const STORE = 'soft-keys';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'owner' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
  });
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = action(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result as T);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

/** The browser's store: IndexedDB database `scf-ukey`, object store `soft-keys`. */
export const indexedDbSoftKeyStore: SoftKeyStore = {
  get: (owner) => run<SoftKeyRecord | undefined>('readonly', (s) => s.get(owner)),
  put: async (record) => {
    await run('readwrite', (s) => s.put(record));
  },
  remove: async (owner) => {
    await run('readwrite', (s) => s.delete(owner));
  },
};

/** A store in memory (tests, or a browser without IndexedDB). */
export function memorySoftKeyStore(): SoftKeyStore {
  const map = new Map<string, SoftKeyRecord>();
  return {
    get: async (owner) => map.get(owner),
    put: async (record) => void map.set(record.owner, record),
    remove: async (owner) => void map.delete(owner),
  };
}
