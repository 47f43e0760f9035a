/**
 * A product from its folder alone (README, "Add a product"): `manifest.json`, `models/*.json`,
 * `dicts/*.json`, `pages/**\/*.json` (page files by route, under the manifest's route prefix),
 * `seed.json` (demo records made through the models engine) and, when the manifest names one (`server`),
 * its server plugin (`server/index.ts`: effects, error codes, routes, seed), found as the repository's
 * products' are (products/<code>/server/, scripts/products-generate.ts). Mounting it registers the
 * manifest with the contract (contract/products.ts `registerProduct`) and the plugin with the server's
 * products (./index.ts `registerServerProduct`), writes its models, dictionaries and pages into a schemas
 * folder the server then runs on, and answers its server plugin. `PRODUCT_DIRS` mounts such folders into
 * `npm start` (server/main.ts, {@link mountProductDirs}); the README's worked example is one.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { copySchemaTree, productTreeFiles, recordCopiedFile } from '@renderer/core/node';
import { registerProduct, type MountedProductFolders, type ProductManifest } from '@contract/products';
import type { ModelEngine } from '../models/modelEngine';
import { openProduct } from '../models/productOpenings';
import { EngineSeeder } from '../seed/engineSeeder';
import { registerServerProduct } from './index';
import { portalProductFolders, productDirsFromEnv } from './productDirs';
import type { ServerProduct } from './types';

export { productDirsFromEnv };

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

/**
 * Its demo data: the enterprises of `demo.openedBy` open it, then the seed's records are made. Made once per
 * database: a database where an enterprise has it opened, or a seeded model's table has rows, is left as
 * it is (a server restarted with the same PRODUCT_DIRS).
 */
function folderSeed(folder: ProductFolder) {
  return async (engine: ModelEngine): Promise<void> => {
    const db = engine.db;
    const opened = await db.query(
      `select 1 from corp_products where product = $1 and state <> 'UNOPENED' limit 1`,
      [folder.manifest.code],
    );
    if (opened.rows.length > 0) return;
    const tables = new Set(
      folder.seed.map((r) => (folder.models[`${r.model}.json`] as { table?: string } | undefined)?.table),
    );
    for (const table of tables)
      if (table && (await db.query(`select 1 from ${table} limit 1`)).rows.length > 0) return;
    for (const corp of folder.manifest.demo.openedBy) await openProduct(db, corp, folder.manifest.code);
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
 * The server plugin a folder's manifest names (`server.plugin`, a module path from the folder: a `.ts`
 * file or a folder with an index.ts), loaded; undefined when it names none.
 * @throws Error naming the file when the module is missing or has no such export
 */
export async function loadFolderPlugin(
  dir: string,
  manifest: ProductManifest,
): Promise<ServerProduct | undefined> {
  if (!manifest.server) return undefined;
  const base = join(dir, manifest.server.plugin);
  const file = [`${base}.ts`, join(base, 'index.ts')].find((f) => existsSync(f) && statSync(f).isFile());
  if (!file) throw new Error(`${manifest.code}: server plugin ${base}(.ts|/index.ts) not found`);
  const plugin = ((await import(pathToFileURL(file).href)) as Record<string, unknown>)[
    manifest.server.export
  ];
  if (!plugin) throw new Error(`${manifest.code}: ${file} exports no ${manifest.server.export}`);
  return plugin as ServerProduct;
}

/**
 * Mounts a product folder into `schemasDir` (each file of it at its place in the schemas tree:
 * renderer/core/schema/productFolders.ts), registers its manifest and its server plugin; answers the plugin
 * (its seed: the plugin's, then the folder's seed.json).
 */
export async function mountProductFolder(dir: string, schemasDir: string): Promise<ServerProduct> {
  const folder = readProductFolder(dir);
  for (const [file, full] of productTreeFiles([dir])) {
    mkdirSync(dirname(join(schemasDir, file)), { recursive: true });
    writeFileSync(join(schemasDir, file), readFileSync(full));
    recordCopiedFile(schemasDir, file, full);
  }
  return registerFolder(dir, folder);
}

/**
 * Registers a product folder read in place (the checker with PRODUCT_DIRS: scripts/schemas-check.ts): its
 * manifest with the contract and its server plugin with the server's products, as mounting does.
 */
export async function registerProductFolder(dir: string): Promise<ServerProduct> {
  return registerFolder(dir, readProductFolder(dir));
}

async function registerFolder(dir: string, folder: ProductFolder): Promise<ServerProduct> {
  registerProduct(folder.manifest);
  const plugin = await loadFolderPlugin(dir, folder.manifest);
  const seedRecords = folderSeed(folder);
  const product: ServerProduct = {
    effects: [],
    errors: {},
    ...plugin,
    code: folder.manifest.code,
    seed: async (engine) => {
      await plugin?.seed?.(engine);
      await seedRecords(engine);
    },
  };
  // Its demo data are made once, by whoever mounted it (server/main.ts), not with the repository's seeds.
  registerServerProduct({ ...product, seed: undefined });
  return product;
}

/** Product folders mounted into a copy of a schemas folder: what the server and the portal run on. */
export interface MountedProducts {
  /** The copy of the schemas folder with the folders' models, dictionaries and pages in it. */
  schemasDir: string;
  /** Their server plugins (registered with the server's products; `seed` makes their demo data). */
  products: ServerProduct[];
  /** What the built portal reads of them at start (contract/products.ts `MountedProductFolders`). */
  portal: MountedProductFolders;
  /** Removes the copy. */
  remove(): void;
}

/**
 * Mounts product folders (PRODUCT_DIRS) into a fresh copy of `schemasDir` (with the product folders beside
 * it: renderer/core/node/schemaTree.ts) in the system's temp
 * directory: the server runs on the copy, so the checkout's schemas/ is never written.
 */
export async function mountProductDirs(
  dirs: readonly string[],
  schemasDir: string,
): Promise<MountedProducts> {
  const copy = mkdtempSync(join(tmpdir(), 'scf-product-dirs-'));
  copySchemaTree(schemasDir, copy);
  const products: ServerProduct[] = [];
  for (const dir of dirs) products.push(await mountProductFolder(dir, copy));
  return {
    schemasDir: copy,
    products,
    portal: portalProductFolders(dirs),
    remove: () => rmSync(copy, { recursive: true, force: true }),
  };
}
