import type { Db } from '../db/db';
import type { EffectRegistry } from '../models/effects';
import { PRODUCTS, productEffects } from '../products';
import { seedAccount } from './account';
import { seedDemo } from './demo';
import { seedUkeys } from './ukey';

/** Demo data run once after the base demo world (enterprises, users, brands) is in place. */
export type Seeder = (db: Db, effects: EffectRegistry) => Promise<void>;

/** Seeders in order: the UKEYs, the account centre's data, then each product's demo data (server/products). */
export const SEEDERS: Seeder[] = [
  seedUkeys,
  seedAccount,
  ...PRODUCTS.flatMap((p) => (p.seed ? [p.seed] : [])),
];

/** Seeds the demo world into an empty database; returns false when it was already there. */
export async function seedAll(db: Db): Promise<boolean> {
  if (!(await seedDemo(db))) return false;
  const effects = productEffects();
  for (const seed of SEEDERS) await seed(db, effects);
  return true;
}
