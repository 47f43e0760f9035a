import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PRODUCT_FOLDERS_SCRIPT, type MountedProductFolders } from '@contract/products';
import { productFoldersScript, withProductFoldersScript } from '../products/productDirs';

/** No 'unsafe-eval' anywhere: the renderer's expressions are interpreted, ajv validators precompiled. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // antd's CSS-in-JS writes <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  // The local UKEY signing agent listens on loopback.
  "connect-src 'self' http://127.0.0.1:* http://localhost:*",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export const BASE = '/cv3/';

/** HSTS for answers over HTTPS (a year; plain HTTP must not send it, RFC 6797 §7.2). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

function securityHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    .header('X-Content-Type-Options', 'nosniff')
    .header('X-Frame-Options', 'DENY')
    .header('Referrer-Policy', 'same-origin');
}

/**
 * Every HTML answer (index.html however it is reached, error pages) gets the security headers, and every
 * answer over HTTPS gets HSTS. Registered on the root instance, so static files and the API are covered.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) securityHeaders(reply);
    // An API answer (success or error) is data for this user now: never sniffed as HTML, never stored.
    if (typeof type === 'string' && type.startsWith('application/json')) {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'no-store');
    }
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    return payload;
  });
}

/** A path the single-page app owns (a route), as opposed to a file that is simply missing. */
export function isAppRoute(url: string): boolean {
  const path = url.split('?')[0]!;
  if (!path.startsWith(BASE) || path.startsWith(`${BASE}assets/`)) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/**
 * Serves the built portal under /cv3/ (registered on the root instance, so the not-found handler can fall
 * back to index.html for app routes). Returns the function that sends index.html. With `productFolders`
 * (PRODUCT_DIRS, server/products/folder.ts) index.html loads them as a script before the portal's code
 * (contract/products.ts `MountedProductFolders`): the built portal shows them without a new build.
 */
export async function registerPortal(
  app: FastifyInstance,
  opts: { distDir: string; productFolders?: MountedProductFolders },
): Promise<(reply: FastifyReply) => FastifyReply> {
  const indexFile = join(opts.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`no built portal at ${opts.distDir}: run "npm run build"`);
  }
  app.get('/cv3', async (_req, reply) => reply.redirect(BASE, 301));
  await app.register(fastifyStatic, {
    root: opts.distDir,
    prefix: BASE,
    index: false,
    wildcard: true,
    setHeaders(res, path) {
      res.header('X-Content-Type-Options', 'nosniff');
      res.header(
        'Cache-Control',
        path.includes(`${join(opts.distDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const folders = opts.productFolders;
  if (folders)
    app.get(`${BASE}${PRODUCT_FOLDERS_SCRIPT}`, async (_req, reply) =>
      reply
        .header('Content-Type', 'text/javascript; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(productFoldersScript(folders)),
    );
  app.get(BASE, async (_req, reply) => sendIndex(reply));
  return sendIndex;

  function sendIndex(reply: FastifyReply): FastifyReply {
    securityHeaders(reply).header('Cache-Control', 'no-cache');
    if (!folders || !existsSync(indexFile)) return reply.sendFile('index.html');
    const html = withProductFoldersScript(readFileSync(indexFile, 'utf8'), BASE);
    return reply.header('Content-Type', 'text/html; charset=utf-8').send(html);
  }
}
