/**
 * Product folders the server mounted at start (PRODUCT_DIRS, server/products/folder.ts): the server's
 * index.html loads them as a script before this code (server/plugins/portal.ts), and this module, imported
 * first by src/main.tsx, adds their manifests to the contract's product lists before any screen reads
 * them. Their pages, models and dictionaries join the bundled schemas tree (src/schemaFiles/), keyed as
 * the bundle keys its own (`/schemas/<file>`).
 */
import { PRODUCT_FOLDERS_GLOBAL, registerProduct, type MountedProductFolders } from '@contract/products';

const mounted: MountedProductFolders = ((globalThis as Record<string, unknown>)[PRODUCT_FOLDERS_GLOBAL] as
  MountedProductFolders | undefined) ?? { manifests: [], pages: {}, models: {}, dicts: {} };

for (const manifest of mounted.manifests) registerProduct(manifest);

const keyed = (dir: string, files: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(files).map(([file, json]) => [`/schemas/${dir}${file}`, json]));

/** The mounted pages by `/schemas/<file>`. */
export const MOUNTED_PAGES = keyed('', mounted.pages);
/** The mounted models by `/schemas/_models/<name>.json`. */
export const MOUNTED_MODELS = keyed('_models/', mounted.models);
/** The mounted dictionaries by `/schemas/_dicts/<name>.json`. */
export const MOUNTED_DICTS = keyed('_dicts/', mounted.dicts);
