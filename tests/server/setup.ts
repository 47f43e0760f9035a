import { vi } from 'vitest';

// The server project runs its files one after another in the same forked worker (`isolate: false` in
// vitest.config.ts), so Node's own modules and node_modules (Fastify, PGlite, ajv, ExcelJS ...) load once per
// worker instead of once per file. What a file could leave behind for the next one is reset here, before the
// file's own imports:
// - every module of the project the runner evaluated (the server's module-level state: caches, registries,
//   rate limits; and the mocks a file declares: `vi.mock` applies to what the file imports afresh);
// - the environment: variables a file set or removed (FILES_DIR, PRODUCT_DIRS, S3_*) are as the worker began;
// - fake timers a file left installed.
vi.resetModules();
vi.useRealTimers();

const g = globalThis as typeof globalThis & { __serverWorkerEnv?: Record<string, string | undefined> };
g.__serverWorkerEnv ??= { ...process.env };
for (const key of Object.keys(process.env)) if (!(key in g.__serverWorkerEnv)) delete process.env[key];
Object.assign(process.env, g.__serverWorkerEnv);
