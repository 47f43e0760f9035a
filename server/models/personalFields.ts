/**
 * Personal data in model records (contract/personalData.ts, the one rule of every answer): a field whose
 * format is a personal one (`idCard`, `phone`, `bankAccount`, `bankCard`; PERSONAL_DATA_FORMATS), at any
 * depth (a transfer's `lines[].accountNo`), is masked in every record the engine answers (recordJson: a
 * list, a detail and its children, an export's rows, the record a write answers) for an actor who does not
 * see it whole: whole only for the owning enterprise's operators, directors and administrator and for the
 * roles of the parties the model declares (`personalData.wholeFor`: the funder who pays into the account),
 * by contract/personalData.ts seesRecordPersonalData. Stored values stay whole; the roles that create and
 * edit records are the owner's and see them whole (checkModel), so writes never meet a masked value.
 *
 * Such a role may not learn a value another way either: a filter, a sort or an aggregate's group on the
 * field is refused with FIELD_MASKED (not even exact-match filtering: with four characters hidden, it
 * would confirm a guess in at most 10,000 tries); checkModel allows them only on models whose records have
 * the owner as their only party, where the role alone decides.
 */
import {
  maskPersonalData,
  PERSONAL_DATA_FORMATS,
  type RecordPersonalData,
  seesPersonalData,
  seesRecordPersonalData,
  type PersonalDataKind,
} from '@contract/personalData';
import { ApiError } from '../errors';
import type { CompiledModel } from './compileModel';
import type { FieldDef, ModelDef } from './types';

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

/** A model's personal-data declaration with its owner resolved (undefined: it declares none and creates none). */
export function personalDataOf(def: ModelDef): RecordPersonalData | undefined {
  const owner = def.personalData?.owner ?? def.create?.corpField;
  return owner === undefined ? undefined : { owner, wholeFor: def.personalData?.wholeFor ?? [] };
}

/**
 * A record's values as the actor (`role`, and `isParty`: whether its enterprise is in a party field of
 * the record) may see them: `data` itself when it sees the record's personal data whole or the model has
 * none, else a copy with every personal value masked.
 */
export function personalDataAsSeen(
  model: CompiledModel,
  role: string | null,
  isParty: (field: string) => boolean,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const names = personalFields(model);
  if (names.length === 0) return data;
  const decl = personalDataOf(model.def);
  if (decl && seesRecordPersonalData(role, decl, isParty)) return data;
  const out = { ...data };
  for (const name of names)
    if (Object.prototype.hasOwnProperty.call(out, name))
      out[name] = maskValue(model.fields.get(name)!.def, out[name]);
  return out;
}

/**
 * One field's value masked if it holds personal data: an answer to a visitor without a role (a public
 * link's essentials), who sees every record's personal data masked (seesRecordPersonalData).
 */
export function personalValueMasked(model: CompiledModel, name: string, value: unknown): unknown {
  const field = model.fields.get(name);
  return field && holdsPersonalData(field.def) ? maskValue(field.def, value) : value;
}

/**
 * Refuses a filter, sort or group that names a field holding personal data (a member path `a.b` counts as
 * `a`) for a role that sees it masked. The role decides alone: checkModel allows such a query only on a
 * model whose records have their owner as only party.
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
