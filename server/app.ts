import { isIP } from 'node:net';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { MountedProductFolders } from '@contract/products';
import { loadPasswordKey } from './auth/passwordKey';
import { SessionCache } from './auth/sessionCache';
import type { ServerContext, SignatureVerifier } from './context';
import { ChangeFeed, listenForChanges } from './db/changes';
import type { Db } from './db/db';
import { ApiError, CODE_PREFIX, ERRORS } from './errors';
import { databaseErrorCode, registerInputBoundary } from './inputBoundary';
import { openEngine } from './engine';
import type { ModelEngine } from './models/modelEngine';
import { createOps, type Ops, registerOpsRoutes, requestIdOf } from './ops';
import { createUkeySignatureVerifier } from './ukey/verifier';
import { emulatedFaceCheck, type FaceCheckProvider } from './registration/faceCheck';
import { emulatedSmsGateway, type SmsGateway } from './registration/sms';
import { API_PLUGINS } from './plugins';
import { isAppRoute, registerPortal, registerSecurityHeaders } from './plugins/portal';
import { registerSecurity } from './plugins/security';

export const API_PREFIX = '/api/web';
const REAL_METHODS = new Set(['PUT', 'DELETE', 'PATCH']);

export interface BuildAppOptions {
  db: Db;
  schemasDir: string;
  distDir?: string;
  /** Product folders mounted at start (PRODUCT_DIRS): the portal loads them beside its own pages. */
  productFolders?: MountedProductFolders;
  now?: () => Date;
  logger?: boolean;
  signatureVerifier?: SignatureVerifier;
  /**
   * The models engine when the caller made it (server/main.ts seeds through it first); default one made
   * here (server/engine.ts) on `now` and `signatureVerifier`.
   */
  engine?: ModelEngine;
  /**
   * Whom to believe about X-Forwarded-For/-Proto (Fastify's trustProxy): false (default) believes nobody,
   * so no client can pose as HTTPS or as another address; else the proxies' addresses/CIDRs or a hop count
   * (see {@link trustProxyFromEnv}). Never everyone.
   */
  trustProxy?: TrustProxy;
  /** Mounts the test-only endpoints (the emulated SMS outbox); never in production. */
  testMode?: boolean;
  smsGateway?: SmsGateway;
  faceCheck?: FaceCheckProvider;
  /** The instance's probes and metrics (server/ops.ts); made here when not given. */
  ops?: Ops;
  /**
   * OPS_TOKEN: mounts /healthz, /readyz and /metrics on this app behind `Authorization: Bearer <token>`.
   * Without it they are not on this app at all (serve them on an ops port of their own: buildOpsApp).
   */
  opsToken?: string;
}

/** Whom X-Forwarded-For is believed from: nobody, a hop count, or the proxies' addresses/CIDRs. */
export type TrustProxy = false | number | string;

/** proxy-addr's names for address ranges (Fastify's trustProxy accepts them beside addresses and CIDRs). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset or 'false' → believe nobody; a number → that many hops (only where the server can be
 * reached through the proxies alone: the nearest hops are believed whoever they are); else comma-separated
 * addresses/CIDRs of the proxies (or loopback, linklocal, uniquelocal), whose X-Forwarded-For is believed
 * and nobody else's. 'true' and a CIDR covering every address are refused: they would let any client claim
 * any address (choose whose login to lock, rotate addresses to escape the limits) and claim HTTPS.
 */
export function trustProxyFromEnv(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') {
    throw new Error(
      'TRUST_PROXY=true would believe X-Forwarded-For from every client, so anyone could pose as any address ' +
        "(lock out other users, escape the per-client limits) or claim HTTPS. Set it to the load balancer's " +
        'addresses or CIDRs, comma-separated (e.g. TRUST_PROXY=10.0.0.0/24), or to a hop count (e.g. 1) if ' +
        'the server can be reached through the load balancer only.',
    );
  }
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v.split(',').map((e) => e.trim());
  for (const entry of entries) {
    if (PROXY_RANGE_NAMES.has(entry)) continue;
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? null : /^\d+$/.test(prefix) ? Number(prefix) : NaN;
    const valid = family !== 0 && extra === undefined && (bits === null || bits <= (family === 4 ? 32 : 128));
    if (!valid) throw new Error(`TRUST_PROXY: "${entry}" is not an address, a CIDR or a hop count.`);
    if (bits === 0) {
      throw new Error(`TRUST_PROXY: "${entry}" covers every address; name the load balancer's addresses.`);
    }
  }
  return entries.join(',');
}

/** Builds the reference server (no port opened: tests drive it with `app.inject`). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  // Refused here too, for callers that bypass trustProxyFromEnv (plain JavaScript).
  if ((options.trustProxy as unknown) === true) trustProxyFromEnv('true');
  // A union-typed trustProxy confuses Fastify's overloads; each branch of the union is a valid setting.
  const trustProxy = (options.trustProxy ?? false) as boolean;
  const app = Fastify({
    logger: options.logger ? { level: 'info' } : false,
    trustProxy,
    bodyLimit: 30 * 1024 * 1024,
    // Every log line of a request carries its id (reqId), also answered as X-Request-Id (server/ops.ts).
    genReqId: requestIdOf,
    // A path with broken percent-encoding (or another request Fastify cannot route) still gets a coded answer.
    frameworkErrors(error, _req, reply) {
      const status = (error as { statusCode?: number }).statusCode ?? 400;
      void (reply as unknown as FastifyReply)
        .status(status >= 500 ? 500 : 400)
        .send({ code: CODE_PREFIX + 'BAD_REQUEST', message: ERRORS.BAD_REQUEST.message, data: null });
    },
    // Spec section 7: PUT and DELETE travel as POST with X-SCF-REAL-HTTP-METHOD. Routing reads req.method
    // after this hook, so such a request reaches the PUT/DELETE route it names.
    rewriteUrl(req) {
      const real = req.headers['x-scf-real-http-method'];
      if (req.method === 'POST' && typeof real === 'string' && REAL_METHODS.has(real.toUpperCase())) {
        req.method = real.toUpperCase();
      }
      return req.url ?? '/';
    },
  });
  const changes = new ChangeFeed();
  const now = options.now ?? (() => new Date());
  const signatureVerifier = options.signatureVerifier ?? createUkeySignatureVerifier(options.now);
  const ops = options.ops ?? createOps(options.db);
  ops.instrument(app);
  // One SMS gateway: the given engine's (its models' services send through it), else the app's.
  const smsGateway =
    options.smsGateway ?? options.engine?.host.smsGateway ?? emulatedSmsGateway((line) => app.log.info(line));
  const ctx: ServerContext = {
    db: options.db,
    engine:
      options.engine ??
      (await openEngine({
        db: options.db,
        schemasDir: options.schemasDir,
        now,
        signatureVerifier,
        host: { smsGateway },
      })),
    changes,
    passwordKey: await loadPasswordKey(options.db),
    now,
    schemasDir: options.schemasDir,
    sessionCache: new SessionCache(changes, options.db),
    signatureVerifier,
    testMode: options.testMode === true,
    smsGateway,
    faceCheck: options.faceCheck ?? emulatedFaceCheck(),
    ops,
    ...(options.distDir ? { distDir: options.distDir } : {}),
  };

  registerInputBoundary(app);
  registerSecurityHeaders(app);
  const unlisten = await listenForChanges(options.db, changes);
  app.addHook('onClose', async () => unlisten());

  app.setErrorHandler((error, req, reply) => {
    // Refused before its body was read (server/inputBoundary.ts): hang up rather than read the rest.
    if (!req.raw.complete) void reply.header('connection', 'close');
    if (error instanceof ApiError) {
      return reply
        .status(error.status)
        .send({ code: error.wireCode, message: error.message, data: error.data });
    }
    const dbCode = databaseErrorCode(error);
    if (dbCode) {
      const mapped = new ApiError(dbCode);
      if (mapped.status >= 500) req.log.error(error);
      return reply.status(mapped.status).send({ code: mapped.wireCode, message: mapped.message, data: null });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply
        .status(200)
        .send({ code: CODE_PREFIX + 'BAD_REQUEST', message: ERRORS.BAD_REQUEST.message, data: null });
    }
    req.log.error(error);
    return reply
      .status(500)
      .send({ code: CODE_PREFIX + 'INTERNAL', message: ERRORS.INTERNAL.message, data: null });
  });

  const sendIndex = ctx.distDir
    ? await registerPortal(app, {
        distDir: ctx.distDir,
        ...(options.productFolders ? { productFolders: options.productFolders } : {}),
      })
    : null;
  app.setNotFoundHandler((req, reply) => {
    if (sendIndex && req.method === 'GET' && isAppRoute(req.url)) return sendIndex(reply);
    return reply
      .status(404)
      .send({ code: CODE_PREFIX + 'NOT_FOUND', message: ERRORS.NOT_FOUND.message, data: null });
  });

  if (options.opsToken) registerOpsRoutes(app, ops, options.opsToken);
  await app.register(cookie);
  await app.register(
    async (api) => {
      registerSecurity(api, ctx);
      for (const plugin of API_PLUGINS) {
        await api.register(async (scope) => plugin(scope, ctx));
      }
    },
    { prefix: API_PREFIX },
  );
  return app;
}
