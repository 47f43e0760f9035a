/**
 * The schemas tree as the portal's bundle holds it: `schemas/` plus the product folders under products/
 * (renderer/core/schema/productFolders.ts places their files; renderer/core/node/schemaTree.ts is the same
 * tree for Node), plus the folders the server mounted (src/products/mountedProducts.ts). Every file is
 * keyed `/schemas/<path>`. Vite needs literal glob patterns, so the globs live in ./routes.ts (what the
 * route table bundles) and ./pages.ts (what the page chunk loads); no other module globs schemas/ or
 * products/ (tests/unit/schemaFiles.test.ts).
 */
import { isPageFile } from '@renderer/core/routes';
import { productFilesInTree, type ProductPlacement } from '@renderer/core/schema/productFolders';

const MANIFESTS = import.meta.glob<ProductPlacement>('/products/*/manifest.json', {
  import: 'default',
  eager: true,
});

/** Product folders' files keyed as files of the schemas tree. */
export const inTree = <T>(files: Record<string, T>): Record<string, T> =>
  productFilesInTree(files, MANIFESTS);

const relative = (key: string): string => key.replace(/^\/schemas\//, '');

/** The page files of a keyed set (not in a `_` folder, not a variables file). */
export const pagesOf = <T>(files: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(files).filter(([key]) => isPageFile(relative(key))));

/** The variants' and templates' variables files of a keyed set (`<folder>/_variant.json`, `_template.json`). */
export const variablesOf = <T>(files: Record<string, T>): Record<string, T> =>
  Object.fromEntries(
    Object.entries(files).filter(([key]) => /^[^/]+\/_(template|variant)\.json$/.test(relative(key))),
  );

/** The files of a keyed set under one `_` folder (`_models/`, `_dicts/`, `_fragments/`, `_routes/`). */
export const underOf = <T>(folder: string, files: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(files).filter(([key]) => relative(key).startsWith(`${folder}/`)));
