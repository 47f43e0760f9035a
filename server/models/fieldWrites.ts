/**
 * Enforcement of a model's `fieldAccess` (renderer/core/model/fieldAccess.ts) on writes: a create or
 * update that sets or changes a field the current role may not write in the record's state is refused
 * as a whole (nothing is written), with the field named in `fieldErrors` so the page shows it there.
 */
import { isDeepStrictEqual } from 'node:util';
import { fieldAccessLevel } from '@renderer/core/model';
import { ApiError } from '../errors';
import type { CompiledModel } from './compileModel';

const empty = (value: unknown): boolean => value === undefined || value === null || value === '';

/**
 * @param input the client's values (read-only fields already stripped)
 * @param current the stored values of the record (null on create: any non-empty value is a write)
 * @throws ApiError FIELD_WRITE_FORBIDDEN
 */
export function assertFieldWrites(
  model: CompiledModel,
  role: string | null,
  state: string,
  input: Record<string, unknown>,
  current: Record<string, unknown> | null,
): void {
  const rules = model.def.fieldAccess;
  if (!rules) return;
  const refused: Record<string, string> = {};
  for (const [name, rule] of Object.entries(rules)) {
    if (!Object.prototype.hasOwnProperty.call(input, name) || !fieldAccessLevel(rule, role, state)) continue;
    const value = input[name];
    const before = current?.[name];
    const changed =
      current === null
        ? !empty(value)
        : !(empty(value) && empty(before)) && !isDeepStrictEqual(value, before);
    if (changed)
      refused[name] = new ApiError('FIELD_WRITE_FORBIDDEN', {
        title: model.fields.get(name)?.def.title ?? name,
      }).message;
  }
  const first = Object.keys(refused)[0];
  if (first !== undefined) {
    throw new ApiError(
      'FIELD_WRITE_FORBIDDEN',
      { title: model.fields.get(first)?.def.title ?? first },
      { fieldErrors: refused },
    );
  }
}
