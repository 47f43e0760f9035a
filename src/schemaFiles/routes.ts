/**
 * What the route table bundles of the schemas tree (./tree.ts): each page's `route` block alone
 * (`?route`: vite.config.ts serves the block; the page bodies load with their route, ./pages.ts), the
 * hand-written screens' blocks (`_routes/`) and the variants' variables files.
 */
import { MOUNTED_FILES } from '@/products/mountedProducts';
import { inTree, pagesOf, underOf, variablesOf } from './tree';

const routeBlocks = {
  ...import.meta.glob(['/schemas/**/*.json', '!/schemas/_*/**', '!/schemas/*/_{template,variant}.json'], {
    query: '?route',
    import: 'route',
    eager: true,
  }),
  ...pagesOf(
    inTree(
      import.meta.glob(['/products/*/**/*.json', '!/products/*/manifest.json'], {
        query: '?route',
        import: 'route',
        eager: true,
      }),
    ),
  ),
};

const whole = {
  // `?routes`: without the reasons and the description, which only the checker reads (vite.config.ts).
  ...import.meta.glob('/schemas/_routes/*.json', { query: '?routes', import: 'default', eager: true }),
  ...import.meta.glob('/schemas/*/_{template,variant}.json', { import: 'default', eager: true }),
  ...inTree(import.meta.glob(['/products/*/*/_{template,variant}.json'], { import: 'default', eager: true })),
};

/** Every page's route block by `/schemas/<file>`, the mounted folders' included. */
export const PAGE_ROUTES: Record<string, unknown> = {
  ...routeBlocks,
  ...Object.fromEntries(
    Object.entries(pagesOf(MOUNTED_FILES)).map(([key, json]) => [key, (json as { route?: unknown }).route]),
  ),
};
/** The hand-written screens' route blocks (`/schemas/_routes/*.json`), whole. */
export const HANDWRITTEN_ROUTES: Record<string, unknown> = underOf('_routes', whole);
/** The variants' and templates' variables files (renderer/core/schema/templates.ts). */
export const VARIANT_FILES: Record<string, unknown> = {
  ...variablesOf(whole),
  ...variablesOf(MOUNTED_FILES),
};
