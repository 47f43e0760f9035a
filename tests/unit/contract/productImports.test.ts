/**
 * Products depend on the engine and shared modules, never on each other: a file in a product's folder
 * (products/<product>/, its server plugin in products/<product>/server/) imports nothing from another
 * product's folder, by a relative path or an alias. Shared arithmetic and documents live in server/finance/,
 * server/factoring/ (the factoring variants' common module) and server/documents/. The shared side does
 * not reach into a product's server code either: only the generated plugin list does
 * (server/products/plugins.generated.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
const PRODUCTS_DIR = join(ROOT, 'products');
/** Where the aliases of tsconfig.json point (relative to the root). */
const ALIASES: ReadonlyArray<readonly [string, string]> = [
  ['@contract/', 'contract/'],
  ['@renderer/', 'renderer/'],
  ['@server/', 'server/'],
  ['@schemas/', 'schemas/'],
  ['@/', 'src/'],
];

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (name === 'node_modules') return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mjs|js)$/.test(name) ? [full] : [];
  });
}

/** The module specifiers of a source file (static imports, re-exports and dynamic imports). */
export function importSpecifiers(source: string): string[] {
  const found = source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g);
  return [...found].map((m) => m[1]!);
}

/** The path (absolute) a specifier of `file` points at, or undefined for a package. */
export function importTarget(file: string, spec: string): string | undefined {
  if (spec.startsWith('.')) return resolve(dirname(file), spec);
  const alias = ALIASES.find(([a]) => spec.startsWith(a));
  return alias ? join(ROOT, alias[1] + spec.slice(alias[0].length)) : undefined;
}

/** The product folder (its code) a path is in, if any. */
function productOf(path: string, productsDir: string): string | undefined {
  const parts = relative(productsDir, path).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
}

/** `<product>: <file> imports <spec>` for every import of a product's file crossing into another product. */
export function crossProductImports(productsDir: string): string[] {
  const products = readdirSync(productsDir).filter((n) => statSync(join(productsDir, n)).isDirectory());
  const out: string[] = [];
  for (const product of products) {
    for (const file of sourceFiles(join(productsDir, product))) {
      for (const spec of importSpecifiers(readFileSync(file, 'utf8'))) {
        const target = importTarget(file, spec);
        const owner = target && productOf(target, productsDir);
        if (owner && owner !== product) out.push(`${product}: ${relative(ROOT, file)} imports ${spec}`);
      }
    }
  }
  return out;
}

/** Shared code importing a product's server code (anything but the generated plugin list). */
function sharedImportsOfProducts(): string[] {
  const allowed = join(ROOT, 'server/products/plugins.generated.ts');
  const out: string[] = [];
  for (const dir of ['server', 'contract', 'renderer', 'src']) {
    for (const file of sourceFiles(join(ROOT, dir))) {
      if (file === allowed) continue;
      for (const spec of importSpecifiers(readFileSync(file, 'utf8'))) {
        const target = importTarget(file, spec);
        if (target && productOf(target, PRODUCTS_DIR) && relative(PRODUCTS_DIR, target).includes('/server'))
          out.push(`${relative(ROOT, file)} imports ${spec}`);
      }
    }
  }
  return out;
}

describe('product folders', () => {
  it('never import another product', () => {
    expect(crossProductImports(PRODUCTS_DIR)).toEqual([]);
  });

  it('hold the server plugins the check reads', () => {
    const plugins = readdirSync(PRODUCTS_DIR).filter((p) => existsSync(join(PRODUCTS_DIR, p, 'server')));
    expect(plugins.length).toBeGreaterThanOrEqual(7);
    expect(plugins.flatMap((p) => sourceFiles(join(PRODUCTS_DIR, p, 'server'))).length).toBeGreaterThan(30);
  });

  it('are not imported by the shared code, but through the generated plugin list', () => {
    expect(sharedImportsOfProducts()).toEqual([]);
  });

  it('the check sees an import of another product, relative or aliased', () => {
    const file = join(PRODUCTS_DIR, 'factoring-delivery/server/effects.ts');
    const specs = importSpecifiers(
      "import { financeInterest } from '../../credit/server/effects';\n" +
        "import type { X } from '@server/../products/abs/server/errors';",
    );
    expect(specs).toEqual(['../../credit/server/effects', '@server/../products/abs/server/errors']);
    expect(specs.map((s) => productOf(importTarget(file, s)!, PRODUCTS_DIR))).toEqual(['credit', 'abs']);
    expect(productOf(importTarget(file, '@server/finance/interest')!, PRODUCTS_DIR)).toBeUndefined();
    expect(productOf(importTarget(file, './errors')!, PRODUCTS_DIR)).toBe('factoring-delivery');
  });
});
