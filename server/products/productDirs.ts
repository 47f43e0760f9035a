/**
 * Product folders outside products/ (PRODUCT_DIRS, README "Add a product") as the portal reads them: one
 * reader for the server's index.html (server/plugins/portal.ts, folders mounted by ./folder.ts) and the
 * dev server's (vite.config.ts `productDirsPortal`: `npm run dev` and the studio). The folders' files are
 * placed by the schemas tree's reader (renderer/core/node/schemaTree.ts), which every Node reader of the
 * tree (server, checker, studio) shares, so a page sits at the same path for each.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { productDirsFromEnv, productTreeFiles } from '@renderer/core/node';
import {
  PRODUCT_FOLDERS_GLOBAL,
  PRODUCT_FOLDERS_SCRIPT,
  type MountedProductFolders,
  type ProductManifest,
} from '@contract/products';

export { productDirsFromEnv, PRODUCT_FOLDERS_SCRIPT };

const json = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/**
 * What the portal reads of product folders: their manifests, and every file they place in the schemas tree
 * (pages, variables files, models, dictionaries, fragments) by its path in the tree.
 */
export function portalProductFolders(dirs: readonly string[]): MountedProductFolders {
  const folders: MountedProductFolders = { manifests: [], files: {} };
  for (const dir of dirs) folders.manifests.push(json(join(dir, 'manifest.json')) as ProductManifest);
  for (const [file, full] of productTreeFiles(dirs)) folders.files[file] = json(full);
  return folders;
}

/** The script that hands them to the portal (src/products/mountedProducts.ts reads the global). */
export function productFoldersScript(folders: MountedProductFolders): string {
  return `globalThis.${PRODUCT_FOLDERS_GLOBAL} = ${JSON.stringify(folders)};\n`;
}

/** index.html loading that script (at `base` + PRODUCT_FOLDERS_SCRIPT) before the portal's module scripts. */
export function withProductFoldersScript(html: string, base: string): string {
  // A classic script runs before the deferred module scripts of the portal.
  return html.replace(
    '<script type="module"',
    `<script src="${base}${PRODUCT_FOLDERS_SCRIPT}"></script><script type="module"`,
  );
}
