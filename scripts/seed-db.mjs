// Makes a migrated database seeded with the demo world in DATA_DIR (PGlite) and exits: the e2e suite's
// template, which every spec file's server starts from a copy of (tests/e2e/globalSetup.ts). With FROM_DUMP
// (a PGlite dump of the same seeded world, e.g. the server suite's fixture made earlier in the same
// `npm test`), the database is loaded from it instead of seeded again through the engine (~20 s of CPU).
import { readFileSync } from 'node:fs';
import { register } from 'tsx/esm/api';

register();
const { openDb } = await import('../server/db/db.ts');
const { migrate } = await import('../server/db/migrate.ts');
const { seedAll } = await import('../server/seed/index.ts');
const { openEngine } = await import('../server/engine.ts');

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is unset');
const dump = process.env.FROM_DUMP;
const db = await openDb({ dataDir, ...(dump ? { loadDataDir: new Blob([readFileSync(dump)]) } : {}) });
await migrate(db);
if (!dump) await seedAll(await openEngine({ db }));
await db.close();
