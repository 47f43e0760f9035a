// Makes a migrated database seeded with the demo world in DATA_DIR (PGlite) and exits: the e2e suite's
// template, which every spec file's server starts from a copy of (tests/e2e/globalSetup.ts).
import { register } from 'tsx/esm/api';

register();
const { openDb } = await import('../server/db/db.ts');
const { migrate } = await import('../server/db/migrate.ts');
const { seedAll } = await import('../server/seed/index.ts');
const { openEngine } = await import('../server/engine.ts');

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is unset');
const db = await openDb({ dataDir });
await migrate(db);
await seedAll(await openEngine({ db }));
await db.close();
