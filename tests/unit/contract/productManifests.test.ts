/**
 * A product is written once, in its manifest (products/<code>/manifest.json): every list of products is
 * generated from the manifests (scripts/products-generate.ts) or reads them, and no source file holds a
 * hand-written copy of the list.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { PRODUCT_HOMES } from '@contract/homes';
import { PRODUCT_MANIFESTS, PRODUCTS } from '@contract/products';
import { GENERATED_FILES, readManifests, staleFiles } from '../../../scripts/products-generate';

const ROOT = resolve(__dirname, '../../..');
/** Where product lists could be copied by hand (tests may name products freely). */
const SOURCE_DIRS = ['contract', 'server', 'src', 'renderer', 'scripts', 'schemas'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory())
      return name === '__tests__' || name === 'node_modules' ? [] : files(full);
    return /\.(ts|tsx|mjs|json)$/.test(name) ? [full] : [];
  });
}

/**
 * The product codes and titles a text names as quoted literals, when it names at least `min` of either. A
 * file that names several products as data (a seed's limits, one per product) says so with a line
 * `not a product list: <why>`.
 */
export function productListIn(text: string, min = 3): string[] {
  if (/not a product list: \S/.test(text)) return [];
  const named = (values: readonly string[]) =>
    values.filter((v) => new RegExp(`['"\`]${v.replace(/[-]/g, '\\-')}['"\`]`).test(text));
  const codes = named(PRODUCTS.map((p) => p.code));
  const titles = named(PRODUCTS.map((p) => p.name).filter((t) => !/^[A-Z]+$/.test(t)));
  return codes.length >= min ? codes : titles.length >= min ? titles : [];
}

describe('product manifests', () => {
  it('are valid manifests, one per folder, whose homes lie under their route prefix', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'products/manifest.schema.json'), 'utf8')) as object;
    const validate = new Ajv({ allErrors: true }).compile(schema);
    const manifests = readManifests(join(ROOT, 'products'));
    for (const m of manifests) {
      expect(validate(m), `${m.code}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(statSync(join(ROOT, 'products', m.code)).isDirectory()).toBe(true);
      for (const home of m.homes) expect(home.path.startsWith(`${m.routePrefix}/`), home.path).toBe(true);
    }
    expect(new Set(manifests.map((m) => m.menuOrder)).size).toBe(manifests.length);
  });

  it('give the contract its products, names, order and homes', () => {
    expect(PRODUCTS.map((p) => p.code)).toEqual(readManifests(join(ROOT, 'products')).map((m) => m.code));
    const abs = PRODUCT_MANIFESTS.find((m) => m.code === 'abs')!;
    expect(PRODUCT_HOMES.abs?.ROLE_CORE_OPERATOR).toBe(
      abs.homes.find((h) => h.roles.includes('ROLE_CORE_OPERATOR'))?.path,
    );
  });

  it('generate every product list: the generated files are up to date', async () => {
    expect(await staleFiles(ROOT)).toEqual([]);
  });

  it('are the only list of products: no source file holds a hand-written copy', () => {
    const generated = new Set<string>(GENERATED_FILES);
    const copies = SOURCE_DIRS.flatMap((dir) => files(join(ROOT, dir)))
      .map((file) => relative(ROOT, file).split(sep).join('/'))
      .filter((file) => !generated.has(file))
      .map((file) => [file, productListIn(readFileSync(join(ROOT, file), 'utf8'))] as const)
      .filter(([, list]) => list.length > 0)
      .map(([file, list]) => `${file}: ${list.join(', ')}`);
    expect(copies).toEqual([]);
  });

  it('the copy check skips a file that says why its product codes are not a list', () => {
    const seed = "limit('credit'); limit('abs'); limit('factoring-forward');";
    expect(productListIn(seed)).toEqual(['credit', 'abs', 'factoring-forward']);
    expect(productListIn(`// not a product list: one limit per product\n${seed}`)).toEqual([]);
    expect(productListIn(`// not a product list:\n${seed}`)).toHaveLength(3);
  });

  it('the copy check sees a list by code or by title', () => {
    expect(productListIn("const P = ['credit', 'abs', 'factoring-joint'];")).toEqual([
      'credit',
      'abs',
      'factoring-joint',
    ]);
    expect(productListIn('["正向保理", "到货保理", "联合保理"]')).toHaveLength(3);
    expect(productListIn("if (p === 'credit' || p === 'abs') …")).toEqual([]);
  });
});
