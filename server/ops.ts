import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { observeNonceBatches } from './auth/nonceStore';
import type { Db } from './db/db';
import { migrationFiles, pendingMigrations } from './db/migrate';
import { importQueue } from './lists/imports';
import { countRunningExportJobs } from './models/exportJobs';

/**
 * The operator's view of one server instance (README "Operations"): `/healthz` (the process answers),
 * `/readyz` (its database answers, its migrations are current, its object store answers when one is
 * configured) and `/metrics` (Prometheus text). None of them is public: they are mounted on the main port
 * only behind `Authorization: Bearer <OPS_TOKEN>`, or served without a token on a port of their own
 * (OPS_PORT, {@link buildOpsApp}) that only the load balancer and the scraper can reach.
 */
export interface Ops {
  readonly registry: Registry;
  /** Named readiness checks; each rejects when its dependency is not usable (models plugin adds the store). */
  readonly readiness: Map<string, () => Promise<unknown>>;
  /** Times every answer of `app` by route pattern, method and status, and gives it a request id header. */
  instrument(app: FastifyInstance): void;
  /** `{ready, checks}`: every check's outcome, run at once with a time limit each. */
  ready(): Promise<{ ready: boolean; checks: Record<string, string> }>;
}

/** How long a readiness check may take before it counts as failed (a load balancer's probe waits ~2 s). */
const CHECK_TIMEOUT_MS = 1500;

/** Latency buckets in seconds: the targets are p99 < 50 ms (shared/PERFORMANCE.md), so fine below 0.1. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** A request id from the load balancer is kept when it looks like one (no spaces, quotes or line breaks). */
const REQUEST_ID_RE = /^[\w.:-]{1,100}$/;

/** Fastify's genReqId: the caller's X-Request-Id when well-formed, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID_RE.test(given) ? given : randomUUID();
}

export function createOps(db: Db): Ops {
  const registry = new Registry();
  const instance = process.env.SCF_INSTANCE;
  if (instance) registry.setDefaultLabels({ instance });
  collectDefaultMetrics({ register: registry, prefix: 'scf_' });

  const latency = new Histogram({
    name: 'scf_http_request_duration_seconds',
    help: 'Time from request to answer, by route pattern, method and status (its _count is the request count)',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'scf_db_connections',
    help: 'Database connections of this instance: total, idle, and callers waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const s = db.stats();
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });
  new Gauge({
    name: 'scf_export_jobs_running',
    help: 'Export jobs of the download centre being written, on every instance of this database',
    registers: [registry],
    async collect() {
      this.set(await countRunningExportJobs(db));
    },
  });
  new Gauge({
    name: 'scf_import_workbooks',
    help: 'Imported workbooks of this instance being read (running) and waiting their turn',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const q = importQueue();
      this.set({ state: 'running' }, q.running);
      this.set({ state: 'waiting' }, q.waiting);
    },
  });
  const nonceBatch = new Histogram({
    name: 'scf_nonce_batch_size',
    help: 'Request nonces written by one statement (server/auth/nonceStore.ts)',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers: [registry],
  });
  observeNonceBatches(db, (size) => nonceBatch.observe(size));

  const readiness = new Map<string, () => Promise<unknown>>();
  let files: string[] | undefined;
  readiness.set('database', () => db.query('select 1'));
  readiness.set('migrations', async () => {
    const pending = await pendingMigrations(db, (files ??= await migrationFiles()));
    if (pending.length) throw new Error(`pending: ${pending.join(', ')}`);
  });

  return {
    registry,
    readiness,
    instrument(app) {
      app.addHook('onRequest', (req, reply, done) => {
        void reply.header('x-request-id', req.id);
        done();
      });
      app.addHook('onResponse', (req, reply, done) => {
        latency.observe(
          {
            method: req.method,
            route: req.routeOptions.url ?? 'unmatched',
            status: String(reply.statusCode),
          },
          reply.elapsedTime / 1000,
        );
        done();
      });
    },
    async ready() {
      const checks: Record<string, string> = {};
      await Promise.all(
        [...readiness].map(async ([name, check]) => {
          let timer: NodeJS.Timeout | undefined;
          try {
            await Promise.race([
              check(),
              new Promise((_, reject) => {
                timer = setTimeout(() => reject(new Error('no answer in time')), CHECK_TIMEOUT_MS);
              }),
            ]);
            checks[name] = 'ok';
          } catch (e) {
            checks[name] = (e as Error).message || String(e);
          } finally {
            clearTimeout(timer);
          }
        }),
      );
      return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
    },
  };
}

/** The three operator routes on `app`; `token`, when given, must come as `Authorization: Bearer <token>`. */
export function registerOpsRoutes(app: FastifyInstance, ops: Ops, token?: string): void {
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  const allowed = (req: FastifyRequest): boolean => {
    if (!expected) return true;
    const given = Buffer.from(req.headers.authorization ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  // Refused like any unknown path: nothing tells a stranger that these exist.
  const refuse = (reply: FastifyReply) => reply.callNotFound();
  app.get('/healthz', async (req, reply) => (allowed(req) ? { status: 'up' } : refuse(reply)));
  app.get('/readyz', async (req, reply) => {
    if (!allowed(req)) return refuse(reply);
    const r = await ops.ready();
    return reply.status(r.ready ? 200 : 503).send(r);
  });
  app.get('/metrics', async (req, reply) => {
    if (!allowed(req)) return refuse(reply);
    return reply.type(ops.registry.contentType).send(await ops.registry.metrics());
  });
}

/** The operator routes alone, without a token, for a port of their own (OPS_PORT): never the public one. */
export function buildOpsApp(ops: Ops): FastifyInstance {
  const app = Fastify({ logger: false });
  registerOpsRoutes(app, ops);
  return app;
}
