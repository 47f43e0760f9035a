import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/**
 * Where file bytes live. Local disk by default; an object store (S3/OSS with presigned URLs, the spec's
 * `useOss`) implements the same three calls. Keys are made by the server, never from user input.
 */
export interface FileStorage {
  /** Whether downloads go straight to the store (`useOss: true`) instead of through this server. */
  readonly useOss: boolean;
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes; a missing key rejects with an error whose `code` is 'ENOENT' (whatever the store). */
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
  /** An object store's own download URL for `key`, signed at `signedAt` and valid for `seconds`. */
  presign?(key: string, o: PresignOptions): Promise<string>;
  /** Rejects when the store cannot be reached (readiness, server/ops.ts); local disk has none. */
  check?(): Promise<void>;
}

export interface PresignOptions {
  seconds: number;
  signedAt: Date;
  contentType: string;
  contentDisposition: string;
}

const KEY_RE = /^[A-Za-z0-9/_-]+$/;

/** Keys are made by the server; this refuses anything else before it reaches a path or an object name. */
export function checkStorageKey(key: string): string {
  if (!KEY_RE.test(key) || key.includes('..')) throw new Error(`Invalid storage key ${key}`);
  return key;
}

/** What FileStorage.get rejects with for a missing key. */
export const missingKey = (key: string): Error =>
  Object.assign(new Error(`No stored file ${key}`), { code: 'ENOENT' });

/** Files under `root` (created on first write). A write goes to a temporary name first, then is renamed. */
export function localDiskStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string): string => join(base, checkStorageKey(key));
  return {
    useOss: false,
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.part`;
      await writeFile(tmp, data);
      await rename(tmp, path);
    },
    get: (key) => readFile(pathOf(key)),
    remove: (key) => rm(pathOf(key), { force: true }),
  };
}

/**
 * The store the environment names: S3-compatible object storage when S3_BUCKET is set (S3_ENDPOINT,
 * S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PREFIX, S3_FORCE_PATH_STYLE), else the local folder.
 * The S3 client is loaded only when used.
 */
export async function storageFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<FileStorage> {
  if (!env.S3_BUCKET) return localDiskStorage(defaultFilesDir(env));
  const { s3Storage } = await import('./s3Storage');
  return s3Storage({
    bucket: env.S3_BUCKET,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    ...(env.S3_REGION ? { region: env.S3_REGION } : {}),
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
      : {}),
    ...(env.S3_PREFIX ? { prefix: env.S3_PREFIX } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE !== 'false' : Boolean(env.S3_ENDPOINT),
  });
}

/** The files directory: FILES_DIR, else DATA_DIR/files, else ./data/files (DATA_DIR's default). */
export function defaultFilesDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FILES_DIR) return resolve(env.FILES_DIR);
  return resolve(env.DATA_DIR ?? 'data', 'files');
}
