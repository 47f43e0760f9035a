/**
 * Where a product folder's files sit in the schemas tree (README, Layout: `products/<code>/`). The
 * portal's bundle (src/schemaFiles.ts), the Node reader (renderer/core/node/schemaTree.ts: the server,
 * the checker, the studio, the snapshot suite) and a mounted folder (server/products/folder.ts) all read a
 * product's pages, models, dictionaries and fragments as if they were files under `schemas/`:
 *
 * - `pages/<path>`       → `<route prefix>/<path>`
 * - `<folder>/<path>`    → `<prefix>/<path>` for each `pageFolders` entry `{ "<folder>": "<prefix>" }` of the
 *                          manifest (pages a product owns outside its route prefix, e.g. credit's `/my/limit`)
 * - `models/<name>.json` → `_models/<name>.json`
 * - `dicts/<name>.json`  → `_dicts/<name>.json`
 * - `fragments/<path>`   → `_fragments/<path>`
 *
 * Anything else in the folder (manifest, seed, tests, server plugin) is not part of the tree.
 */

/** What of a manifest (products/manifest.schema.json) places the folder's files. */
export interface ProductPlacement {
  routePrefix: string;
  /** Page folders at other route prefixes: folder (relative to the product folder) → route prefix. */
  pageFolders?: Readonly<Record<string, string>>;
}

const trim = (path: string): string => path.replace(/^\/+|\/+$/g, '');

/** The folders of a product folder that belong to the schemas tree, with the schemas path each sits at. */
export function productFolderMounts(manifest: ProductPlacement): ReadonlyArray<readonly [string, string]> {
  return [
    ['pages', trim(manifest.routePrefix)],
    ...Object.entries(manifest.pageFolders ?? {}).map(
      ([folder, prefix]) => [trim(folder), trim(prefix)] as const,
    ),
    ['models', '_models'],
    ['dicts', '_dicts'],
    ['fragments', '_fragments'],
  ];
}

/**
 * The path under `schemas/` of a product folder's file (`file` relative to the folder, `/`-separated), or
 * null when the file is not part of the schemas tree.
 */
export function schemaPathOf(manifest: ProductPlacement, file: string): string | null {
  for (const [folder, at] of productFolderMounts(manifest))
    if (file.startsWith(`${folder}/`)) return `${at}/${file.slice(folder.length + 1)}`;
  return null;
}

/**
 * Files of product folders keyed as files of the schemas tree. `files` are keyed by
 * `<productsRoot><folder>/<path>` (as Vite's `import.meta.glob('/products/...')` keys them), `manifests`
 * by `<productsRoot><folder>/manifest.json`; the answer is keyed by `<schemasRoot><schemas path>`.
 */
export function productFilesInTree<T>(
  files: Readonly<Record<string, T>>,
  manifests: Readonly<Record<string, ProductPlacement>>,
  productsRoot = '/products/',
  schemasRoot = '/schemas/',
): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [key, value] of Object.entries(files)) {
    if (!key.startsWith(productsRoot)) continue;
    const rest = key.slice(productsRoot.length);
    const slash = rest.indexOf('/');
    if (slash < 0) continue;
    const manifest = manifests[`${productsRoot}${rest.slice(0, slash)}/manifest.json`];
    const path = manifest ? schemaPathOf(manifest, rest.slice(slash + 1)) : null;
    if (path !== null) out[`${schemasRoot}${path}`] = value;
  }
  return out;
}
