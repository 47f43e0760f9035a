/**
 * The schemas tree on disk (Node only): a `schemas/` folder plus the product folders beside it
 * (`products/<code>/`, placed by renderer/core/schema/productFolders.ts). Every Node reader of page
 * schemas, models, dictionaries and fragments lists them here; the portal's bundle reads the same tree
 * through src/schemaFiles.ts.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { productFolderMounts, type ProductPlacement } from '@renderer/core/schema/productFolders';

/**
 * PRODUCT_DIRS: comma-separated product folders outside products/ (README, "Add a product"), absolute or
 * relative to `base`; empty when unset.
 */
export function productDirsFromEnv(value: string | undefined, base: string = process.cwd()): string[] {
  return (value ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => resolve(base, d));
}

/**
 * The product folders read with a schemas folder: its own ({@link productDirsBeside}), then the PRODUCT_DIRS
 * ones, so the server, the checker, the studio and the dev server see the same folders.
 */
export function productDirsOf(schemasRoot: string): string[] {
  const beside = productDirsBeside(schemasRoot);
  const mounted = productDirsFromEnv(process.env.PRODUCT_DIRS).filter((dir) => !beside.includes(dir));
  return [...beside, ...mounted];
}

/**
 * The product folders beside a schemas folder: `products/*` (each with a manifest.json) when it is a
 * checkout's `schemas/` (a copy elsewhere has none).
 */
export function productDirsBeside(schemasRoot: string): string[] {
  const products = join(resolve(schemasRoot), '..', 'products');
  if (!existsSync(join(products, 'manifest.schema.json'))) return [];
  return readdirSync(products)
    .sort()
    .map((name) => join(products, name))
    .filter((dir) => existsSync(join(dir, 'manifest.json')));
}

function walk(dir: string, out: string[]): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith('.')) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (name.endsWith('.json')) out.push(full);
  }
}

/** Depth-first order of a folder walk, names sorted in each folder. */
function byFolder(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++)
    if (x[i] !== y[i]) return (x[i] as string) < (y[i] as string) ? -1 : 1;
  return x.length - y.length;
}

const posix = (path: string): string => path.split(sep).join('/');

/** The schemas-tree files of product folders: path relative to `schemas/` → file on disk. */
export function productTreeFiles(productDirs: readonly string[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const dir of productDirs) {
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as ProductPlacement;
    for (const [folder, at] of productFolderMounts(manifest)) {
      const inFolder: string[] = [];
      walk(join(dir, folder), inFolder);
      for (const full of inFolder) files.set(`${at}/${posix(relative(join(dir, folder), full))}`, full);
    }
  }
  return files;
}

/**
 * Every JSON file of the tree: path relative to `schemas/` (`my/limit/query.json`) → file on disk, sorted
 * by path. A product file takes the place of a `schemas/` file of the same path.
 */
export function schemaTreeFiles(
  schemasRoot: string,
  productDirs: readonly string[] = productDirsOf(schemasRoot),
): Map<string, string> {
  const files = new Map<string, string>();
  const found: string[] = [];
  walk(schemasRoot, found);
  for (const full of found) files.set(posix(relative(schemasRoot, full)), full);
  for (const [file, full] of productTreeFiles(productDirs)) files.set(file, full);
  return new Map([...files].sort(([a], [b]) => byFolder(a, b)));
}

/**
 * The file on disk of a path of the tree: an existing file's, or where a new one goes (in the product
 * folder whose existing page folder holds that path, else under `schemas/`: a new model, dictionary or
 * fragment is shared until it is moved into a product folder, since several products hold such folders).
 */
export function schemaTreeFile(schemasRoot: string, file: string): string {
  const dirs = productDirsOf(schemasRoot);
  const existing = productTreeFiles(dirs).get(file);
  if (existing) return existing;
  if (existsSync(join(schemasRoot, file))) return join(schemasRoot, file);
  let best: { at: string; full: string } | undefined;
  for (const dir of dirs) {
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as ProductPlacement;
    for (const [folder, at] of productFolderMounts(manifest))
      if (
        !at.startsWith('_') &&
        file.startsWith(`${at}/`) &&
        existsSync(join(dir, folder)) &&
        at.length > (best?.at.length ?? -1)
      )
        best = { at, full: join(dir, folder, file.slice(at.length + 1)) };
  }
  return best?.full ?? join(schemasRoot, file);
}

/** This checkout's `schemas/` folder (with its product folders beside it). */
export const CHECKOUT_SCHEMAS = resolve(import.meta.dirname, '../../../schemas');

/** This checkout's root folder: what a file on disk is named relative to ({@link schemaFileOnDisk}). */
const CHECKOUT_ROOT = resolve(CHECKOUT_SCHEMAS, '..');

/**
 * Names files of the tree read from `schemasRoot` where an analyst opens them: the file on disk relative to
 * this checkout's root (`products/factoring-forward/pages/…`, `schemas/_routes/…`), or absolute when it is
 * outside (a PRODUCT_DIRS folder elsewhere, a copy of the tree). A file of a copy made by
 * {@link copySchemaTree} or written by a mounted folder ({@link recordCopiedFile}) is named by the file it
 * was copied from while it is unchanged: a server running on a copy (PRODUCT_DIRS) names
 * `products/credit/models/…`. What the checker's and the server's start-up messages name
 * (renderer/core/checker `formatIssue`, server/models/loadModels.ts `ModelLoadError`).
 */
export function schemaFileOnDisk(schemasRoot: string): (file: string) => string {
  const root = resolve(schemasRoot);
  const tree = schemaTreeFiles(root);
  const copied = COPIED_FROM.get(root);
  return (file) => {
    const here = tree.get(file) ?? join(root, file);
    const from = copied?.get(file);
    // A copied file is named by its original while it is unchanged (an edited copy is its own file).
    const full = from && sameContent(from, here) ? from : here;
    const inCheckout = relative(CHECKOUT_ROOT, full);
    return inCheckout.startsWith('..') || isAbsolute(inCheckout) ? posix(full) : posix(inCheckout);
  };
}

/**
 * A JSON file of the tree by its path in the tree (`_dicts/productType.json`), parsed: how code reads one
 * model, dictionary or fragment, wherever it sits (schemas/ or a product folder), instead of importing it
 * by its path on disk (tests/unit/schemaFiles.test.ts names such an import).
 */
export function schemaTreeJson<T = unknown>(file: string, schemasRoot: string = CHECKOUT_SCHEMAS): T {
  return JSON.parse(readFileSync(schemaTreeFile(schemasRoot, file), 'utf8')) as T;
}

const sameContent = (a: string, b: string): boolean =>
  existsSync(a) && existsSync(b) && readFileSync(a).equals(readFileSync(b));

/**
 * The files of copies of the tree made in this process (a copy's root → path in the tree → the file on disk
 * it was copied from), so that a copy names its files where an analyst opens them ({@link schemaFileOnDisk}).
 */
const COPIED_FROM = new Map<string, Map<string, string>>();

/** Records that `file` of the tree at `copyRoot` was copied from `full` (a mounted product folder's file). */
export function recordCopiedFile(copyRoot: string, file: string, full: string): void {
  const root = resolve(copyRoot);
  const files = COPIED_FROM.get(root) ?? new Map<string, string>();
  files.set(file, resolve(full));
  COPIED_FROM.set(root, files);
}

/** Writes the whole tree into `dest` as one plain schemas folder (a server's or a test's own copy). */
export function copySchemaTree(schemasRoot: string, dest: string): void {
  cpSync(schemasRoot, dest, { recursive: true });
  for (const [file, full] of productTreeFiles(productDirsOf(schemasRoot))) {
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    cpSync(full, join(dest, file));
  }
  const onDisk = COPIED_FROM.get(resolve(schemasRoot));
  const files = new Map<string, string>();
  for (const [file, full] of schemaTreeFiles(schemasRoot)) files.set(file, onDisk?.get(file) ?? full);
  COPIED_FROM.set(resolve(dest), files);
}
