/**
 * A product from its folder alone (README, "Add a product"): `manifest.json`, `models/*.json`,
 * `dicts/*.json`, `pages/**\/*.json` (page files by route, under the manifest's route prefix) and
 * `seed.json` (demo records made through the models engine). Mounting it registers the manifest with the
 * contract (contract/products.ts `registerProduct`), writes its models, dictionaries and pages into a
 * schemas folder the server then runs on, and answers its server plugin (the seed). The sample product of
 * tests/fixtures/sample-product/ is one; products of this repository keep their pieces in the shared
 * folders until they move (README, Layout).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { registerProduct, type ProductManifest } from '@contract/products';
import type { ModelEngine } from '../models/modelEngine';
import { EngineSeeder } from '../seed/engineSeeder';
import type { ServerProduct } from './types';

/** A demo record of a folder's seed: created by a demo user, then moved by the transitions of `then`. */
export interface SeedRecord {
  model: string;
  /** The demo user (server/seed/demo.ts) who creates it. */
  as: string;
  data: Record<string, unknown>;
  then?: ReadonlyArray<{ as: string; action: string; reason?: string }>;
}

/** What a product folder holds. */
export interface ProductFolder {
  manifest: ProductManifest;
  /** JSON by path relative to `models/`, `dicts/`, `pages/`. */
  models: Record<string, unknown>;
  dicts: Record<string, unknown>;
  pages: Record<string, unknown>;
  seed: readonly SeedRecord[];
}

function jsonFiles(dir: string): Record<string, unknown> {
  if (!existsSync(dir)) return {};
  const out: Record<string, unknown> = {};
  const walk = (at: string): void => {
    for (const name of readdirSync(at).sort()) {
      const full = join(at, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.json'))
        out[relative(dir, full).split(sep).join('/')] = JSON.parse(readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

/** Reads a product folder. */
export function readProductFolder(dir: string): ProductFolder {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as ProductManifest;
  const seedFile = join(dir, 'seed.json');
  const seed = existsSync(seedFile)
    ? (JSON.parse(readFileSync(seedFile, 'utf8')) as { records: SeedRecord[] }).records
    : [];
  return {
    manifest,
    models: jsonFiles(join(dir, 'models')),
    dicts: jsonFiles(join(dir, 'dicts')),
    pages: jsonFiles(join(dir, 'pages')),
    seed,
  };
}

/** Its demo data: the enterprises of `demo.openedBy` open it, then the seed's records are made. */
function folderSeed(folder: ProductFolder) {
  return async (engine: ModelEngine): Promise<void> => {
    const db = engine.db;
    for (const corp of folder.manifest.demo.openedBy)
      await db.query('insert into corp_products (corp_id, product) values ($1, $2) on conflict do nothing', [
        corp,
        folder.manifest.code,
      ]);
    if (folder.seed.length === 0) return;
    const s = await EngineSeeder.open({ engine });
    for (const record of folder.seed) {
      const created = await s.as(record.as).create(record.model, record.data as never);
      for (const step of record.then ?? [])
        await s
          .as(step.as)
          .act(record.model, String(created.id), step.action, step.reason ? { reason: step.reason } : {});
    }
  };
}

/**
 * Mounts a product folder into `schemasDir` (models into `_models/`, dictionaries into `_dicts/`, pages
 * under the route prefix) and registers its manifest; answers its server plugin.
 */
export function mountProductFolder(dir: string, schemasDir: string): ServerProduct {
  const folder = readProductFolder(dir);
  const prefix = folder.manifest.routePrefix.replace(/^\/+/, '');
  const write = (file: string, json: unknown): void => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  };
  for (const [file, json] of Object.entries(folder.models)) write(join(schemasDir, '_models', file), json);
  for (const [file, json] of Object.entries(folder.dicts)) write(join(schemasDir, '_dicts', file), json);
  for (const [file, json] of Object.entries(folder.pages)) write(join(schemasDir, prefix, file), json);
  registerProduct(folder.manifest);
  return { code: folder.manifest.code, effects: [], errors: {}, seed: folderSeed(folder) };
}
