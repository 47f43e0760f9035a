import type { Db } from '../db/db';
import type { EffectRegistry } from './effects';
import { loadModels, type ModelSet } from './loadModels';
import { ensureModelTables } from './modelTables';

export { ModelEngine, REASON_MAX_LENGTH } from './modelEngine';
export type { ActionBody, EngineCaller, EngineShared, LinkRun, ModelEngineOptions } from './modelEngine';
export { loadModels, ModelLoadError, createModelAjv } from './loadModels';
export type { ModelSet } from './loadModels';
export { ensureModelTables } from './modelTables';
export type { CompiledModel } from './compileModel';
export type { Actor } from './recordJson';
export { recordJson } from './recordJson';
export { RecordWriter, chinaDay, addDays } from './recordWriter';
export { insertRecords, loadRecord } from './recordStore';
export type { QueryParams } from './listQuery';
export type { BizRecord, DictDef, ModelDef } from './types';
export { createEffectRegistry } from './effects';
export type { Effect, EffectContext, EffectRegistry } from './effects';

/**
 * Loads and checks the models of `schemasDir` against the effects the products bring
 * (server/products) and makes sure their tables exist.
 * @throws ModelLoadError (located problems) for a broken model or dictionary file.
 */
export async function openModels(db: Db, schemasDir: string, effects: EffectRegistry): Promise<ModelSet> {
  const models = loadModels(schemasDir, effects);
  await ensureModelTables(db, models);
  return models;
}
