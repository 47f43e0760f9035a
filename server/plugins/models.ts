import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { fileJson, filesOfRecord } from '../files/fileRecords';
import { registerFileRoutes } from '../files/fileRoutes';
import { storageFromEnv, type FileStorage } from '../files/fileStorage';
import { MAX_FILE_SIZE } from '../files/fileTypes';
import { loadUrlKey } from '../files/signedUrl';
import { failStaleExports, registerExportRoutes } from '../lists/exports';
import { registerImportRoutes } from '../lists/imports';
import { registerListSettingsRoutes } from '../lists/listSettingsRoutes';
import { registerModelRoutes } from '../models/modelRoutes';
import { PRODUCTS } from '../products';
import { registerDemoApplicationsRoute } from '../seed/demoApplications';

/**
 * The business API of every model (schemas/_models) and the files attached to records, through the app's
 * engine (ServerContext.engine: models loaded and checked at start, a broken model file stops the server
 * with a located message).
 * Files go to S3-compatible storage when S3_BUCKET is set, else FILES_DIR (default DATA_DIR/files), unless
 * `storage` is given. Exports of more rows than EXPORT_JOB_THRESHOLD (default 5,000) go to the download
 * centre.
 */
export function createModelsPlugin(options: { storage?: FileStorage; exportThreshold?: number } = {}) {
  return async function modelsPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
    const { engine } = ctx;
    registerModelRoutes(app, engine, async (model, id) =>
      (await filesOfRecord(ctx.db, model, id)).map(fileJson),
    );
    for (const product of PRODUCTS) product.routes?.(app, engine);
    if (ctx.testMode) registerDemoApplicationsRoute(app, ctx.db, engine.models, ctx.now);

    const storage = options.storage ?? (await storageFromEnv());
    if (storage.check) ctx.ops.readiness.set('objectStore', () => storage.check!());
    const urlKey = await loadUrlKey(ctx.db);
    registerListSettingsRoutes(app, ctx.db);
    await failStaleExports(ctx.db, true);
    registerExportRoutes(app, {
      db: ctx.db,
      engine,
      storage,
      threshold: options.exportThreshold ?? exportThresholdOf(process.env),
    });
    await app.register(async (scope) => {
      await scope.register(multipart, { limits: { fileSize: MAX_FILE_SIZE, files: 1 } });
      registerFileRoutes(scope, { db: ctx.db, engine, storage, urlKey, now: ctx.now });
      registerImportRoutes(scope, { db: ctx.db, engine });
    });
  };
}

/** The plugin as API_PLUGINS lists it. */
export const modelsPlugin = createModelsPlugin();

/** EXPORT_JOB_THRESHOLD when it is a whole number ≥ 0, else the default. */
function exportThresholdOf(env: NodeJS.ProcessEnv): number | undefined {
  const n = Number(env.EXPORT_JOB_THRESHOLD);
  return env.EXPORT_JOB_THRESHOLD && Number.isInteger(n) && n >= 0 ? n : undefined;
}
