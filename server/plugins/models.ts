import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { fileJson, filesOfRecord } from '../files/fileRecords';
import { registerFileRoutes } from '../files/fileRoutes';
import { storageFromEnv, type FileStorage } from '../files/fileStorage';
import { MAX_FILE_SIZE } from '../files/fileTypes';
import { loadUrlKey } from '../files/signedUrl';
import { defaultEffects, ModelEngine, openModels } from '../models';
import { registerModelRoutes } from '../models/modelRoutes';

/**
 * The business API of every model (schemas/_models) and the files attached to records. Models are
 * loaded and checked at start: a broken model file stops the server with a located message.
 * Files go to S3-compatible storage when S3_BUCKET is set, else FILES_DIR (default DATA_DIR/files), unless
 * `storage` is given.
 */
export function createModelsPlugin(options: { storage?: FileStorage } = {}) {
  return async function modelsPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
    const effects = defaultEffects();
    const models = await openModels(ctx.db, ctx.schemasDir, effects);
    const engine = new ModelEngine({
      db: ctx.db,
      models,
      effects,
      now: ctx.now,
      signatureVerifier: ctx.signatureVerifier,
    });
    registerModelRoutes(app, engine, async (model, id) =>
      (await filesOfRecord(ctx.db, model, id)).map(fileJson),
    );

    const storage = options.storage ?? (await storageFromEnv());
    const urlKey = await loadUrlKey(ctx.db);
    await app.register(async (scope) => {
      await scope.register(multipart, { limits: { fileSize: MAX_FILE_SIZE, files: 1 } });
      registerFileRoutes(scope, { db: ctx.db, engine, storage, urlKey, now: ctx.now });
    });
  };
}

/** The plugin as API_PLUGINS lists it. */
export const modelsPlugin = createModelsPlugin();
