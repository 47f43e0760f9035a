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
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

const KEY_RE = /^[A-Za-z0-9/_-]+$/;

/** Files under `root` (created on first write). A write goes to a temporary name first, then is renamed. */
export function localDiskStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string): string => {
    if (!KEY_RE.test(key) || key.includes('..')) throw new Error(`Invalid storage key ${key}`);
    return join(base, key);
  };
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

/** The files directory: FILES_DIR, else DATA_DIR/files, else ./data/files (DATA_DIR's default). */
export function defaultFilesDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FILES_DIR) return resolve(env.FILES_DIR);
  return resolve(env.DATA_DIR ?? 'data', 'files');
}
