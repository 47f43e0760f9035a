import { BUSINESS_PRODUCT_CODES, isBusinessProduct } from '@contract/products';
import { isKnownFormat } from '@renderer/core/validators';
import { checkInvariants } from './checkInvariants';
import { ANY_ROLE, dbTypeOf, kindOf, RESERVED_FIELDS } from './compileModel';
import type { EffectRegistry } from './effects/effectRegistry';
import { checkHandover, createStep, effectCreateStep } from './handovers';
import { holdsPersonalData, personalDataOf } from './personalFields';
import { seesPersonalData } from '@contract/personalData';
import { isRoleGroup, ROLE_GROUPS } from '@contract/roles';
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
    if (!has(name)) report(pointer, `没有字段 "${name}"`);
    return fields[name];
  };

  const dict = ctx.dicts.get(def.states.$dict);
  if (!dict)
    report('/states/$dict', `未知字典 "${def.states.$dict}"（应为 schemas/_dicts/${def.states.$dict}.json）`);
  const states = new Set(dict?.items.map((i) => i.value) ?? []);
  const needState = (pointer: string, state: string): void => {
    if (dict && !states.has(state))
      report(pointer, `未知状态 "${state}"（字典 ${dict.name}：${[...states].join(', ')}）`);
  };
  needState('/initialState', def.initialState);
  if (has(stateField))
    report(`/fields/${stateField}`, `"${stateField}" 是状态字段，状态来自字典，不应声明为字段`);

  const checkField = (
    pointer: string,
    name: string,
    field: FieldDef,
    siblings: Record<string, FieldDef>,
  ): void => {
    if (field.format && !JSON_FORMATS.has(field.format) && !isKnownFormat(field.format)) {
      report(`${pointer}/format`, `未知格式 "${field.format}"`);
    }
    if (field.ref && field.ref !== 'corp' && !ctx.models.has(field.ref))
      report(`${pointer}/ref`, `未知模型 "${field.ref}"`);
    if (field.nameField && !Object.prototype.hasOwnProperty.call(siblings, field.nameField)) {
      report(`${pointer}/nameField`, `同级没有字段 "${field.nameField}"`);
    }
    if ((field.corpTypes || field.nameField) && field.ref !== 'corp')
      report(pointer, 'corpTypes 和 nameField 需要 "ref": "corp"');
    if (field.dict && !ctx.dicts.has(field.dict)) report(`${pointer}/dict`, `未知字典 "${field.dict}"`);
    if ((field.dateAfter || field.dayWindow) && field.format !== 'date')
      report(pointer, 'dateAfter/dayWindow 需要 format 为 date');
    if (field.dateAfter && siblings[field.dateAfter]?.format !== 'date')
      report(`${pointer}/dateAfter`, `"${field.dateAfter}" 不是同级的日期字段`);
    if ((field.amountMin || field.amountMax) && field.format !== 'money' && field.format !== 'amount') {
      report(pointer, 'amountMin/amountMax 需要 format 为 money 或 amount');
    }
    for (const req of field.required ?? []) {
      if (!field.properties?.[req]) report(`${pointer}/required`, `"${name}" 没有属性 "${req}"`);
    }
    if (field.items) checkField(`${pointer}/items`, name, field.items, {});
    for (const [child, def] of Object.entries(field.properties ?? {})) {
      checkField(`${pointer}/properties/${child}`, child, def, field.properties ?? {});
    }
  };
  for (const [name, field] of Object.entries(fields)) {
    if (RESERVED_FIELDS.has(name)) report(`/fields/${name}`, `"${name}" 是系统保留的字段名`);
    checkField(`/fields/${name}`, name, field, fields);
  }
  (def.required ?? []).forEach((name, i) => {
    const field = needField(`/required/${i}`, name);
    if (field?.readOnly)
      report(`/required/${i}`, `"${name}" 是只读字段（readOnly），客户端不能提交，不能必填`);
  });

  if (def.numbering) {
    const field = needField('/numbering/field', def.numbering.field);
    if (field && (field.type !== 'string' || !field.readOnly))
      report('/numbering/field', '应为只读（readOnly）的字符串字段');
  }

  const checkParty = (pointer: string, party: string | string[]): void => {
    (Array.isArray(party) ? party : [party]).forEach((name, i) => {
      const at = Array.isArray(party) ? `${pointer}/${i}` : pointer;
      const field = needField(at, name);
      if (field && !isCorpField(field)) report(at, `"${name}" 不是企业字段（应为 ref "corp" 或字符串数组）`);
    });
  };
  const checkEffects = (pointer: string, effects: EffectRef[] | undefined): void => {
    (effects ?? []).forEach((effect, i) => {
      const name = typeof effect === 'string' ? effect : effect.name;
      if (!ctx.effects.has(name))
        report(`${pointer}/${i}`, `未知效果 "${name}"（已注册：${ctx.effects.names().join(', ')}）`);
    });
  };
  const checkService = (pointer: string, name: string | undefined): void => {
    if (name !== undefined && !ctx.effects.services.has(name))
      report(pointer, `未知服务 "${name}"（已注册：${ctx.effects.services.names().join(', ')}）`);
  };
  const checkRoles = (pointer: string, roles: string[]): void => {
    roles.forEach((role, i) => {
      if (isRoleGroup(role) ? !ROLE_GROUPS[role] : !ctx.roles.has(role))
        report(`${pointer}/${i}`, `未知角色 "${role}"`);
    });
  };

  def.visibility.corpFields.forEach((name, i) => {
    const field = needField(`/visibility/corpFields/${i}`, name);
    if (field && !isCorpField(field)) report(`/visibility/corpFields/${i}`, `"${name}" 不是企业字段`);
  });
  if (def.visibility.userField !== undefined) {
    const field = needField('/visibility/userField', def.visibility.userField);
    if (field && (field.type !== 'string' || field.ref))
      report('/visibility/userField', `"${def.visibility.userField}" 应为保存用户编号的字符串字段`);
  }
  if (def.visibility.roles) checkRoles('/visibility/roles', def.visibility.roles);
  if (def.create) {
    checkRoles('/create/roles', def.create.roles);
    const field = needField('/create/corpField', def.create.corpField);
    if (field && field.ref !== 'corp')
      report('/create/corpField', `"${def.create.corpField}" 应为 ref "corp" 字段`);
    if (!def.visibility.corpFields.includes(def.create.corpField)) {
      report('/create/corpField', '应为 visibility.corpFields 之一（创建者必须能看到记录）');
    }
    checkEffects('/create/effects', def.create.effects);
    checkEffects('/create/services', def.create.services);
    checkService('/create/service', def.create.service);
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
      report('/delete', '名为 "delete" 的操作会遮住删除操作');
    // A deleted record must not leave children or references pointing at nothing.
    if (def.children) report('/delete', `有子记录（${def.children.model}）的记录不能删除`);
    for (const [other, m] of ctx.models)
      for (const [name, field] of Object.entries(m.fields))
        if (field.ref === def.name) report('/delete', `"${other}.${name}" 引用本模型，其记录不能删除`);
  }

  const actions = new Set<string>();
  def.transitions.forEach((t, i) => {
    const at = `/transitions/${i}`;
    if (actions.has(t.action)) report(`${at}/action`, `操作 "${t.action}" 重复`);
    actions.add(t.action);
    t.from.forEach((s, j) => needState(`${at}/from/${j}`, s));
    needState(`${at}/to`, t.to);
    (t.outcomes ?? []).forEach((s, j) => needState(`${at}/outcomes/${j}`, s));
    if (t.roles.join() !== ANY_ROLE) checkRoles(`${at}/roles`, t.roles);
    checkParty(`${at}/party`, t.party);
    if (t.reasonField) needField(`${at}/reasonField`, t.reasonField);
    for (const name of Object.keys(t.set ?? {})) needField(`${at}/set/${name}`, name);
    checkEffects(`${at}/effects`, t.effects);
    checkEffects(`${at}/services`, t.services);
    checkService(`${at}/service`, t.service);
    problems.push(...checkHandover(def, t, at, ctx.roles));
  });
  const created = createStep(def);
  if (created) problems.push(...checkHandover(def, created, '/create', ctx.roles));
  const inserted = effectCreateStep(def, '');
  if (inserted) problems.push(...checkHandover(def, inserted, '/effectCreated', ctx.roles));

  for (const [name, kind] of Object.entries(def.query?.filters ?? {})) {
    const at = `/query/filters/${name}`;
    if (name === stateField) {
      if (kind === 'range' || kind === 'contains') report(at, '状态只能按 eq 或 in 查询');
      continue;
    }
    const field = needField(at, name);
    if (!field) continue;
    const k = kindOf(dbTypeOf(field));
    if (kind === 'range' && !['money', 'decimal', 'integer', 'date', 'datetime'].includes(k))
      report(at, 'range 需要金额、数字或日期字段');
    if (kind === 'contains' && k !== 'text') report(at, 'contains 需要文本字段');
    if ((kind === 'eq' || kind === 'in') && k === 'json') report(at, `${kind} 需要单值字段`);
  }
  (def.query?.search ?? []).forEach((name, i) => {
    if (def.query?.filters?.[name] !== 'contains')
      report(`/query/search/${i}`, `"${name}" 不是 contains 查询字段`);
  });
  (def.query?.sort ?? []).forEach((name, i) => {
    const field = needField(`/query/sort/${i}`, name);
    if (field && kindOf(dbTypeOf(field)) === 'json') report(`/query/sort/${i}`, '不能按数组或对象排序');
  });
  const defaultSort = def.query?.defaultSort?.split(',')[0];
  if (defaultSort && defaultSort !== 'createdAt' && !def.query?.sort?.includes(defaultSort)) {
    report('/query/defaultSort', `"${defaultSort}" 不在 query.sort 中`);
  }

  for (const [name, group] of Object.entries(def.aggregates?.groupBy ?? {})) {
    const at = `/aggregates/groupBy/${name}`;
    if (group.kind === 'counterparty') {
      if (!group.fields) report(at, 'counterparty 需要 "fields"');
      (group.fields ?? []).forEach((f, i) => {
        const field = needField(`${at}/fields/${i}`, f);
        if (field && field.ref !== 'corp') report(`${at}/fields/${i}`, `"${f}" 应为 ref "corp" 字段`);
      });
    } else if (!group.field) report(at, `${group.kind} 需要 "field"`);
    else {
      const field = needField(`${at}/field`, group.field, true);
      if (group.kind === 'month' && field && kindOf(dbTypeOf(field)) !== 'date')
        report(`${at}/field`, 'month 需要日期字段');
    }
    if (group.labelField) needField(`${at}/labelField`, group.labelField);
  }
  (def.aggregates?.measures ?? []).forEach((name, i) => {
    const field = needField(`/aggregates/measures/${i}`, name);
    if (field && kindOf(dbTypeOf(field)) !== 'money')
      report(`/aggregates/measures/${i}`, '应为金额字段（合计为精确小数）');
  });

  if (def.children) {
    const child = ctx.models.get(def.children.model);
    if (!child) report('/children/model', `未知模型 "${def.children.model}"`);
    else if (!Object.prototype.hasOwnProperty.call(child.fields, def.children.field)) {
      report('/children/field', `模型 "${child.name}" 没有字段 "${def.children.field}"`);
    } else if (!child.fields[def.children.field]!.index && child.numbering?.field !== def.children.field) {
      // A record's detail reads its children by that field (no visibility index serves it).
      report('/children/field', `"${child.name}.${def.children.field}" 需要 "index": true`);
    }
  }
  (def.openedProductAnyOf ?? []).forEach((code, i) => {
    if (!isBusinessProduct(code))
      report(`/openedProductAnyOf/${i}`, `"${code}" 不是业务产品（${BUSINESS_PRODUCT_CODES.join(', ')}）`);
  });
  for (const [name, rule] of Object.entries(def.fieldAccess ?? {})) {
    const at = `/fieldAccess/${name}`;
    const field = needField(at, name);
    if (field?.readOnly) report(at, `"${name}" 是只读字段，客户端本来就不能写`);
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
    if (!def.create) report('/import', '导入会创建记录：模型需要 "create"');
    for (const key of ['fields', 'values'] as const) {
      (def.import[key] ?? []).forEach((name, i) => {
        const field = needField(`/import/${key}/${i}`, name);
        if (field?.readOnly) report(`/import/${key}/${i}`, `"${name}" 是只读字段，导入不能写入`);
      });
    }
    (def.import.titles ?? []).forEach((variant, i) => {
      for (const name of Object.keys(variant.when))
        if (!(def.import!.values ?? []).includes(name))
          report(`/import/titles/${i}/when/${name}`, `"${name}" 不在 import.values 中，导入请求不能固定它`);
      for (const name of Object.keys(variant.fields))
        if (!def.import!.fields.includes(name))
          report(`/import/titles/${i}/fields/${name}`, `"${name}" 不是模板的列（import.fields）`);
    });
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
