/**
 * Personal data in model records (contract/personalData.ts, the one rule of every answer): a field whose
 * format is a personal one (`idCard`, `phone`, `bankAccount`, `bankCard`; PERSONAL_DATA_FORMATS), at any
 * depth (a transfer's `lines[].accountNo`), is masked in every record the engine answers (recordJson: a
 * list, a detail and its children, an export's rows, the record a write answers) for a role that does not
 * see personal data whole. Stored values stay whole; the roles that create and edit records see them whole
 * (checkModel refuses a model whose writers would not), so writes never meet a masked value.
 *
 * Such a role may not learn a value another way either: a filter, a sort or an aggregate's group on the
 * field is refused with FIELD_MASKED (not even exact-match filtering: with four characters hidden, it
 * would confirm a guess in at most 10,000 tries).
 */
import {
  maskPersonalData,
  PERSONAL_DATA_FORMATS,
  seesPersonalData,
  type PersonalDataKind,
} from '@contract/personalData';
import { ApiError } from '../errors';
import type { CompiledModel } from './compileModel';
import type { FieldDef } from './types';

/** The personal-data kind of a field's own value, if any. */
const kindOf = (def: FieldDef): PersonalDataKind | undefined =>
  def.format === undefined ? undefined : PERSONAL_DATA_FORMATS.get(def.format);

/** Whether a field's value holds personal data, itself or in a member or item at any depth. */
export function holdsPersonalData(def: FieldDef): boolean {
  return (
    kindOf(def) !== undefined ||
    (def.items !== undefined && holdsPersonalData(def.items)) ||
    Object.values(def.properties ?? {}).some(holdsPersonalData)
  );
}

const cache = new WeakMap<CompiledModel, readonly string[]>();

/** The model's top-level fields that hold personal data (computed once per model). */
export function personalFields(model: CompiledModel): readonly string[] {
  let names = cache.get(model);
  if (!names) {
    names = [...model.fields.values()].filter((f) => holdsPersonalData(f.def)).map((f) => f.name);
    cache.set(model, names);
  }
  return names;
}

/** `value` of a field defined by `def`, its personal data masked (a new value; the input is not changed). */
function maskValue(def: FieldDef, value: unknown): unknown {
  const kind = kindOf(def);
  if (kind) return typeof value === 'string' ? maskPersonalData(kind, value) : value;
  if (Array.isArray(value)) return def.items ? value.map((item) => maskValue(def.items!, item)) : value;
  if (value && typeof value === 'object' && def.properties) {
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [name, member] of Object.entries(def.properties))
      if (Object.prototype.hasOwnProperty.call(out, name) && holdsPersonalData(member))
        out[name] = maskValue(member, out[name]);
    return out;
  }
  return value;
}

/**
 * A record's values as `role` may see them: `data` itself when the role sees personal data whole or the
 * model has none, else a copy with every personal value masked.
 */
export function personalDataAsSeen(
  model: CompiledModel,
  role: string | null,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const names = personalFields(model);
  if (names.length === 0 || seesPersonalData(role)) return data;
  const out = { ...data };
  for (const name of names)
    if (Object.prototype.hasOwnProperty.call(out, name))
      out[name] = maskValue(model.fields.get(name)!.def, out[name]);
  return out;
}

/** One field's value as `role` may see it (an answer that picks single fields, e.g. a public link's). */
export function personalValueAsSeen(
  model: CompiledModel,
  role: string | null,
  name: string,
  value: unknown,
): unknown {
  const field = model.fields.get(name);
  return field && !seesPersonalData(role) && holdsPersonalData(field.def)
    ? maskValue(field.def, value)
    : value;
}

/**
 * Refuses a filter, sort or group that names a field holding personal data (a member path `a.b` counts as
 * `a`) for a role that sees it masked.
 * @throws ApiError FIELD_MASKED naming the first such field
 */
export function assertNotMasked(model: CompiledModel, role: string | null, names: Iterable<string>): void {
  if (personalFields(model).length === 0 || seesPersonalData(role)) return;
  for (const name of names) {
    const [head = ''] = name.split('.');
    const field = model.fields.get(head);
    if (field && holdsPersonalData(field.def)) throw new ApiError('FIELD_MASKED', { title: field.def.title });
  }
}
