import type { Db } from '../db/db';
import {
  createEffectRegistry,
  documentEffects,
  financeCashEffects,
  issueTransferEffects,
  limitEffects,
  type EffectRegistry,
} from './effects';
import { loadModels, type ModelSet } from './loadModels';
import { ensureModelTables } from './modelTables';

export { ModelEngine, REASON_MAX_LENGTH } from './modelEngine';
export type { ActionBody, ModelEngineOptions } from './modelEngine';
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
export { createEffectRegistry, financeInterest, limitAvailable } from './effects';
export type { Effect, EffectContext, EffectRegistry } from './effects';

/** The effects every model may name (credit voucher product). */
export function defaultEffects(): EffectRegistry {
  return createEffectRegistry(limitEffects, issueTransferEffects, financeCashEffects, documentEffects);
}

/**
 * Loads and checks the models of `schemasDir` and makes sure their tables exist.
 * @throws ModelLoadError (located problems) for a broken model or dictionary file.
 */
export async function openModels(
  db: Db,
  schemasDir: string,
  effects: EffectRegistry = defaultEffects(),
): Promise<ModelSet> {
  const models = loadModels(schemasDir, effects);
  await ensureModelTables(db, models);
  return models;
}
