import { loadPasswordKey } from '../auth/passwordKey';
import type { ModelEngine } from '../models';
import { PRODUCTS } from '../products';
import { seedAccount } from './account';
import { seedDemo } from './demo';
import { seedUkeys } from './ukey';

/**
 * Demo data run once after the base demo world (enterprises, users, brands) is in place, through the
 * seeding run's one engine (server/engine.ts; each seed runs it on its own clock through EngineSeeder).
 */
export type Seeder = (engine: ModelEngine) => Promise<void>;

/** Seeders in order: the UKEYs, the account centre's data, then each product's demo data (server/products). */
export const SEEDERS: Seeder[] = [
  (engine) => seedUkeys(engine.db),
  (engine) => seedAccount(engine.db),
  ...PRODUCTS.flatMap((p) => (p.seed ? [p.seed] : [])),
];

/**
 * Seeds the demo world into an empty database through `engine` (the server's, or one made for the run by
 * openEngine); returns false when it was already there.
 */
export async function seedAll(engine: ModelEngine): Promise<boolean> {
  if (!(await seedDemo(engine.db))) return false;
  for (const seed of SEEDERS) await seed(engine);
  // The login's RSA key pair, which a server otherwise makes on its first start (~0.3 s of CPU): a copy of
  // the seeded database (every e2e and server test file starts from one) then starts without making it.
  await loadPasswordKey(engine.db);
  return true;
}
