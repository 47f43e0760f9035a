/**
 * One reader of the schemas tree (README, Layout): `schemas/` plus the product folders' pages, models,
 * dictionaries and fragments (renderer/core/schema/productFolders.ts). The portal's bundle reads it
 * through src/schemaFiles/, Node through renderer/core/node (readSchemaDirectory, schemaTreeFiles,
 * copySchemaTree). A file that globs, walks or copies `schemas/` by itself, or opens a page schema by its
 * path, misses the pages that live in product folders: this test names it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaFileOnDisk, schemaTreeFile } from '@renderer/core/node';
import { productFilesInTree, schemaPathOf } from '@renderer/core/schema';

const ROOT = resolve(__dirname, '../..');
const SCANNED = ['src', 'renderer', 'scripts', 'server', 'tests', 'contract'];
/** The readers themselves. */
const READERS = ['src/schemaFiles/', 'renderer/core/node/schemaTree.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.') || name === '__snapshots__') return [];
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mjs|js)$/.test(name) ? [full] : [];
  });
}

/** What reads the schemas tree around its reader. */
const RULES: ReadonlyArray<readonly [string, RegExp]> = [
  [
    'globs schemas/ or products/',
    /import\.meta\.glob\s*(<[^>]*>)?\s*\(\s*\[?\s*['"`]!?\/(schemas|products)\//,
  ],
  ['copies schemas/', /cpSync\(\s*(SCHEMAS\b|'schemas'|join\((\([^()]*\)|[^()])*'schemas')/],
  ['lists a schemas/ folder', /readdirSync\(\s*(join\((\([^()]*\)|[^()])*(SCHEMAS|'schemas')|'schemas\/)/],
  ['reads a file of the tree by its schemas/ path', /readFileSync\(\s*join\(\s*SCHEMAS\w*,/],
  ['opens a page folder by its path', /(join|resolve)\((\([^()]*\)|[^()])*'schemas',\s*'[a-z]/],
  // Models and dictionaries live in product folders too (products/<code>/models, dicts).
  [
    'opens a model, dictionary or fragment folder by its path',
    /(join|resolve)\((\([^()]*\)|[^()])*'schemas',\s*'_(models|dicts|fragments)\b/,
  ],
  ['opens a page schema by its path', /(from\s+'@schemas\/[a-z]|['"`](\.\.\/)+schemas\/[a-z][^'"`]*\.json)/],
  // A model, dictionary or fragment moves into a product folder like a page (schemaTreeJson reads it).
  [
    'imports a model, dictionary or fragment by its path',
    /(from\s+['"](@schemas|(\.\.\/)+schemas)\/_(models|dicts|fragments)\/|['"`](\.\.\/)+schemas\/_(models|dicts|fragments)\/[^'"`]*\.json)/,
  ],
];

/**
 * Static imports the reader cannot stand in for: the shell's help texts are a shared dictionary bundled with
 * the shell (the bundle's reader, src/schemaFiles/, would bring every dictionary and fragment with it).
 */
const ALLOWED: ReadonlyArray<readonly [string, string]> = [
  ['src/shell/ShellLayout.tsx', "import helpTexts from '@schemas/_dicts/helpTexts.json';"],
];

/** `<file>: <rule>` for every line of `source` that reads the tree by itself. */
export function readsAround(file: string, source: string): string[] {
  const code = source
    .split('\n')
    .filter((line) => !/^\s*(\*|\/\*|\/\/)/.test(line))
    .filter((line) => !ALLOWED.some(([f, allowed]) => f === file && line.trim() === allowed))
    .join('\n');
  return RULES.flatMap(([rule, pattern]) => (pattern.test(code) ? [`${file}: ${rule}`] : []));
}

describe('the schemas tree has one reader', () => {
  it('no file globs, lists, copies or opens schemas/ around it', () => {
    const found = SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir)))
      .map((full) => relative(ROOT, full))
      .filter((file) => !READERS.some((r) => file.startsWith(r)) && file !== 'tests/unit/schemaFiles.test.ts')
      .flatMap((file) => readsAround(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('names each way around it (the check can fail)', () => {
    expect(readsAround('a.ts', "import.meta.glob('/schemas/**/*.json')")).toEqual([
      'a.ts: globs schemas/ or products/',
    ]);
    expect(readsAround('a.ts', "import.meta.glob<X>(['/products/*/pages/**'])")).toHaveLength(1);
    expect(
      readsAround('a.ts', "cpSync(join(process.cwd(), 'schemas'), dir, { recursive: true })"),
    ).toHaveLength(1);
    expect(readsAround('a.ts', "readdirSync(join(SCHEMAS, '_models'))")).toHaveLength(1);
    expect(readsAround('a.ts', 'readFileSync(join(SCHEMAS, CASH_QUERY), "utf8")')).toHaveLength(1);
    expect(readsAround('a.ts', "const root = join(process.cwd(), 'schemas', 'assets-pool');")).toHaveLength(
      1,
    );
    expect(readsAround('a.ts', "import page from '@schemas/credit/apply.json';")).toHaveLength(1);
    expect(readsAround('a.ts', "const MODELS = join(process.cwd(), 'schemas', '_models');")).toEqual([
      'a.ts: opens a model, dictionary or fragment folder by its path',
    ]);
    expect(readsAround('a.ts', "new URL('../../schemas/my/limit/query.json', import.meta.url)")).toHaveLength(
      1,
    );
    expect(readsAround('a.ts', "readSchemaDirectory(SCHEMAS); schemaTreeJson('_dicts/x.json')")).toEqual([]);
    expect(readsAround('a.ts', "import dict from '@schemas/_dicts/x.json';")).toEqual([
      'a.ts: imports a model, dictionary or fragment by its path',
    ]);
    expect(readsAround('a.ts', "import m from '../../../schemas/_models/absAsset.json';")).toHaveLength(1);
    expect(
      readsAround('a.ts', "const t = new URL('../../../schemas/_fragments/factoring-user-sign.json', u);"),
    ).toHaveLength(1);
    expect(
      readsAround('a.ts', "resolve(import.meta.dirname, '../../schemas/_models/factoringJointLoan.json')"),
    ).toHaveLength(1);
    expect(
      readsAround('src/shell/ShellLayout.tsx', "import helpTexts from '@schemas/_dicts/helpTexts.json';"),
    ).toEqual([]);
  });
});

describe('a product folder in the tree', () => {
  const credit = { routePrefix: '/credit', pageFolders: { 'limit-pages': '/my/limit' } };

  it('places pages at the route prefix, page folders at theirs, and models, dictionaries, fragments in _ folders', () => {
    expect(schemaPathOf(credit, 'pages/core/index/operator.json')).toBe('credit/core/index/operator.json');
    expect(schemaPathOf(credit, 'limit-pages/query.json')).toBe('my/limit/query.json');
    expect(schemaPathOf(credit, 'models/creditLimit.json')).toBe('_models/creditLimit.json');
    expect(schemaPathOf(credit, 'dicts/creditStatus.json')).toBe('_dicts/creditStatus.json');
    expect(schemaPathOf(credit, 'fragments/a/b.json')).toBe('_fragments/a/b.json');
    expect(schemaPathOf(credit, 'manifest.json')).toBeNull();
    expect(schemaPathOf(credit, 'seed.json')).toBeNull();
  });

  it('keys a glob of product folders as files of the tree', () => {
    expect(
      productFilesInTree(
        {
          '/products/credit/limit-pages/query.json': 1,
          '/products/credit/tests/x.json': 2,
          '/products/nope/pages/a.json': 3,
        },
        { '/products/credit/manifest.json': credit },
      ),
    ).toEqual({ '/schemas/my/limit/query.json': 1 });
  });

  it('finds a file of the tree on disk, and places a new page in the product folder that holds its folder', () => {
    const at = (file: string): string => relative(ROOT, schemaTreeFile(join(ROOT, 'schemas'), file));
    expect(at('my/limit/query.json')).toBe('products/credit/limit-pages/query.json');
    expect(at('credit/core/index/operator.json')).toBe('products/credit/pages/core/index/operator.json');
    expect(at('credit/core/new-page.json')).toBe('products/credit/pages/core/new-page.json');
    expect(at('my/receipt.json')).toBe('schemas/my/receipt.json');
    expect(at('_fragments/new.json')).toBe('schemas/_fragments/new.json');
    expect(at('_models/newModel.json')).toBe('schemas/_models/newModel.json');
    expect(at('_fragments/factoring-loan-actions.json')).toBe(
      'products/factoring-forward/fragments/factoring-loan-actions.json',
    );
  });

  it('names a file of the tree where it is on disk, as the checker messages name it', () => {
    const onDisk = schemaFileOnDisk(join(ROOT, 'schemas'));
    expect(onDisk('credit/core/index/operator.json')).toBe('products/credit/pages/core/index/operator.json');
    expect(onDisk('my/limit/query.json')).toBe('products/credit/limit-pages/query.json');
    expect(onDisk('_fragments/factoring-loan-actions.json')).toBe(
      'products/factoring-forward/fragments/factoring-loan-actions.json',
    );
    expect(onDisk('_routes/handwritten.json')).toBe('schemas/_routes/handwritten.json');
    // A tree outside the checkout (a copy, a PRODUCT_DIRS folder elsewhere): absolute.
    expect(schemaFileOnDisk('/elsewhere/schemas')('_routes/x.json')).toBe(
      '/elsewhere/schemas/_routes/x.json',
    );
  });
});
