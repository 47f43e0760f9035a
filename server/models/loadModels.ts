import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { compareMoney, isMoneyString } from '@renderer/core/format';
import { isBusinessDate, registerAjvFormats, sumToProblem } from '@renderer/core/validators';
import type { SumToRule } from '@renderer/core/validators';
import { ROLES } from '../auth/roles';
import { compileModel, type CompiledModel } from './compileModel';
import type { EffectRegistry } from './effects/effectRegistry';
import { checkModel } from './checkModel';
import type { DictDef, ModelDef } from './types';

/** The models of schemas/_models with their dictionaries, compiled and cross-checked. */
export interface ModelSet {
  readonly models: ReadonlyMap<string, CompiledModel>;
  readonly dicts: ReadonlyMap<string, DictDef>;
}

/** A broken model or dictionary file: the message names every file, JSON pointer and problem. */
export class ModelLoadError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid business models (schemas/_models):\n  ${problems.join('\n  ')}`);
    this.name = 'ModelLoadError';
  }
}

/** An ajv instance with the portal's formats (the browser's validators) and the money bounds. */
export function createModelAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true });
  addFormats(ajv, ['date-time']);
  // A date is a real calendar day in the business years (shared with the browser), not any YYYY-MM-DD.
  ajv.addFormat('date', { type: 'string', validate: isBusinessDate });
  registerAjvFormats(ajv);
  // Money bounds compare decimal strings exactly; a value that is not money fails its format instead.
  ajv.addKeyword({
    keyword: 'amountMin',
    type: 'string',
    schemaType: 'string',
    validate: (min: string, data: string) => !isMoneyString(data) || compareMoney(data, min) >= 0,
  });
  ajv.addKeyword({
    keyword: 'sumTo',
    type: 'array',
    schemaType: 'object',
    validate: (rule: SumToRule, data: unknown[]) => sumToProblem(data, rule) === null,
  });
  ajv.addKeyword({
    keyword: 'amountMax',
    type: 'string',
    schemaType: 'string',
    validate: (max: string, data: string) => !isMoneyString(data) || compareMoney(data, max) <= 0,
  });
  return ajv;
}

function readJson(file: string, label: string, problems: string[]): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    problems.push(`${label}: not valid JSON (${(error as Error).message})`);
    return undefined;
  }
}

const jsonFiles = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];

function loadDicts(schemasDir: string, problems: string[]): Map<string, DictDef> {
  const dicts = new Map<string, DictDef>();
  for (const file of jsonFiles(join(schemasDir, '_dicts'))) {
    const label = `schemas/_dicts/${file}`;
    const raw = readJson(join(schemasDir, '_dicts', file), label, problems) as Partial<DictDef> | undefined;
    if (raw === undefined) continue;
    const name = basename(file, '.json');
    const items = raw.items;
    if (raw.name !== name) problems.push(`${label}: /name: must be "${name}" (the file name)`);
    if (!Array.isArray(items) || items.length === 0) {
      problems.push(`${label}: /items: must be a non-empty array of {value, label, color}`);
      continue;
    }
    const seen = new Set<string>();
    items.forEach((item, i) => {
      if (typeof item?.value !== 'string' || typeof item?.label !== 'string') {
        problems.push(`${label}: /items/${i}: needs string "value" and "label"`);
      } else if (seen.has(item.value))
        problems.push(`${label}: /items/${i}/value: duplicate "${item.value}"`);
      else seen.add(item.value);
    });
    dicts.set(name, { name, items });
  }
  return dicts;
}

function formatAjvError(label: string, error: ErrorObject): string {
  const where = error.instancePath || '/';
  const extra =
    error.keyword === 'additionalProperties'
      ? ` ("${(error.params as { additionalProperty: string }).additionalProperty}")`
      : error.keyword === 'enum'
        ? ` (${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')})`
        : '';
  return `${label}: ${where}: ${error.message ?? error.keyword}${extra}`;
}

/**
 * Reads, validates and compiles every model. Stops at nothing: all problems are collected.
 * @throws ModelLoadError naming each broken file, the JSON pointer and the problem.
 */
export function loadModels(schemasDir: string, effects: EffectRegistry): ModelSet {
  const problems: string[] = [];
  const dicts = loadDicts(schemasDir, problems);
  const metaAjv = new Ajv({ allErrors: true, strict: false });
  const metaSchema = readJson(
    join(schemasDir, '_meta', 'model.schema.json'),
    'schemas/_meta/model.schema.json',
    problems,
  );
  if (!metaSchema) throw new ModelLoadError(problems);
  const validateMeta = metaAjv.compile(metaSchema as object);

  const defs: Array<{ def: ModelDef; label: string }> = [];
  for (const file of jsonFiles(join(schemasDir, '_models'))) {
    const label = `schemas/_models/${file}`;
    const raw = readJson(join(schemasDir, '_models', file), label, problems);
    if (raw === undefined) continue;
    if (!validateMeta(raw)) {
      for (const error of validateMeta.errors ?? []) problems.push(formatAjvError(label, error));
      continue;
    }
    const def = raw as ModelDef;
    if (def.name !== basename(file, '.json'))
      problems.push(`${label}: /name: must be "${basename(file, '.json')}" (the file name)`);
    defs.push({ def, label });
  }

  const byName = new Map(defs.map((d) => [d.def.name, d.def]));
  const tables = new Map<string, string>();
  const roleCodes = new Set(ROLES.map((r) => r.code));
  for (const { def, label } of defs) {
    const other = tables.get(def.table);
    if (other) problems.push(`${label}: /table: "${def.table}" is already the table of model "${other}"`);
    tables.set(def.table, def.name);
    for (const problem of checkModel(def, { models: byName, dicts, effects, roles: roleCodes })) {
      problems.push(`${label}: ${problem}`);
    }
  }
  if (problems.length) throw new ModelLoadError(problems);

  const ajv = createModelAjv();
  const models = new Map<string, CompiledModel>();
  for (const { def, label } of defs) {
    try {
      models.set(def.name, compileModel(def, dicts.get(def.states.$dict)!, ajv));
    } catch (error) {
      problems.push(`${label}: /fields: ${(error as Error).message}`);
    }
  }
  if (problems.length) throw new ModelLoadError(problems);
  return { models, dicts };
}
