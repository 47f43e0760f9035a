/**
 * What the page chunk reads of the schemas tree (./tree.ts): page bodies (loaded with their route),
 * fragments and dictionaries (small, shared: eager), models (loaded with the page that names one), and
 * the variants' variables files (bundled with the route table, ./routes.ts); the folders the server
 * mounted included.
 */
import type { ModelDefinition } from '@renderer/core/model';
import { MOUNTED_FILES } from '@/products/mountedProducts';
import { inTree, pagesOf, underOf } from './tree';

const mounted = <T>(files: Record<string, unknown>): Record<string, () => Promise<T>> =>
  Object.fromEntries(Object.entries(files).map(([key, json]) => [key, () => Promise.resolve(json as T)]));

const lazy = {
  ...import.meta.glob(
    [
      '/schemas/**/*.json',
      '!/schemas/_{dicts,fragments,routes,meta}/**',
      '!/schemas/*/_{template,variant}.json',
    ],
    {
      import: 'default',
    },
  ),
  ...inTree(
    import.meta.glob(
      [
        '/products/*/**/*.json',
        '!/products/*/manifest.json',
        '!/products/*/{dicts,fragments}/**',
        '!/products/*/*/_{template,variant}.json',
      ],
      {
        import: 'default',
      },
    ),
  ),
};

const eager = {
  ...import.meta.glob(['/schemas/_fragments/**/*.json', '/schemas/_dicts/*.json'], {
    eager: true,
    import: 'default',
  }),
  ...inTree(
    import.meta.glob('/products/*/{dicts,fragments}/**/*.json', {
      eager: true,
      import: 'default',
    }),
  ),
};

/** Page bodies by `/schemas/<file>`, loaded on demand. */
export const PAGES: Record<string, () => Promise<unknown>> = {
  ...pagesOf(lazy),
  ...mounted(pagesOf(MOUNTED_FILES)),
};
/** Fragments and dictionaries by `/schemas/<file>` (the loader's module source). */
export const SHARED: Record<string, unknown> = {
  ...underOf('_fragments', eager),
  ...underOf('_dicts', eager),
  ...underOf('_fragments', MOUNTED_FILES),
  ...underOf('_dicts', MOUNTED_FILES),
};
/** Models by `/schemas/_models/<name>.json`, loaded on demand. */
export const MODELS: Record<string, () => Promise<ModelDefinition>> = {
  ...(underOf('_models', lazy) as Record<string, () => Promise<ModelDefinition>>),
  ...mounted<ModelDefinition>(underOf('_models', MOUNTED_FILES)),
};
export { VARIANT_FILES } from './routes';
