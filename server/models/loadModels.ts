import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { checkDictionaries, describeAjvErrors, formatIssue } from '@renderer/core/checker';
import { parseJson } from '@renderer/core/checker/jsonSyntax';
import { schemaFileOnDisk, schemaTreeFiles } from '@renderer/core/node';
import { compareMoney, isMoneyString } from '@renderer/core/format';
import { escapePointerSegment } from '@renderer/core/schema';
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

/** A problem of a model or dictionary file, located as the page checker locates its own (Chinese). */
export interface ModelFileProblem {
  /** Relative to `schemas/`: `_models/creditCash.json`. */
  file: string;
  pointer: string;
  message: string;
  /** For a file that is not valid JSON: where it stopped parsing (1-based). */
  line?: number;
  column?: number;
}

/**
 * A broken model or dictionary file: the message names every file, JSON pointer and problem, each file
 * where it is on disk (`onDisk`: renderer/core/node `schemaFileOnDisk`, e.g. products/credit/models/…, also
 * for a server running on a copy of the tree).
 */
export class ModelLoadError extends Error {
  readonly problems: string[];
  constructor(
    readonly located: ModelFileProblem[],
    onDisk?: (file: string) => string,
  ) {
    const problems = located.map((p) => formatIssue(p, onDisk));
    super(`业务模型有错误（模型、字典文件），请修正后再启动：\n  ${problems.join('\n  ')}`);
    this.name = 'ModelLoadError';
    this.problems = problems;
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

function readJson(full: string, file: string, problems: ModelFileProblem[]): unknown {
  const parsed = parseJson(readFileSync(full, 'utf8'));
  if ('value' in parsed) return parsed.value;
  const { line, column, message } = parsed.error;
  problems.push({
    file,
    pointer: '',
    message: `不是合法的 JSON：${message}`,
    line,
    column,
  });
  return undefined;
}

/**
 * The JSON files right inside a `_` folder of the schemas tree (`_models`, `_dicts`: schemas/ and the
 * product folders' models/ and dicts/, renderer/core/node/schemaTree.ts), by path in the tree, sorted.
 */
export function treeFolderFiles(schemasDir: string, folder: string): Array<[file: string, full: string]> {
  return [...schemaTreeFiles(schemasDir)]
    .filter(([file]) => file.startsWith(`${folder}/`) && !file.slice(folder.length + 1).includes('/'))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function loadDicts(schemasDir: string, problems: ModelFileProblem[]): Map<string, DictDef> {
  const raw: Record<string, unknown> = {};
  for (const [file, full] of treeFolderFiles(schemasDir, '_dicts')) {
    const value = readJson(full, file, problems);
    if (value !== undefined) raw[file] = value;
  }
  // The page checker's dictionary rules, one set for both (renderer/core/checker/checkSchemas.ts).
  const broken = new Set<string>();
  for (const issue of checkDictionaries(raw)) {
    problems.push(issue);
    broken.add(issue.file);
  }
  const dicts = new Map<string, DictDef>();
  for (const [file, value] of Object.entries(raw)) {
    if (broken.has(file)) continue;
    const name = basename(file, '.json');
    dicts.set(name, { name, items: (value as DictDef).items });
  }
  return dicts;
}

/** The models meta-schema's validator (Chinese messages need ajv's `verbose` data). */
let metaValidator: { dir: string; validate: ValidateFunction } | null = null;
function modelMetaValidator(schemasDir: string, problems: ModelFileProblem[]): ValidateFunction | null {
  if (metaValidator?.dir === schemasDir) return metaValidator.validate;
  const meta = readJson(join(schemasDir, '_meta', 'model.schema.json'), '_meta/model.schema.json', problems);
  if (!meta) return null;
  const validate = new Ajv({ allErrors: true, strict: false, verbose: true }).compile(meta as object);
  metaValidator = { dir: schemasDir, validate };
  return validate;
}

/**
 * An `enum` of `{value, label}` objects: the engine compares values, and a page's Select would show
 * "[object Object]". Options with labels are a dictionary.
 */
function enumObjectProblems(file: string, raw: unknown): ModelFileProblem[] {
  const out: ModelFileProblem[] = [];
  const visit = (field: unknown, pointer: string): void => {
    if (!field || typeof field !== 'object') return;
    const def = field as { enum?: unknown; items?: unknown; properties?: Record<string, unknown> };
    if (Array.isArray(def.enum) && def.enum.some((v) => v !== null && typeof v === 'object'))
      out.push({
        file,
        pointer: `${pointer}/enum`,
        message:
          'enum 应为取值的数组（如 ["A", "B"]）；带显示名称的选项请写成字典 schemas/_dicts/<名称>.json（{"value", "label"}），字段写 "dict": "<名称>"',
      });
    visit(def.items, `${pointer}/items`);
    for (const [name, child] of Object.entries(def.properties ?? {}))
      visit(child, `${pointer}/properties/${escapePointerSegment(name)}`);
  };
  const fields = (raw as { fields?: unknown } | null)?.fields;
  if (fields && typeof fields === 'object')
    for (const [name, field] of Object.entries(fields)) visit(field, `/fields/${escapePointerSegment(name)}`);
  return out;
}

/**
 * Checks every model and dictionary file of `schemasDir` (syntax, meta-schema, names) and returns the
 * located problems in Chinese: `npm run schemas:check` and the server's start-up run this same check.
 */
export function checkModelFiles(
  schemasDir: string,
  effects: EffectRegistry,
): {
  problems: ModelFileProblem[];
  defs: Array<{ def: ModelDef; file: string }>;
  dicts: Map<string, DictDef>;
} {
  const problems: ModelFileProblem[] = [];
  const dicts = loadDicts(schemasDir, problems);
  const validateMeta = modelMetaValidator(schemasDir, problems);
  const defs: Array<{ def: ModelDef; file: string }> = [];
  if (!validateMeta) return { problems, defs, dicts };
  for (const [file, full] of treeFolderFiles(schemasDir, '_models')) {
    const name = basename(file);
    const raw = readJson(full, file, problems);
    if (raw === undefined) continue;
    const shapes = enumObjectProblems(file, raw);
    const states = (raw as { states?: unknown } | null)?.states;
    if (Array.isArray(states))
      shapes.push({
        file,
        pointer: '/states',
        message: `states 应为 {"$dict": "<字典名>"}：状态（{"value", "label"}）写在字典 schemas/_dicts/<字典名>.json 中，不能直接写数组`,
      });
    problems.push(...shapes);
    if (!validateMeta(raw)) {
      for (const p of describeAjvErrors(validateMeta.errors ?? []))
        if (!shapes.some((e) => p.pointer.startsWith(e.pointer))) problems.push({ file, ...p });
      continue;
    }
    if (shapes.length > 0) continue;
    const def = raw as ModelDef;
    if (def.name !== basename(name, '.json'))
      problems.push({
        file,
        pointer: '/name',
        message: `模型名应与文件名一致："${basename(name, '.json')}"`,
      });
    defs.push({ def, file });
  }

  const byName = new Map(defs.map((d) => [d.def.name, d.def]));
  const tables = new Map<string, string>();
  const roleCodes = new Set(ROLES.map((r) => r.code));
  for (const { def, file } of defs) {
    const other = tables.get(def.table);
    if (other)
      problems.push({ file, pointer: '/table', message: `表 "${def.table}" 已是模型 "${other}" 的表` });
    tables.set(def.table, def.name);
    for (const problem of checkModel(def, { models: byName, dicts, effects, roles: roleCodes })) {
      const at = /^(\/[^:]*|): ([\s\S]*)$/.exec(problem);
      problems.push({ file, pointer: at?.[1] ?? '', message: at?.[2] ?? problem });
    }
  }
  return { problems, defs, dicts };
}

/**
 * Reads, validates and compiles every model. Stops at nothing: all problems are collected.
 * @throws ModelLoadError naming each broken file, the JSON pointer and the problem.
 */
export function loadModels(schemasDir: string, effects: EffectRegistry): ModelSet {
  const { problems, defs, dicts } = checkModelFiles(schemasDir, effects);
  if (problems.length) throw new ModelLoadError(problems, schemaFileOnDisk(schemasDir));
  const ajv = createModelAjv();
  const models = new Map<string, CompiledModel>();
  for (const { def, file } of defs) {
    try {
      models.set(def.name, compileModel(def, dicts.get(def.states.$dict)!, ajv));
    } catch (error) {
      problems.push({ file, pointer: '/fields', message: (error as Error).message });
    }
  }
  if (problems.length) throw new ModelLoadError(problems, schemaFileOnDisk(schemasDir));
  return { models, dicts };
}
