import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, trustProxyFromEnv, type TrustProxy } from './app';
import { businessClockFromEnv } from './clock';
import { purgeClientRates } from './auth/clientRates';
import { purgeLoginFailures } from './auth/loginThrottle';
import { purgeExpired } from './auth/sessions';
import { approveProductApplications, productApprovalDelay } from './backOffice/productApprovals';
import { AUTOVACUUM_INTERVAL_MS, vacuumDue } from './db/autovacuum';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { openEngine } from './engine';
import { watchModels } from './models/watchModels';
import { buildOpsApp, createOps } from './ops';
import { mountProductDirs, productDirsFromEnv } from './products/folder';
import { seedAll } from './seed';
import { emulatedSmsGateway } from './registration/sms';
import { createUkeySignatureVerifier } from './ukey/verifier';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Starts the reference server: database (PGlite in DATA_DIR, or DATABASE_URL), migrations, seed, HTTP. */
export async function main(): Promise<void> {
  // Settings are read before anything starts: a wrong one stops the server with what to set instead.
  let trustProxy: TrustProxy;
  let approvalDelay: number | null;
  let businessClock: (() => Date) | undefined;
  const testMode = process.env.TEST_MODE === 'true';
  try {
    trustProxy = trustProxyFromEnv(process.env.TRUST_PROXY);
    approvalDelay = productApprovalDelay(process.env.PRODUCT_APPROVAL_SECONDS);
    businessClock = businessClockFromEnv(process.env.CLOCK_START, testMode);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = resolve(process.env.DATA_DIR ?? resolve(root, 'data'));
  if (!databaseUrl) mkdirSync(dataDir, { recursive: true });

  // The embedded database answers on a thread of its own unless EMBEDDED_DB_THREAD=main (README "Settings").
  const thread = process.env.EMBEDDED_DB_THREAD !== 'main';
  const db = await openDb(databaseUrl ? { databaseUrl } : { dataDir, thread });
  await migrate(db);
  // PRODUCT_DIRS: product folders outside products/ (README, "Add a product"), mounted into a copy of
  // schemas/ that this server runs on (server/products/folder.ts). SCHEMAS_DIR: the schema studio's folder.
  const baseSchemasDir = resolve(process.env.SCHEMAS_DIR ?? resolve(root, 'schemas'));
  const productDirs = productDirsFromEnv(process.env.PRODUCT_DIRS, process.cwd());
  const mounted = productDirs.length > 0 ? await mountProductDirs(productDirs, baseSchemasDir) : undefined;
  const schemasDir = mounted?.schemasDir ?? baseSchemasDir;
  // One engine for the seeds and every plugin (server/engine.ts).
  const log = process.env.LOG !== 'false';
  const engine = await openEngine({
    db,
    schemasDir,
    host: { smsGateway: emulatedSmsGateway(log ? undefined : () => undefined) },
    // CLOCK_START moves the business clock only; UKEY originals are issued and checked on the wall clock.
    ...(businessClock ? { now: businessClock, signatureVerifier: createUkeySignatureVerifier() } : {}),
  });
  // Development (the schema studio): a model or dictionary saved while the server runs is loaded at once.
  if (process.env.WATCH_MODELS === 'true') watchModels(engine, schemasDir);
  if (process.env.SEED !== 'false') {
    if (await seedAll(engine)) console.log('seeded the demo world');
    // A mounted folder's demo data, once per database (server/products/folder.ts).
    for (const product of mounted?.products ?? []) await product.seed?.(engine);
  }

  const ops = createOps(db);
  const opsToken = process.env.OPS_TOKEN || undefined;
  const app = await buildApp({
    ops,
    ...(opsToken ? { opsToken } : {}),
    db,
    engine,
    schemasDir,
    distDir: resolve(process.env.DIST_DIR ?? resolve(root, 'dist')),
    ...(mounted ? { productFolders: mounted.portal } : {}),
    logger: log,
    trustProxy,
    testMode,
  });
  const housekeeping = setInterval(
    () => {
      void purgeExpired(db, new Date()).catch(() => undefined);
      void purgeLoginFailures(db, new Date()).catch(() => undefined);
      void purgeClientRates(db, new Date()).catch(() => undefined);
    },
    10 * 60 * 1000,
  );
  housekeeping.unref();
  // The embedded database has no autovacuum of its own (server/db/autovacuum.ts).
  const autovacuum =
    db.kind === 'pglite'
      ? setInterval(() => void vacuumDue(db).catch(() => undefined), AUTOVACUUM_INTERVAL_MS)
      : undefined;
  autovacuum?.unref();
  // The emulated back office approves product-opening applications (server/backOffice/productApprovals.ts).
  const backOffice =
    approvalDelay === null
      ? undefined
      : setInterval(() => {
          const madeBefore = new Date(Date.now() - approvalDelay * 1000);
          void approveProductApplications(db, madeBefore).catch(() => undefined);
        }, 1000);
  backOffice?.unref();

  let opsApp: FastifyInstance | undefined;
  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing`);
    clearInterval(housekeeping);
    clearInterval(autovacuum);
    clearInterval(backOffice);
    // Stop taking requests and finish those in flight, then close the database (PGlite flushes to disk).
    await opsApp?.close();
    await app.close();
    await db.close();
    mounted?.remove();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port, host });
  // Probes and metrics on a port of their own, without a token: only the load balancer and the scraper
  // should reach it (OPS_HOST, default HOST). In start:cluster the instances share it like the main port.
  const opsPort = process.env.OPS_PORT ? Number(process.env.OPS_PORT) : undefined;
  if (opsPort !== undefined) {
    opsApp = buildOpsApp(ops);
    await opsApp.listen({ port: opsPort, host: process.env.OPS_HOST ?? host });
  }
  const instance = process.env.SCF_INSTANCE ? `, instance ${process.env.SCF_INSTANCE}` : '';
  console.log(
    `portal: http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/cv3/  (database: ${databaseUrl ? 'PostgreSQL' : dataDir}${instance})`,
  );
}

await main();
