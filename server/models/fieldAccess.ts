/**
 * Enforcement of a model's `fieldAccess` (renderer/core/model/fieldAccess.ts, ADR 0012).
 * Reads: a field hidden from the role leaves no answer (recordJson), and a request naming it (a list's
 * filter or sort, a summary, an aggregate's group or measure, an export's or import's column) is refused
 * with FIELD_HIDDEN: whatever the path, the role learns nothing of its values.
 * Writes: a create or update that sets or changes a field the current role may not write in the
 * record's state is refused as a whole (nothing is written), with the field named in `fieldErrors` so
 * the page shows it there.
 */
import { isDeepStrictEqual } from 'node:util';
import { fieldAccessLevel, isFieldHidden } from '@renderer/core/model';
import { ApiError } from '../errors';
import type { CompiledModel } from './compileModel';

/** Whether `role` may never see the model's field `name` (a member path `a.b` counts as `a`). */
export function hiddenFrom(model: CompiledModel, role: string | null, name: string): boolean {
  const [head = ''] = name.split('.');
  return isFieldHidden(model.def.fieldAccess?.[head], role);
}

/**
 * Refuses a request that names a field hidden from the role.
 * @throws ApiError FIELD_HIDDEN naming the first such field
 */
export function assertFieldsVisible(
  model: CompiledModel,
  role: string | null,
  names: Iterable<string>,
): void {
  if (!model.def.fieldAccess) return;
  for (const name of names) {
    if (!hiddenFrom(model, role, name)) continue;
    const [head = ''] = name.split('.');
    throw new ApiError('FIELD_HIDDEN', { title: model.fields.get(head)?.def.title ?? head });
  }
}

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
