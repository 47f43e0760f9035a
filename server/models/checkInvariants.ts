import { isBusinessProduct } from '@contract/products';
import type { DictDef, FieldDef, ModelDef, RequirementDef } from './types';

/** What the invariant declarations of a model may refer to (checkModel's context). */
export interface InvariantCheckContext {
  models: ReadonlyMap<string, ModelDef>;
  dicts: ReadonlyMap<string, DictDef>;
}

/**
 * The checks of a model's invariant declarations (server/models/invariants.ts) beyond the meta-schema:
 * the `requires` of transitions, create and update name existing models, reference fields and states; `children.lockedStates` are
 * states of the model; a corp field's `opened` names a product or a top-level field holding product
 * codes. Returns `/json/pointer: problem` strings like checkModel.
 */
export function checkInvariants(def: ModelDef, ctx: InvariantCheckContext): string[] {
  const problems: string[] = [];
  const report = (pointer: string, message: string): void => void problems.push(`${pointer}: ${message}`);
  const statesOf = (model: ModelDef): Set<string> | null => {
    const dict = ctx.dicts.get(model.states.$dict);
    return dict ? new Set(dict.items.map((i) => i.value)) : null;
  };
  const needStates = (pointer: string, model: ModelDef, states: string[]): void => {
    const known = statesOf(model);
    states.forEach((s, i) => {
      if (known && !known.has(s)) report(`${pointer}/${i}`, `unknown state "${s}" of model ${model.name}`);
    });
  };

  const checkRequires = (pointer: string, requires: RequirementDef[] | undefined, isCreate = false): void =>
    (requires ?? []).forEach((r, j) => {
      const at = `${pointer}/${j}`;
      if (isCreate && r.kind === 'noRelated') {
        report(`${at}/kind`, 'a new record has no related records: a create requires refState only');
        return;
      }
      if (r.kind === 'refState') {
        const field = def.fields[r.field];
        const target = field?.ref && field.ref !== 'corp' ? ctx.models.get(field.ref) : undefined;
        if (!target) {
          report(`${at}/field`, `"${r.field}" is not a field referring to another model's record`);
          return;
        }
        needStates(`${at}/states`, target, r.states);
        return;
      }
      const related = ctx.models.get(r.model);
      if (!related) {
        report(`${at}/model`, `unknown model "${r.model}"`);
        return;
      }
      const field = related.fields[r.field];
      if (!field || field.ref !== def.name)
        report(`${at}/field`, `"${r.model}.${r.field}" must be a field with "ref": "${def.name}"`);
      else if (!field.index) report(`${at}/field`, `"${r.model}.${r.field}" needs "index": true`);
      needStates(`${at}/states`, related, r.states);
    });
  def.transitions.forEach((t, i) => checkRequires(`/transitions/${i}/requires`, t.requires));
  checkRequires('/create/requires', def.create?.requires, true);
  checkRequires('/update/requires', def.update?.requires);

  if (def.children?.lockedStates) needStates('/children/lockedStates', def, def.children.lockedStates);

  const visit = (pointer: string, field: FieldDef, topLevel: boolean): void => {
    if (field.opened !== undefined) {
      if (field.ref !== 'corp') report(`${pointer}/opened`, 'opened needs "ref": "corp"');
      else if (typeof field.opened === 'string') {
        if (!isBusinessProduct(field.opened))
          report(`${pointer}/opened`, `unknown product "${field.opened}" (contract/products.ts)`);
      } else if (!topLevel) {
        report(`${pointer}/opened`, 'a product named by a field is for top-level fields only');
      } else {
        const named = def.fields[field.opened.field];
        if (!named) report(`${pointer}/opened/field`, `unknown field "${field.opened.field}"`);
        else if (!named.enum || !named.enum.every((v) => typeof v === 'string' && isBusinessProduct(v)))
          report(`${pointer}/opened/field`, `"${field.opened.field}" must have an enum of product codes`);
      }
    }
    if (field.items) visit(`${pointer}/items`, field.items, false);
    for (const [name, child] of Object.entries(field.properties ?? {}))
      visit(`${pointer}/properties/${name}`, child, false);
  };
  for (const [name, field] of Object.entries(def.fields)) visit(`/fields/${name}`, field, true);
  return problems;
}
