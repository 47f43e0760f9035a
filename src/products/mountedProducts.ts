/**
 * Product folders the server mounted at start (PRODUCT_DIRS, server/products/folder.ts): the server's
 * index.html loads them as a script before this code (server/plugins/portal.ts), and this module, imported
 * first by src/main.tsx, adds their manifests to the contract's product lists before any screen reads
 * them. Their files (pages, variables files, models, dictionaries, fragments) join the bundled schemas
 * tree (src/schemaFiles/), keyed as the bundle keys its own (`/schemas/<file>`).
 */
import { PRODUCT_FOLDERS_GLOBAL, registerProduct, type MountedProductFolders } from '@contract/products';

const mounted: MountedProductFolders = ((globalThis as Record<string, unknown>)[PRODUCT_FOLDERS_GLOBAL] as
  MountedProductFolders | undefined) ?? { manifests: [], files: {} };

for (const manifest of mounted.manifests) registerProduct(manifest);

/**
 * Every file the mounted folders place in the schemas tree by `/schemas/<file>`, sorted into pages,
 * variables files, models, dictionaries and fragments by src/schemaFiles/ as the bundle's own files are.
 */
export const MOUNTED_FILES: Record<string, unknown> = Object.fromEntries(
  Object.entries(mounted.files).map(([file, json]) => [`/schemas/${file}`, json]),
);
