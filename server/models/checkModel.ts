import { BUSINESS_PRODUCT_CODES, isBusinessProduct } from '@contract/products';
import { isKnownFormat } from '@renderer/core/validators';
import { checkInvariants } from './checkInvariants';
import { dbTypeOf, kindOf, RESERVED_FIELDS } from './compileModel';
import type { EffectRegistry } from './effects/effectRegistry';
import { checkHandover, createStep } from './handovers';
import { holdsPersonalData, personalDataOf } from './personalFields';
import { seesPersonalData } from '@contract/personalData';
import type { DictDef, EffectRef, FieldDef, ModelDef } from './types';

/** What a model may refer to. */
export interface CheckContext {
  models: ReadonlyMap<string, ModelDef>;
  dicts: ReadonlyMap<string, DictDef>;
  effects: EffectRegistry;
  roles: ReadonlySet<string>;
}

const JSON_FORMATS = new Set(['date', 'date-time']);

/** A field holding enterprise ids: `ref: 'corp'`, or an array of strings (e.g. receiverCorpIds). */
function isCorpField(def: FieldDef | undefined): boolean {
  if (!def) return false;
  if (def.type === 'string') return def.ref === 'corp';
  return def.type === 'array' && def.items?.type === 'string';
}

/**
 * The checks beyond the meta-schema: every name a model uses must exist (fields, states, roles,
 * effects, dictionaries, models) and fit its use. Returns `/json/pointer: problem` strings.
 */
export function checkModel(def: ModelDef, ctx: CheckContext): string[] {
  const problems: string[] = [];
  const report = (pointer: string, message: string): void => void problems.push(`${pointer}: ${message}`);
  const stateField = def.stateField ?? 'status';
  const fields = def.fields;
  const has = (name: string): boolean => Object.prototype.hasOwnProperty.call(fields, name);
  const needField = (pointer: string, name: string, allowState = false): FieldDef | undefined => {
    if (allowState && name === stateField) return undefined;
    if (!has(name)) report(pointer, `unknown field "${name}"`);
    return fields[name];
  };

  const dict = ctx.dicts.get(def.states.$dict);
  if (!dict)
    report(
      '/states/$dict',
      `unknown dictionary "${def.states.$dict}" (expected schemas/_dicts/${def.states.$dict}.json)`,
    );
  const states = new Set(dict?.items.map((i) => i.value) ?? []);
  const needState = (pointer: string, state: string): void => {
    if (dict && !states.has(state))
      report(pointer, `unknown state "${state}" (dictionary ${dict.name}: ${[...states].join(', ')})`);
  };
  needState('/initialState', def.initialState);
  if (has(stateField))
    report(`/fields/${stateField}`, `"${stateField}" is the state field; states come from the dictionary`);

  const checkField = (
    pointer: string,
    name: string,
    field: FieldDef,
    siblings: Record<string, FieldDef>,
  ): void => {
    if (field.format && !JSON_FORMATS.has(field.format) && !isKnownFormat(field.format)) {
      report(`${pointer}/format`, `unknown format "${field.format}"`);
    }
    if (field.ref && field.ref !== 'corp' && !ctx.models.has(field.ref))
      report(`${pointer}/ref`, `unknown model "${field.ref}"`);
    if (field.nameField && !Object.prototype.hasOwnProperty.call(siblings, field.nameField)) {
      report(`${pointer}/nameField`, `unknown sibling field "${field.nameField}"`);
    }
    if ((field.corpTypes || field.nameField) && field.ref !== 'corp')
      report(pointer, 'corpTypes and nameField need "ref": "corp"');
    if (field.dict && !ctx.dicts.has(field.dict))
      report(`${pointer}/dict`, `unknown dictionary "${field.dict}"`);
    if ((field.dateAfter || field.dayWindow) && field.format !== 'date')
      report(pointer, 'dateAfter/dayWindow need format date');
    if (field.dateAfter && siblings[field.dateAfter]?.format !== 'date')
      report(`${pointer}/dateAfter`, `"${field.dateAfter}" is not a sibling date field`);
    if ((field.amountMin || field.amountMax) && field.format !== 'money' && field.format !== 'amount') {
      report(pointer, 'amountMin/amountMax need format money or amount');
    }
    for (const req of field.required ?? []) {
      if (!field.properties?.[req]) report(`${pointer}/required`, `unknown property "${req}" of "${name}"`);
    }
    if (field.items) checkField(`${pointer}/items`, name, field.items, {});
    for (const [child, def] of Object.entries(field.properties ?? {})) {
      checkField(`${pointer}/properties/${child}`, child, def, field.properties ?? {});
    }
  };
  for (const [name, field] of Object.entries(fields)) {
    if (RESERVED_FIELDS.has(name)) report(`/fields/${name}`, `"${name}" is reserved for a system value`);
    checkField(`/fields/${name}`, name, field, fields);
  }
  (def.required ?? []).forEach((name, i) => {
    const field = needField(`/required/${i}`, name);
    if (field?.readOnly) report(`/required/${i}`, `"${name}" is readOnly: a client cannot send it`);
  });

  if (def.numbering) {
    const field = needField('/numbering/field', def.numbering.field);
    if (field && (field.type !== 'string' || !field.readOnly))
      report('/numbering/field', 'must be a readOnly string field');
  }

  const checkParty = (pointer: string, party: string | string[]): void => {
    (Array.isArray(party) ? party : [party]).forEach((name, i) => {
      const at = Array.isArray(party) ? `${pointer}/${i}` : pointer;
      const field = needField(at, name);
      if (field && !isCorpField(field))
        report(at, `"${name}" does not hold enterprise ids (ref "corp" or an array of strings)`);
    });
  };
  const checkEffects = (pointer: string, effects: EffectRef[] | undefined): void => {
    (effects ?? []).forEach((effect, i) => {
      const name = typeof effect === 'string' ? effect : effect.name;
      if (!ctx.effects.has(name))
        report(`${pointer}/${i}`, `unknown effect "${name}" (registered: ${ctx.effects.names().join(', ')})`);
    });
  };
  const checkRoles = (pointer: string, roles: string[]): void => {
    roles.forEach((role, i) => {
      if (!ctx.roles.has(role)) report(`${pointer}/${i}`, `unknown role "${role}"`);
    });
  };

  def.visibility.corpFields.forEach((name, i) => {
    const field = needField(`/visibility/corpFields/${i}`, name);
    if (field && !isCorpField(field))
      report(`/visibility/corpFields/${i}`, `"${name}" does not hold enterprise ids`);
  });
  if (def.create) {
    checkRoles('/create/roles', def.create.roles);
    const field = needField('/create/corpField', def.create.corpField);
    if (field && field.ref !== 'corp')
      report('/create/corpField', `"${def.create.corpField}" must be a ref "corp" field`);
    if (!def.visibility.corpFields.includes(def.create.corpField)) {
      report('/create/corpField', 'must be one of visibility.corpFields (the creator must see the record)');
    }
    checkEffects('/create/effects', def.create.effects);
  }
  if (def.update) {
    checkRoles('/update/roles', def.update.roles);
    def.update.states.forEach((s, i) => needState(`/update/states/${i}`, s));
    checkParty('/update/party', def.update.party);
    checkEffects('/update/effects', def.update.effects);
  }
  checkPersonalData(def, report, checkParty, checkRoles);
  if (def.delete) {
    checkRoles('/delete/roles', def.delete.roles);
    def.delete.states.forEach((s, i) => needState(`/delete/states/${i}`, s));
    checkParty('/delete/party', def.delete.party);
    if (def.transitions.some((t) => t.action === 'delete'))
      report('/delete', 'a transition named "delete" would hide the delete action');
    // A deleted record must not leave children or references pointing at nothing.
    if (def.children) report('/delete', `records with children (${def.children.model}) cannot be deleted`);
    for (const [other, m] of ctx.models)
      for (const [name, field] of Object.entries(m.fields))
        if (field.ref === def.name)
          report('/delete', `"${other}.${name}" refers to this model; its records cannot be deleted`);
  }

  const actions = new Set<string>();
  def.transitions.forEach((t, i) => {
    const at = `/transitions/${i}`;
    if (actions.has(t.action)) report(`${at}/action`, `duplicate action "${t.action}"`);
    actions.add(t.action);
    t.from.forEach((s, j) => needState(`${at}/from/${j}`, s));
    needState(`${at}/to`, t.to);
    (t.outcomes ?? []).forEach((s, j) => needState(`${at}/outcomes/${j}`, s));
    checkRoles(`${at}/roles`, t.roles);
    checkParty(`${at}/party`, t.party);
    if (t.reasonField) needField(`${at}/reasonField`, t.reasonField);
    for (const name of Object.keys(t.set ?? {})) needField(`${at}/set/${name}`, name);
    checkEffects(`${at}/effects`, t.effects);
    problems.push(...checkHandover(def, t, at, ctx.roles));
  });
  const created = createStep(def);
  if (created) problems.push(...checkHandover(def, created, '/create', ctx.roles));

  for (const [name, kind] of Object.entries(def.query?.filters ?? {})) {
    const at = `/query/filters/${name}`;
    if (name === stateField) {
      if (kind === 'range' || kind === 'contains') report(at, 'the state takes eq or in');
      continue;
    }
    const field = needField(at, name);
    if (!field) continue;
    const k = kindOf(dbTypeOf(field));
    if (kind === 'range' && !['money', 'decimal', 'integer', 'date', 'datetime'].includes(k))
      report(at, 'range needs a money, number or date field');
    if (kind === 'contains' && k !== 'text') report(at, 'contains needs a text field');
    if ((kind === 'eq' || kind === 'in') && k === 'json') report(at, `${kind} needs a scalar field`);
  }
  (def.query?.sort ?? []).forEach((name, i) => {
    const field = needField(`/query/sort/${i}`, name);
    if (field && kindOf(dbTypeOf(field)) === 'json')
      report(`/query/sort/${i}`, 'cannot sort on an array or object');
  });
  const defaultSort = def.query?.defaultSort?.split(',')[0];
  if (defaultSort && defaultSort !== 'createdAt' && !def.query?.sort?.includes(defaultSort)) {
    report('/query/defaultSort', `"${defaultSort}" is not in query.sort`);
  }

  for (const [name, group] of Object.entries(def.aggregates?.groupBy ?? {})) {
    const at = `/aggregates/groupBy/${name}`;
    if (group.kind === 'counterparty') {
      if (!group.fields) report(at, 'counterparty needs "fields"');
      (group.fields ?? []).forEach((f, i) => {
        const field = needField(`${at}/fields/${i}`, f);
        if (field && field.ref !== 'corp') report(`${at}/fields/${i}`, `"${f}" must be a ref "corp" field`);
      });
    } else if (!group.field) report(at, `${group.kind} needs "field"`);
    else {
      const field = needField(`${at}/field`, group.field, true);
      if (group.kind === 'month' && field && kindOf(dbTypeOf(field)) !== 'date')
        report(`${at}/field`, 'month needs a date field');
    }
    if (group.labelField) needField(`${at}/labelField`, group.labelField);
  }
  (def.aggregates?.measures ?? []).forEach((name, i) => {
    const field = needField(`/aggregates/measures/${i}`, name);
    if (field && kindOf(dbTypeOf(field)) !== 'money')
      report(`/aggregates/measures/${i}`, 'must be a money field (sums are exact decimals)');
  });

  if (def.children) {
    const child = ctx.models.get(def.children.model);
    if (!child) report('/children/model', `unknown model "${def.children.model}"`);
    else if (!Object.prototype.hasOwnProperty.call(child.fields, def.children.field)) {
      report('/children/field', `model "${child.name}" has no field "${def.children.field}"`);
    } else if (!child.fields[def.children.field]!.index && child.numbering?.field !== def.children.field) {
      // A record's detail reads its children by that field (no visibility index serves it).
      report('/children/field', `"${child.name}.${def.children.field}" needs "index": true`);
    }
  }
  (def.openedProductAnyOf ?? []).forEach((code, i) => {
    if (!isBusinessProduct(code))
      report(
        `/openedProductAnyOf/${i}`,
        `"${code}" is not a business product (${BUSINESS_PRODUCT_CODES.join(', ')})`,
      );
  });
  for (const [name, rule] of Object.entries(def.fieldAccess ?? {})) {
    const at = `/fieldAccess/${name}`;
    const field = needField(at, name);
    if (field?.readOnly) report(at, `"${name}" is readOnly: no client writes it anyway`);
    checkRoles(`${at}/hidden`, rule.hidden ?? []);
    checkRoles(`${at}/write/roles`, rule.write?.roles ?? []);
    (rule.write?.states ?? []).forEach((s, i) => needState(`${at}/write/states/${i}`, s));
  }
  if (def.files) {
    (def.files.states ?? []).forEach((s, i) => needState(`/files/states/${i}`, s));
    const single = def.files.single;
    if (single) {
      for (const key of ['idField', 'nameField', 'sizeField', 'atField'] as const) {
        if (single[key]) needField(`/files/single/${key}`, single[key]);
      }
    }
  }
  if (def.import) {
    if (!def.create) report('/import', 'an import creates records: the model needs "create"');
    for (const key of ['fields', 'values'] as const) {
      (def.import[key] ?? []).forEach((name, i) => {
        const field = needField(`/import/${key}/${i}`, name);
        if (field?.readOnly)
          report(`/import/${key}/${i}`, `"${name}" is readOnly: an import cannot write it`);
      });
    }
  }
  (def.indexes ?? []).forEach((index, i) =>
    index.forEach((name, j) => needField(`/indexes/${i}/${j}`, name)),
  );
  problems.push(...checkInvariants(def, ctx));
  return problems;
}

/**
 * Personal data (server/models/personalFields.ts, contract/personalData.ts seesRecordPersonalData): a model
 * holding some names its owner (`personalData.owner` or `create.corpField`) and its `wholeFor` parties among
 * its visibility fields; whoever writes it is the owner's and sees it whole (an edit form never holds a
 * masked value to send back); and a filter, sort or group on it, where the role alone decides, only on a
 * model whose records have the owner as only party (elsewhere an operator of another party would learn the
 * owner's value by exact match).
 */
function checkPersonalData(
  def: ModelDef,
  report: (pointer: string, message: string) => void,
  checkParty: (pointer: string, party: string | string[]) => void,
  checkRoles: (pointer: string, roles: string[]) => void,
): void {
  const held = Object.entries(def.fields).filter(([, f]) => holdsPersonalData(f));
  const decl = personalDataOf(def);
  const parties = def.visibility.corpFields;
  if (def.personalData?.owner) checkParty('/personalData/owner', def.personalData.owner);
  (def.personalData?.wholeFor ?? []).forEach((w, i) => {
    checkParty(`/personalData/wholeFor/${i}/party`, w.party);
    checkRoles(`/personalData/wholeFor/${i}/roles`, w.roles);
    if (!parties.includes(w.party))
      report(`/personalData/wholeFor/${i}/party`, `"${w.party}" is not one of visibility.corpFields`);
  });
  if (held.length === 0) return;
  if (!decl) {
    report('/personalData', 'a model holding personal data without create.corpField declares its owner');
    return;
  }
  if (!parties.includes(decl.owner))
    report('/personalData/owner', `"${decl.owner}" is not one of visibility.corpFields`);
  if (held.some(([, f]) => !f.readOnly)) {
    for (const at of ['create', 'update'] as const)
      def[at]?.roles.forEach((role, i) => {
        if (!seesPersonalData(role))
          report(`/${at}/roles/${i}`, `"${role}" sees personal data masked, so may not write it`);
      });
    const party = def.update?.party;
    if (party !== undefined && (Array.isArray(party) ? party : [party]).some((p) => p !== decl.owner))
      report('/update/party', `only the owner of its personal data ("${decl.owner}") may update it`);
  }
  if (parties.length === 1 && parties[0] === decl.owner) return;
  const asked = new Set([
    ...Object.keys(def.query?.filters ?? {}),
    ...(def.query?.sort ?? []),
    ...Object.values(def.aggregates?.groupBy ?? {}).flatMap((g) => [
      ...(g.field ? [g.field] : []),
      ...(g.fields ?? []),
      ...(g.labelField ? [g.labelField] : []),
    ]),
  ]);
  for (const [name] of held)
    if (asked.has(name))
      report(
        `/fields/${name}`,
        'personal data of a record shared with other parties cannot be filtered, sorted or grouped',
      );
}
