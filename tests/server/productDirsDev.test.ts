/**
 * PRODUCT_DIRS folders are read by one reader (server/products/productDirs.ts over
 * renderer/core/node/schemaTree.ts): the server mounts them for the built portal, the dev server
 * (vite.config.ts `productDirsPortal`) hands the same files to the portal, and the studio and the checker
 * list their pages with the rest of the schemas tree.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import { readSchemaDirectory, schemaTreeFile } from '@renderer/core/node';
import { mountProductDirs } from '@server/products/folder';
import { pageEntries } from '../../scripts/studio/core';

const FOLDER = join(process.cwd(), 'tests/fixtures/sample-product');
const SCHEMAS = join(process.cwd(), 'schemas');
const HTML = '<!doctype html><script type="module" src="/src/main.tsx"></script><div id="root"></div>';

describe('PRODUCT_DIRS in the dev server, the studio and the checker', () => {
  let vite: ViteDevServer;
  let http: Server;
  let base: string;
  const before = process.env.PRODUCT_DIRS;

  beforeAll(async () => {
    vite = await createServer({
      configFile: join(process.cwd(), 'vite.config.ts'),
      server: { middlewareMode: true },
      appType: 'custom',
      logLevel: 'silent',
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    http = createHttpServer(vite.middlewares);
    await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    if (before === undefined) delete process.env.PRODUCT_DIRS;
    else process.env.PRODUCT_DIRS = before;
    await new Promise((done) => http.close(done));
    await vite.close();
  });

  it('without PRODUCT_DIRS the dev index.html and the tree have no mounted folder', async () => {
    delete process.env.PRODUCT_DIRS;
    expect(await vite.transformIndexHtml('/cv3/', HTML)).not.toContain('product-folders');
    expect((await fetch(`${base}/cv3/product-folders.js`)).status).not.toBe(200);
    expect(readSchemaDirectory(SCHEMAS).pages.map((p) => p.file)).not.toContain('sample/request/list.json');
  });

  it('with PRODUCT_DIRS the dev server loads the same folders script the server serves', async () => {
    process.env.PRODUCT_DIRS = 'tests/fixtures/sample-product';
    const html = await vite.transformIndexHtml('/cv3/', HTML);
    expect(html).toContain('<script src="/cv3/product-folders.js"></script><script type="module"');
    const res = await fetch(`${base}/cv3/product-folders.js`);
    expect(res.headers.get('content-type')).toContain('javascript');
    const script = await res.text();
    const mounted = await mountProductDirs([FOLDER], SCHEMAS);
    try {
      expect(script).toBe(`globalThis.__SCF_PRODUCT_FOLDERS__ = ${JSON.stringify(mounted.portal)};\n`);
      expect(Object.keys(mounted.portal.files).sort()).toEqual([
        '_dicts/sampleRequestStatus.json',
        '_fragments/sample-request-columns.json',
        '_models/sampleRequest.json',
        'sample/_template.json',
        'sample/request/apply.json',
        'sample/request/list.json',
      ]);
      expect(mounted.portal.manifests.map((m) => m.code)).toEqual(['sample']);
    } finally {
      mounted.remove();
    }
  });

  it('with PRODUCT_DIRS the studio and the checker list the folder pages, and the studio edits them in place', () => {
    process.env.PRODUCT_DIRS = 'tests/fixtures/sample-product';
    expect(pageEntries(SCHEMAS).map((e) => e.path)).toContain('/sample/request/list');
    const directory = readSchemaDirectory(SCHEMAS);
    expect(directory.pages.map((p) => p.file)).toContain('sample/request/apply.json');
    expect(Object.keys(directory.models ?? {})).toContain('sampleRequest');
    expect(schemaTreeFile(SCHEMAS, 'sample/request/list.json')).toBe(join(FOLDER, 'pages/request/list.json'));
    expect(schemaTreeFile(SCHEMAS, 'sample/request/new.json')).toBe(join(FOLDER, 'pages/request/new.json'));
  });
});
