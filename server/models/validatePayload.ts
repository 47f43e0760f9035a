import type { ErrorObject } from 'ajv';
import { formatAmount } from '@renderer/core/format';
import {
  amountMaxMessage,
  amountMinMessage,
  BUSINESS_DATE_MESSAGE,
  FORMATS,
  isKnownFormat,
  sumToProblem,
} from '@renderer/core/validators';
import { ApiError } from '../errors';
import { fieldAt, type CompiledModel } from './compileModel';

/** At most this many problems are listed in `data.errors` (`data.total` counts them all). */
export const MAX_REPORTED_ERRORS = 50;

/** One problem of a payload: the JSON pointer of the value and the Chinese message. */
export interface FieldError {
  field: string;
  message: string;
}

function valueAt(data: unknown, pointer: string): unknown {
  let v = data;
  for (const part of pointer.split('/').filter(Boolean))
    v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  return v;
}

/** The Chinese message of one ajv error, in the words the browser's validators use. */
function messageOf(model: CompiledModel, data: unknown, e: ErrorObject): FieldError | null {
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'required') {
    const field = `${e.instancePath}/${String(params.missingProperty)}`;
    return { field, message: `请填写${fieldAt(model, field)?.title ?? String(params.missingProperty)}` };
  }
  if (e.keyword === 'additionalProperties') {
    return {
      field: `${e.instancePath}/${String(params.additionalProperty)}`,
      message: `不支持的字段：${String(params.additionalProperty)}`,
    };
  }
  if (e.keyword === 'if') return null;
  const def = fieldAt(model, e.instancePath);
  const title = def?.title ?? e.instancePath;
  const value = valueAt(data, e.instancePath);
  const limit = Number(params.limit);
  let message: string;
  switch (e.keyword) {
    case 'format': {
      const format = String(params.format);
      const definition = isKnownFormat(format)
        ? (FORMATS as Readonly<Record<string, { validate: (v: unknown) => true | string }>>)[format]
        : undefined;
      const result = definition ? definition.validate(value) : true;
      message = `${title}：${result === true ? (format === 'date' ? BUSINESS_DATE_MESSAGE : '格式不正确') : result}`;
      break;
    }
    case 'amountMin':
      message = `${title}：${amountMinMessage(formatAmount(def?.amountMin ?? '0'))}`;
      break;
    case 'sumTo':
      message = def?.sumTo ? (sumToProblem(value, def.sumTo) ?? title) : title;
      break;
    case 'amountMax':
      message = `${title}：${amountMaxMessage(formatAmount(def?.amountMax ?? '0'))}`;
      break;
    case 'maxLength':
      message = `${title}不能超过${limit}个字符`;
      break;
    case 'minLength':
      message = limit <= 1 ? `请填写${title}` : `${title}不能少于${limit}个字符`;
      break;
    case 'minItems':
      message = limit <= 1 ? `请至少填写一条${title}` : `${title}至少${limit}条`;
      break;
    case 'maxItems':
      message = `${title}最多${limit}条`;
      break;
    case 'uniqueItems':
      message = `${title}不能重复`;
      break;
    case 'minimum':
      message = `${title}不能小于${limit}`;
      break;
    case 'maximum':
      message = `${title}不能大于${limit}`;
      break;
    case 'enum':
    case 'const':
      message = `${title}取值无效`;
      break;
    default:
      message = `${title}格式不正确`;
  }
  return { field: e.instancePath, message };
}

/**
 * Validates a payload with the model's ajv validator (the browser's format functions).
 * @throws ApiError RECORD_INVALID: message = the first problem, data.errors = all of them.
 */
export function validatePayload(model: CompiledModel, data: Record<string, unknown>): void {
  if (model.validate(data)) return;
  // De-duplicated in one pass and capped: a flood of bad keys costs linear time and a short answer.
  const seen = new Set<string>();
  const unique: FieldError[] = [];
  let total = 0;
  for (const e of model.validate.errors ?? []) {
    const error = messageOf(model, data, e);
    if (!error) continue;
    const key = `${error.field}\n${error.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    total++;
    if (unique.length < MAX_REPORTED_ERRORS) unique.push(error);
  }
  throw new ApiError(
    'RECORD_INVALID',
    { message: unique[0]?.message ?? '提交的信息有误，请检查后重试' },
    { errors: unique, total },
  );
}
