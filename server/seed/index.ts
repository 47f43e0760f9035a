import type { Db } from '../db/db';
import { seedCredit } from './credit';
import { seedDemo } from './demo';
import { seedUkeys } from './ukey';

/** A product's demo data, run once after the base demo world (enterprises, users, brands) is in place. */
export type Seeder = (db: Db) => Promise<void>;

/** Product seeders in order (one line per product). */
export const SEEDERS: Seeder[] = [seedUkeys, seedCredit];

/** Seeds the demo world into an empty database; returns false when it was already there. */
export async function seedAll(db: Db): Promise<boolean> {
  if (!(await seedDemo(db))) return false;
  for (const seed of SEEDERS) await seed(db);
  return true;
}
