import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { clock, testServer, type TestServer } from './helpers';

let s: TestServer;
let dist = '';
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'scf-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  s = await testServer(dist);
});
afterAll(async () => {
  await s.app.close();
  await s.db.close();
});

describe('serving the portal under /cv3/', () => {
  it('redirects /cv3 to /cv3/', async () => {
    const res = await s.app.inject('/cv3');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/cv3/');
  });

  it.each(['/cv3/', '/cv3/login/login', '/cv3/credit/core/index/operator?x=1', '/cv3/error-page/404'])(
    'answers index.html for the app route %s, with a CSP without unsafe-eval',
    async (url) => {
      const res = await s.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves assets and answers 404 for missing ones', async () => {
    const ok = await s.app.inject('/cv3/assets/app-1.js');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toContain('immutable');
    expect((await s.app.inject('/cv3/assets/missing-2.js')).statusCode).toBe(404);
    expect((await s.app.inject('/cv3/favicon.png')).statusCode).toBe(404);
  });

  it('answers unknown API paths with a coded 404', async () => {
    const res = await s.app.inject('/api/web/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('SCF.NOT_FOUND');
  });
});

describe('security headers', () => {
  it.each(['/cv3/', '/cv3/index.html', '/cv3/login/login'])(
    '%s carries CSP, X-Frame-Options and nosniff',
    async (url) => {
      const res = await s.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('sends no HSTS over HTTP, and a client cannot claim HTTPS while trustProxy is off (the default)', async () => {
    const res = await s.app.inject({ url: '/cv3/', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const api = await s.app.inject({ url: '/api/web/login', headers: { 'x-forwarded-proto': 'https' } });
    expect(api.headers['strict-transport-security']).toBeUndefined();
    expect(String(api.headers['set-cookie'])).not.toContain('Secure');
  });

  it('sends HSTS on every answer served over HTTPS through a trusted proxy', async () => {
    const app = await buildApp({
      db: s.db,
      schemasDir: join(process.cwd(), 'schemas'),
      distDir: dist,
      now: () => clock.now,
      trustProxy: '127.0.0.1',
    });
    try {
      for (const url of ['/cv3/', '/cv3/assets/app-1.js', '/api/web/login']) {
        const res = await app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
      const untrusted = await app.inject({
        url: '/cv3/',
        remoteAddress: '10.1.1.1',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('product folders mounted at start (PRODUCT_DIRS, server/products/folder.ts)', () => {
  it('are loaded by index.html as a script before the portal code, setting the global it reads', async () => {
    const withModule = mkdtempSync(join(tmpdir(), 'scf-dist-'));
    writeFileSync(
      join(withModule, 'index.html'),
      '<!doctype html><script type="module" src="/cv3/assets/app-1.js"></script><div id="root"></div>',
    );
    const folders = { manifests: [], files: { 'x/y.json': { route: { path: '/x/y' } } } };
    const app = await buildApp({
      db: s.db,
      schemasDir: join(process.cwd(), 'schemas'),
      distDir: withModule,
      now: () => clock.now,
      productFolders: folders,
    });
    try {
      for (const url of ['/cv3/', '/cv3/login/login']) {
        const page = await app.inject(url);
        expect(page.body, url).toContain(
          '<script src="/cv3/product-folders.js"></script><script type="module" src="/cv3/assets/app-1.js">',
        );
        expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);
      }
      const script = await app.inject('/cv3/product-folders.js');
      expect(script.headers['content-type']).toContain('javascript');
      expect(script.body).toBe(`globalThis.__SCF_PRODUCT_FOLDERS__ = ${JSON.stringify(folders)};\n`);
      // Without mounted folders there is neither.
      expect((await s.app.inject('/cv3/')).body).not.toContain('product-folders');
      expect((await s.app.inject('/cv3/product-folders.js')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
