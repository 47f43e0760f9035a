import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'scf-dist-'));
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
