import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPglite } from '@server/db/pglite';
import { migrate } from '@server/db/migrate';
import { openEngine } from '@server/engine';
import { seedAll } from '@server/seed';

/** Builds the migrated, seeded demo database once; every test file starts from a copy of it. */
export const FIXTURE = join(process.cwd(), 'test-results', 'server-fixture.tar.gz');

export default async function setup(): Promise<void> {
  const db = await openPglite({});
  await migrate(db);
  await seedAll(await openEngine({ db }));
  const dump = await db.dump();
  mkdirSync(join(process.cwd(), 'test-results'), { recursive: true });
  writeFileSync(FIXTURE, Buffer.from(await dump.arrayBuffer()));
  await db.close();
}
