/**
 * Products depend on the engine and shared modules, never on each other: a file in a product's folder
 * (server/products/<product>/) imports nothing from another product's folder. Shared arithmetic and
 * documents live in server/finance/ and server/documents/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
const PRODUCTS_DIR = join(ROOT, 'server/products');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mjs|js)$/.test(name) ? [full] : [];
  });
}

/** The relative module specifiers of a source file (static imports, re-exports and dynamic imports). */
export function relativeImports(source: string): string[] {
  const found = source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']*)'/g);
  return [...found].map((m) => m[1]!);
}

/** `<product>: <file> imports <other product's module>` for every import crossing into another product. */
export function crossProductImports(productsDir: string): string[] {
  const products = readdirSync(productsDir).filter((n) => statSync(join(productsDir, n)).isDirectory());
  const out: string[] = [];
  for (const product of products) {
    for (const file of sourceFiles(join(productsDir, product))) {
      for (const spec of relativeImports(readFileSync(file, 'utf8'))) {
        const target = relative(productsDir, resolve(dirname(file), spec)).split(sep);
        const owner = target.length > 1 ? target[0] : undefined;
        if (owner && owner !== product && products.includes(owner)) {
          out.push(`${product}: ${relative(ROOT, file)} imports ${spec}`);
        }
      }
    }
  }
  return out;
}

describe('product folders', () => {
  it('never import another product', () => {
    expect(crossProductImports(PRODUCTS_DIR)).toEqual([]);
  });

  it('the check sees an import of another product', () => {
    const spec = "import { financeInterest } from '../../credit/effects';";
    expect(relativeImports(spec)).toEqual(['../../credit/effects']);
    const file = join(PRODUCTS_DIR, 'factoring-delivery/effects.ts');
    const target = relative(PRODUCTS_DIR, resolve(dirname(file), '../credit/effects')).split(sep);
    expect(target[0]).toBe('credit');
  });
});
