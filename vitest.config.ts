import { defineConfig } from 'vitest/config';
import { alias, schemaRouteBlocks } from './vite.config.ts';

/** What every project shares: the path aliases, and src/router/routeTable.ts's `<file>.json?route` imports. */
const shared = { resolve: { alias }, plugins: [schemaRouteBlocks()] };

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker less than the cores: on the 2-core CI machine a single worker left
    // half of it idle for the 13 minutes of these suites.
    maxWorkers: 2,
    projects: [
      {
        ...shared,
        test: {
          name: 'unit',
          include: [
            'tests/unit/**/*.test.{ts,tsx}',
            'renderer/**/__tests__/*.test.{ts,tsx}',
            'src/**/__tests__/*.test.{ts,tsx}',
          ],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // Rendering tests load antd/Formily chunks on first use; on a loaded 2-core machine that takes
          // longer than Vitest's defaults (5 s / 10 s), which then fails whole files for no real reason.
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        ...shared,
        test: {
          name: 'schemas',
          include: ['tests/schemas/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // Rendering tests load antd/Formily chunks on first use; on a loaded 2-core machine that takes
          // longer than Vitest's defaults (5 s / 10 s), which then fails whole files for no real reason.
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        ...shared,
        test: {
          name: 'server',
          // A product's own server tests live in its folder (products/<code>/tests/server/).
          include: ['tests/server/**/*.test.ts', 'products/*/tests/server/*.test.ts'],
          globalSetup: ['tests/server/globalSetup.ts'],
          environment: 'node',
          testTimeout: 60000,
          hookTimeout: 60000,
          pool: 'forks',
        },
      },
    ],
  },
});
