/**
 * Validates a loaded page schema against the meta-schema (`page.schema.json`) with ajv, and turns
 * ajv's errors into located messages an analyst can act on: one per problem, with the expectation
 * ('应为以下之一：…', '未知的键 "titel"，是否应为 "title"？').
 */
import Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { PRODUCT_CODES } from '@contract/products';
import pageMetaSchema from '@renderer/core/schema/page.schema.json';
import { escapePointerSegment } from '@renderer/core/schema';
import { didYouMean } from './suggest';

/** One meta-schema violation: where (pointer into the loaded schema) and what was expected. */
export interface MetaProblem {
  pointer: string;
  message: string;
}

let compiled: { validate: ValidateFunction; products: number } | null = null;

/**
 * The compiled meta-schema validator (compiled once, again when a product joined: contract/products.ts
 * `registerProduct`; this runs in Node and tests, never in the browser). The route block's product enum
 * is the products' codes as the contract has them.
 */
function validator(): ValidateFunction {
  if (!compiled || compiled.products !== PRODUCT_CODES.length) {
    const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
    const schema = structuredClone(pageMetaSchema) as {
      definitions: { route: { properties: { product: { enum: unknown[] } } } };
    };
    schema.definitions.route.properties.product.enum = [...PRODUCT_CODES];
    compiled = { validate: ajv.compile(schema), products: PRODUCT_CODES.length };
  }
  return compiled.validate;
}

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  number: '数字',
  integer: '整数',
  boolean: '布尔值（true/false）',
  object: '对象',
  array: '数组',
  null: 'null',
};

const typeName = (type: unknown): string =>
  (Array.isArray(type) ? type : [type]).map((t) => TYPE_NAMES[String(t)] ?? String(t)).join(' 或 ');

function suggestion(key: string, allowed: string[]): string {
  const best = didYouMean(key, allowed);
  if (best) return best;
  return allowed.length > 0 && allowed.length <= 30 ? `（可用的键：${allowed.join(', ')}）` : '';
}

function describe(error: ErrorObject): MetaProblem | null {
  const pointer = error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { pointer, message: `缺少必填的键 "${String(params.missingProperty)}"` };
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const parent = error.parentSchema as { properties?: Record<string, unknown> } | undefined;
      const allowed = Object.keys(parent?.properties ?? {});
      return {
        pointer: `${pointer}/${escapePointerSegment(key)}`,
        message: `未知的键 "${key}"${suggestion(key, allowed)}`,
      };
    }
    case 'enum':
      return {
        pointer,
        message: `值 ${JSON.stringify(error.data)} 不在允许范围内，应为以下之一：${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'type':
      return { pointer, message: `应为${typeName(params.type)}` };
    case 'pattern':
      return {
        pointer,
        message: `值 ${JSON.stringify(error.data)} 格式不对，应匹配 ${String(params.pattern)}`,
      };
    case 'minItems':
      return { pointer, message: `至少应有 ${String(params.limit)} 项` };
    case 'minLength':
      return { pointer, message: params.limit === 1 ? '不能为空' : `至少 ${String(params.limit)} 个字符` };
    case 'minimum':
      return { pointer, message: `应不小于 ${String(params.limit)}` };
    case 'maximum':
      return { pointer, message: `应不大于 ${String(params.limit)}` };
    case 'uniqueItems':
      return { pointer, message: `有重复项（第 ${String(params.j)} 项和第 ${String(params.i)} 项）` };
    case 'const':
    case 'if':
    case 'anyOf':
    case 'oneOf':
      return null;
    default:
      return { pointer, message: error.message ?? error.keyword };
  }
}

/** Errors that belong to the "it could also be a reference" branches: never the real problem after loading. */
const isReferenceBranch = (error: ErrorObject): boolean => {
  // ajv reports schema paths relative to the referenced definition, so recognise the definitions
  // themselves: they are the only ones requiring `$ref` / `$dict`.
  const required = (error.parentSchema as { required?: unknown } | undefined)?.required;
  return Array.isArray(required) && (required.includes('$ref') || required.includes('$dict'));
};

/**
 * Validates `schema` (already loaded: references resolved) against the page meta-schema.
 * Where the meta-schema allows alternatives (a column or a `$ref`, an object or an array), only the
 * errors of the alternative that matched the value's type are reported.
 */
export function validateAgainstMetaSchema(schema: unknown): MetaProblem[] {
  const validate = validator();
  if (validate(schema)) return [];
  return describeAjvErrors(validate.errors ?? [], { resolvedReferences: true });
}

/**
 * Turns the errors of an ajv validator compiled with `verbose: true` into located Chinese messages,
 * one per problem (also for the models' meta-schema, `schemas/_meta/model.schema.json`).
 * `resolvedReferences`: the value is a loaded page (its `$ref`/`$dict` branches cannot be the problem).
 */
export function describeAjvErrors(
  all: readonly ErrorObject[],
  options: { resolvedReferences?: boolean } = {},
): MetaProblem[] {
  // In a loaded page every `$ref`/`$dict` is resolved: the errors of those branches are noise there.
  const errors = options.resolvedReferences ? all.filter((e) => !isReferenceBranch(e)) : [...all];
  const deeper = (pointer: string): boolean =>
    errors.some(
      (e) =>
        e.keyword !== 'type' &&
        !['anyOf', 'if', 'const'].includes(e.keyword) &&
        (e.instancePath === pointer || e.instancePath.startsWith(`${pointer}/`)),
    );
  const problems: MetaProblem[] = [];
  const typeErrors = new Map<string, Set<string>>();
  for (const error of errors) {
    if (error.keyword === 'type') {
      if (deeper(error.instancePath)) continue;
      const set = typeErrors.get(error.instancePath) ?? new Set<string>();
      for (const t of Array.isArray(error.params.type) ? error.params.type : [error.params.type])
        set.add(String(t));
      typeErrors.set(error.instancePath, set);
      continue;
    }
    const problem = describe(error);
    if (problem && !problems.some((p) => p.pointer === problem.pointer && p.message === problem.message)) {
      problems.push(problem);
    }
  }
  for (const [pointer, types] of typeErrors)
    problems.push({ pointer, message: `应为${typeName([...types])}` });
  return problems;
}
