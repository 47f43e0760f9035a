import { cpus } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { alias, schemaRouteBlocks } from './vite.config.ts';

/** What every project shares: the path aliases, and src/router/routeTable.ts's `<file>.json?route` imports. */
const shared = { resolve: { alias }, plugins: [schemaRouteBlocks()] };

const unitFiles = [
  'tests/unit/**/*.test.{ts,tsx}',
  'renderer/**/__tests__/*.test.{ts,tsx}',
  'src/**/__tests__/*.test.{ts,tsx}',
];

/**
 * Files that test what a library keeps for the whole process: Formily's compiler before the renderer
 * registers its own (renderer/react/formily/setUpFormily.ts). The `unit` files share their worker, so they
 * run in a worker of their own.
 */
const ownWorker = ['renderer/core/expression/__tests__/formilyCompiler.test.ts'];

/** The jsdom projects (unit and schemas). */
const jsdomProject = {
  environment: 'jsdom' as const,
  setupFiles: ['tests/unit/setup.ts'],
  // A worker runs file after file without loading a new one for each (the environment, antd, Formily and
  // React stay loaded: import and environment were most of these projects' CPU); tests/unit/setup.ts resets
  // the project's own modules and what a file leaves in the document before each file.
  isolate: false,
  // Rendering tests load antd/Formily chunks on first use; on a loaded 2-core machine that takes
  // longer than Vitest's defaults (5 s / 10 s), which then fails whole files for no real reason.
  testTimeout: 30000,
  hookTimeout: 60000,
};

export default defineConfig({
  resolve: { alias },
  test: {
    // One worker per core. Vitest's default is one less: on the 2-core CI machine a single worker left half
    // of it idle for the 13 minutes of these suites.
    maxWorkers: cpus().length,
    projects: [
      {
        ...shared,
        test: {
          name: 'unit',
          include: unitFiles,
          exclude: [...configDefaults.exclude, ...ownWorker],
          ...jsdomProject,
        },
      },
      {
        ...shared,
        test: {
          name: 'unit-isolated',
          include: ownWorker,
          ...jsdomProject,
          isolate: true,
        },
      },
      {
        ...shared,
        test: {
          name: 'schemas',
          include: ['tests/schemas/**/*.test.{ts,tsx}'],
          ...jsdomProject,
        },
      },
      {
        ...shared,
        test: {
          name: 'server',
          // A product's own server tests live in its folder (products/<code>/tests/server/).
          include: ['tests/server/**/*.test.ts', 'products/*/tests/server/*.test.ts'],
          globalSetup: ['tests/server/globalSetup.ts'],
          setupFiles: ['tests/server/setup.ts'],
          environment: 'node',
          // A forked worker runs file after file without loading Node's modules and node_modules again for
          // each (that import was most of a small file's time); tests/server/setup.ts resets the project's
          // modules and the environment before each file.
          isolate: false,
          testTimeout: 60000,
          hookTimeout: 60000,
          pool: 'forks',
        },
      },
    ],
  },
});
