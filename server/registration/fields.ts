import type { ValidatorResult } from '@renderer/core/validators';
import type { ApiError } from '../errors';
import { registrationError } from './errors';

/** The coded refusal of a field that breaks its rule: the validator's own message, the field named. */
export type FieldRefusal = (message: string, field: string) => ApiError;

const REGISTRATION_FIELD: FieldRefusal = (message, name) =>
  registrationError('REG_FIELD_INVALID', { message }, { field: name });

/** Refuses `value` of the field `name` when it breaks `validate` (taken as sent: passwords are never trimmed). */
export function checkValue(
  name: string,
  value: unknown,
  validate: (v: unknown) => ValidatorResult,
  refuse: FieldRefusal = REGISTRATION_FIELD,
): void {
  const result = validate(value);
  if (result !== true) throw refuse(result, name);
}

/**
 * A field of a request body checked by its shared validator (renderer/core/validators): the trimmed text,
 * or the refusal carrying the first rule it breaks (REG_FIELD_INVALID unless `refuse` says otherwise).
 */
export function checkedField(
  body: Record<string, unknown>,
  name: string,
  validate: (v: unknown) => ValidatorResult,
  refuse: FieldRefusal = REGISTRATION_FIELD,
): string {
  const raw = body[name];
  const value = typeof raw === 'string' ? raw.trim() : raw;
  checkValue(name, value, validate, refuse);
  return value as string;
}
