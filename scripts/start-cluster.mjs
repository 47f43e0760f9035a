// `npm run start:cluster -- --instances 3`: several server processes on one PostgreSQL (DATABASE_URL) behind
// one port. The primary builds the portal if needed, migrates and seeds once, then forks the instances;
// node:cluster hands incoming connections to them in turn. Sessions, nonces, keys, UKEY originals and files'
// records live in the database; each instance's caches are dropped through LISTEN/NOTIFY (ADR 0006).
// A worker that dies is replaced; SIGTERM/SIGINT stops every instance cleanly.
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

if (cluster.isPrimary) {
  const at = process.argv.indexOf('--instances');
  const instances = at > 0 ? Number(process.argv[at + 1]) : availableParallelism();
  if (!Number.isInteger(instances) || instances < 1) {
    console.error('usage: npm run start:cluster -- --instances N   (N ≥ 1)');
    process.exit(2);
  }
  if (!process.env.DATABASE_URL) {
    console.error(
      'start:cluster needs DATABASE_URL=postgres://user:pass@host:5432/db: instances share one PostgreSQL',
    );
    process.exit(2);
  }
  const { buildIfNeeded } = await import('./build-if-needed.mjs');
  buildIfNeeded();
  register();
  // A refused TRUST_PROXY stops here, once, rather than in every instance restarted forever.
  const { trustProxyFromEnv } = await import('../server/app.ts');
  try {
    trustProxyFromEnv(process.env.TRUST_PROXY);
  } catch (e) {
    console.error(e.message);
    process.exit(2);
  }
  const { openDb } = await import('../server/db/db.ts');
  const { migrate } = await import('../server/db/migrate.ts');
  const { seedAll } = await import('../server/seed/index.ts');
  const { openEngine } = await import('../server/engine.ts');
  const { mountProductDirs, productDirsFromEnv } = await import('../server/products/folder.ts');
  const db = await openDb({ databaseUrl: process.env.DATABASE_URL });
  await migrate(db);
  // PRODUCT_DIRS: the mounted folders' demo data are made here too, once (server/main.ts).
  const dirs = productDirsFromEnv(process.env.PRODUCT_DIRS, process.cwd());
  const mounted =
    dirs.length > 0
      ? await mountProductDirs(dirs, fileURLToPath(new URL('../schemas', import.meta.url)))
      : undefined;
  if (process.env.SEED !== 'false') {
    const engine = await openEngine({ db, ...(mounted ? { schemasDir: mounted.schemasDir } : {}) });
    if (await seedAll(engine)) console.log('seeded the demo world');
    for (const product of mounted?.products ?? []) await product.seed?.(engine);
  }
  mounted?.remove();
  await db.close();

  let stopping = false;
  const fork = (n) =>
    cluster.fork({ SEED: 'false', SCF_INSTANCE: String(n) }).on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`instance ${n} exited (${signal ?? code}); starting it again`);
      setTimeout(() => fork(n), 1000);
    });
  for (let n = 1; n <= instances; n++) fork(n);
  // What a load balancer checks (README "Operations"): readiness for traffic, liveness, metrics to scrape.
  const opsBase = process.env.OPS_PORT
    ? `http://${process.env.OPS_HOST ?? process.env.HOST ?? '127.0.0.1'}:${process.env.OPS_PORT}`
    : process.env.OPS_TOKEN
      ? `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 8080} (Authorization: Bearer $OPS_TOKEN)`
      : null;
  console.log(
    opsBase
      ? `load balancer: health check GET /readyz (200 ready, 503 not), liveness /healthz, Prometheus /metrics on ${opsBase}`
      : 'load balancer: set OPS_PORT (or OPS_TOKEN) for /readyz, /healthz and /metrics (README "Operations")',
  );
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} instances`);
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  cluster.on('exit', () => {
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  });
} else {
  register();
  await import('../server/main.ts');
}
