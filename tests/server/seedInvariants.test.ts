/**
 * Every seeded record (server/seed) is re-validated against what the engine itself guarantees:
 * its fields pass the model's payload validation, its state is reached by the model's transitions
 * from the initial state (audit trail), signed steps carry a signature, every party can see it,
 * voucher amounts add up (available + reserved + children = amount, reservations = open transfer lines
 * and finance applications) and each limit's used/frozen amounts are those the limit effects of the
 * records' states imply; every corp field with `opened` names an enterprise that opened the product, and
 * every declared `requires` held when its create, update or transition ran (ADR 0014).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareMoney, sumMoney } from '@renderer/core/format';
import { openPglite, type PgliteDb } from '@server/db/pglite';
import { loadModels, type CompiledModel, type ModelSet } from '@server/models';
import { stripInput } from '@server/models/compileModel';
import { rowToRecord, selectColumns } from '@server/models/recordStore';
import { CORP_FACTS_SQL, corpRefusal, requiredProduct, type CorpFacts } from '@server/models/invariants';
import type { BizRecord, EffectRef, FieldDef, RequirementDef } from '@server/models/types';
import { validatePayload } from '@server/models/validatePayload';
import { limitAvailable } from '../../products/credit/server/effects';
import { productEffects } from '@server/products';

let db: PgliteDb;
let models: ModelSet;
const records = new Map<string, BizRecord[]>();
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

beforeAll(async () => {
  const dump = readFileSync(join(process.cwd(), 'test-results', 'server-fixture.tar.gz'));
  db = await openPglite({ loadDataDir: new Blob([dump]) });
  models = loadModels(join(process.cwd(), 'schemas'), productEffects());
  for (const model of models.models.values()) {
    const rows = await db.query<Record<string, unknown>>(
      `select ${selectColumns(model, 't')}, t.visible_corps as "__visible" from ${model.table} t`,
    );
    records.set(
      model.name,
      rows.rows.map((row) => ({ ...rowToRecord(model, row), visible: row.__visible as string[] })),
    );
  }
});
afterAll(async () => {
  await db?.close();
});

const all = (name: string): BizRecord[] => records.get(name) ?? [];
const effectName = (ref: EffectRef): string => (typeof ref === 'string' ? ref : ref.name);

describe('the seeded demo world', () => {
  it('has records of every credit model in more than one state', () => {
    for (const model of models.models.values()) {
      if (model.def.product !== 'credit') continue;
      const states = new Set(all(model.name).map((r) => r.state));
      expect(states.size, model.name).toBeGreaterThan(1);
    }
  });

  it('reaches every dictionary status of the ABS, ABCP and asset pool models (no status without a way in)', () => {
    const checked: string[] = [];
    for (const model of models.models.values()) {
      if (!['abs', 'assets-pool'].includes(String(model.def.product))) continue;
      const held = new Set(all(model.name).map((r) => r.state));
      const missing = [...model.states.keys()].filter((state) => !held.has(state));
      expect(missing, `${model.name}: statuses no seeded record reached`).toEqual([]);
      checked.push(model.name);
    }
    expect(checked.sort()).toEqual([
      'absAsset',
      'absDocument',
      'absPlan',
      'absShelf',
      'assetsPoolAsset',
      'assetsPoolFlow',
      'assetsPoolMatch',
      'assetsPoolPool',
      'assetsPoolProduct',
    ]);
  });

  it('holds only field values a create or update would accept', () => {
    for (const model of models.models.values()) {
      if (!model.def.create) continue;
      for (const rec of all(model.name)) {
        const input = stripInput(model, rec.data);
        // Records past their draft carry fields their transitions filled; check what a client may send.
        expect(() => validatePayload(model, input), `${model.name} ${rec.id}`).not.toThrow();
      }
    }
  });

  it('reached every state through the model transitions, signed where the model signs', async () => {
    const audit = await db.query<{
      model: string;
      record_id: string;
      action: string;
      from_state: string | null;
      to_state: string | null;
      signed: boolean;
      reason: string | null;
    }>(
      'select model, record_id, action, from_state, to_state, signed, reason from biz_audit order by at, id',
    );
    const trails = new Map<string, typeof audit.rows>();
    for (const row of audit.rows) {
      const key = `${row.model}/${row.record_id}`;
      trails.set(key, [...(trails.get(key) ?? []), row]);
    }
    const problems: string[] = [];
    for (const model of models.models.values()) {
      for (const rec of all(model.name)) {
        const where = `${model.name} ${str(rec.data[model.def.numbering?.field ?? 'id']) || rec.id}`;
        const trail = trails.get(`${model.name}/${rec.id}`) ?? [];
        const [first, ...steps] = trail;
        if (!first || first.from_state !== null) {
          problems.push(`${where}: no creation entry`);
          continue;
        }
        // Records made through the API start in the initial state; effects may create them further on.
        if (first.action === 'create' && model.def.create && first.to_state !== model.def.initialState)
          problems.push(`${where}: created in ${first.to_state}, not ${model.def.initialState}`);
        let state = first.to_state;
        for (const step of steps) {
          const t = model.transitions.get(step.action);
          if (t) {
            const ends = [t.to, ...(t.outcomes ?? [])];
            if (!t.from.includes(state ?? '') || !ends.includes(step.to_state ?? ''))
              problems.push(`${where}: ${step.action} ${state} → ${step.to_state} is no transition`);
            if (t.sign && !step.signed) problems.push(`${where}: ${step.action} without a signature`);
            if (t.reason === 'required' && !step.reason)
              problems.push(`${where}: ${step.action} without its reason`);
          } else if (step.action !== 'update' && step.from_state !== state) {
            problems.push(`${where}: ${step.action} from ${step.from_state}, but the record was ${state}`);
          }
          state = step.to_state;
        }
        if (state !== rec.state) problems.push(`${where}: trail ends in ${state}, record is ${rec.state}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('names in every corp field with `opened` an enterprise of the right kind that opened the product', async () => {
    const corps = new Map((await db.query<CorpFacts>(CORP_FACTS_SQL)).rows.map((c) => [c.id, c] as const));
    const problems: string[] = [];
    let checked = 0;
    /** Visits a field's values in `value` (arrays and objects walked), checking those with `opened`. */
    const visit = (where: string, def: FieldDef, value: unknown, data: Record<string, unknown>): void => {
      if (Array.isArray(value) && def.items) for (const v of value) visit(where, def.items, v, data);
      else if (value && typeof value === 'object' && def.properties)
        for (const [k, child] of Object.entries(def.properties))
          visit(where, child, (value as Record<string, unknown>)[k], data);
      else if (def.ref === 'corp' && def.opened && typeof value === 'string' && value) {
        checked += 1;
        const refusal = corpRefusal(def, corps.get(value) ?? null, requiredProduct(def, data));
        if (refusal) problems.push(`${where}: ${refusal.message}`);
      }
    };
    for (const model of models.models.values())
      for (const rec of all(model.name))
        for (const [name, field] of model.fields)
          visit(`${model.name} ${rec.id} ${name}`, field.def, rec.data[name], rec.data);
    expect(checked).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });

  it('took every create, update and transition with its `requires` holding at that moment (audit replayed)', async () => {
    const audit = await db.query<{
      model: string;
      record_id: string;
      action: string;
      to_state: string | null;
    }>('select model, record_id, action, to_state from biz_audit order by id');
    const byId = new Map<string, BizRecord>();
    for (const recs of records.values()) for (const r of recs) byId.set(r.id, r);
    const stateAt = new Map<string, string | null>(); // model/id → state as the replay reached it
    const problems: string[] = [];
    let checked = 0;
    for (const row of audit.rows) {
      const model = models.models.get(row.model);
      const rec = byId.get(row.record_id);
      const requires: RequirementDef[] | undefined = !model
        ? undefined
        : row.action === 'create'
          ? model.def.create?.requires
          : row.action === 'update'
            ? model.def.update?.requires
            : model.transitions.get(row.action)?.requires;
      for (const r of rec ? (requires ?? []) : []) {
        checked += 1;
        const where = `${row.model} ${row.record_id} ${row.action}`;
        if (r.kind === 'refState') {
          const target = model!.fields.get(r.field)?.def.ref ?? '';
          const state = stateAt.get(`${target}/${str(rec!.data[r.field])}`);
          if (state !== undefined && !r.states.includes(state ?? ''))
            problems.push(`${where}: ${r.field} ${str(rec!.data[r.field])} was ${state}`);
        } else {
          for (const other of all(r.model))
            if (other.data[r.field] === rec!.id) {
              const state = stateAt.get(`${r.model}/${other.id}`);
              if (state && r.states.includes(state))
                problems.push(`${where}: ${r.model} ${other.id} was ${state}`);
            }
        }
      }
      stateAt.set(`${row.model}/${row.record_id}`, row.to_state);
    }
    expect(checked).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it('holds no open to-do for a record that moved on since it was asked', async () => {
    const audit = await db.query<{ model: string; record_id: string; action: string; at: Date }>(
      'select model, record_id, action, at from biz_audit order by id',
    );
    const last = new Map<string, (typeof audit.rows)[number]>();
    for (const row of audit.rows) last.set(`${row.model}/${row.record_id}`, row);
    const todos = await db.query<{ model: string; record_id: string; user_id: string; created_at: Date }>(
      'select model, record_id, user_id, created_at from messages where model is not null and handled_at is null',
    );
    const problems: string[] = [];
    for (const m of todos.rows) {
      const moved = last.get(`${m.model}/${m.record_id}`);
      if (moved && moved.at.getTime() > m.created_at.getTime())
        problems.push(
          `${m.model}/${m.record_id}: open to-do of ${m.user_id}, but it moved on (${moved.action})`,
        );
    }
    expect(problems).toEqual([]);
  });

  it('lets every party of a record see it (a record seen by one user: that user alone)', () => {
    const problems: string[] = [];
    for (const model of models.models.values()) {
      for (const rec of all(model.name)) {
        const visible = (rec as BizRecord & { visible: string[] }).visible;
        // A record seen by one user (a message) is that user's alone; its corp fields name who acts.
        if (model.userField) {
          const user = `user:${String(rec.data[model.userField])}`;
          if (visible.join() !== user) problems.push(`${model.name} ${rec.id}: visible to ${visible.join()}`);
          continue;
        }
        for (const field of model.def.visibility.corpFields) {
          const value = rec.data[field];
          for (const corp of Array.isArray(value) ? value : value ? [value] : []) {
            if (!visible.includes(String(corp)))
              problems.push(`${model.name} ${rec.id}: ${field}=${String(corp)}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps voucher amounts whole: available + reserved + children = amount', () => {
    const vouchers = all('creditVoucher');
    const children = new Map<string, string[]>();
    for (const v of vouchers) {
      const parent = str(v.data.parentId);
      if (parent) children.set(parent, [...(children.get(parent) ?? []), str(v.data.amount)]);
    }
    const reserved = new Map<string, string[]>();
    const reserve = (id: string, amount: string): void => {
      reserved.set(id, [...(reserved.get(id) ?? []), amount]);
    };
    for (const t of all('creditTransfer')) {
      if (!['TR0', 'TR1'].includes(t.state)) continue;
      for (const line of (t.data.lines as Array<{ amount: string; lineStatus?: string }>) ?? [])
        if (!['TRD', 'TRX'].includes(line.lineStatus ?? ''))
          reserve(str(t.data.sourceVoucherId), line.amount);
    }
    for (const f of all('creditFinance'))
      if (['FI1', 'FI2', 'FI3', 'FI4', 'FI5'].includes(f.state))
        reserve(str(f.data.voucherId), str(f.data.financeAmount));
    expect(reserved.size).toBeGreaterThan(0);
    expect(children.size).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const v of vouchers) {
      const no = str(v.data.voucherNo);
      const available = str(v.data.availableAmount);
      const frozen = str(v.data.frozenAmount);
      if (compareMoney(available, '0') < 0 || compareMoney(frozen, '0') < 0) problems.push(`${no}: negative`);
      const expected = sumMoney(reserved.get(v.id) ?? []);
      if (compareMoney(frozen, expected) !== 0)
        problems.push(`${no}: frozen ${frozen}, open reservations ${expected}`);
      // A paid voucher's available amount left with the payment (cash.settle).
      const paid = v.state === 'RDD' ? str(v.data.amount) : '0';
      const whole = sumMoney([available, frozen, paid, ...(children.get(v.id) ?? [])]);
      if (v.state === 'RDD' && compareMoney(available, '0') !== 0) problems.push(`${no}: paid but available`);
      else if (v.state !== 'RDD' && compareMoney(whole, str(v.data.amount)) !== 0)
        problems.push(`${no}: ${available} + ${frozen} + children = ${whole} ≠ ${str(v.data.amount)}`);
    }
    expect(problems).toEqual([]);
  });

  it('books on each limit what the limit effects of the records’ states imply', () => {
    // Which states hold a freeze or a use, derived from the models' own transitions and effects.
    const used = new Map<string, string[]>();
    const frozen = new Map<string, string[]>();
    const add = (map: Map<string, string[]>, corp: string, amount: string): void => {
      map.set(corp, [...(map.get(corp) ?? []), amount]);
    };
    for (const model of models.models.values()) {
      for (const [state, hold] of limitHolds(model)) {
        for (const rec of all(model.name)) {
          if (rec.state !== state) continue;
          add(
            hold.kind === 'use' ? used : frozen,
            str(rec.data[hold.corpField]),
            str(rec.data[hold.amountField]),
          );
        }
      }
    }
    // cash.settle gives a paid voucher's amount back to the issuer's used limit.
    for (const c of all('creditCash'))
      if (c.state === 'RDD') add(used, str(c.data.issuerCorpId), `-${str(c.data.cashAmount)}`);
    expect(used.size).toBeGreaterThan(0);
    expect(frozen.size).toBeGreaterThan(0);
    // limitDist.apply: what a core gave out as child limits is part of its own limit's used amount; child
    // limits themselves are not consumed by products (they book nothing but their total).
    const children = all('creditLimit').filter((l) => l.data.parentLimitId && l.state !== 'LM3');
    expect(children.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const child of children) {
      if (
        compareMoney(str(child.data.used), '0.00') !== 0 ||
        compareMoney(str(child.data.frozen), '0.00') !== 0
      )
        problems.push(
          `child limit ${child.id}: used ${str(child.data.used)}, frozen ${str(child.data.frozen)}`,
        );
    }
    for (const limit of all('creditLimit')) {
      if (limit.data.product !== 'credit' || limit.state === 'LM3' || limit.data.parentLimitId) continue;
      const corp = str(limit.data.corpId);
      const given = children.filter((c) => c.data.parentLimitId === limit.id).map((c) => str(c.data.total));
      const expectUsed = signedSum([...(used.get(corp) ?? []), ...given]);
      const expectFrozen = sumMoney(frozen.get(corp) ?? []);
      if (compareMoney(str(limit.data.used), expectUsed) !== 0)
        problems.push(`${corp}: used ${str(limit.data.used)}, records imply ${expectUsed}`);
      if (compareMoney(str(limit.data.frozen), expectFrozen) !== 0)
        problems.push(`${corp}: frozen ${str(limit.data.frozen)}, records imply ${expectFrozen}`);
      if (compareMoney(str(limit.data.available), limitAvailable(limit.data)) !== 0)
        problems.push(`${corp}: available ${str(limit.data.available)} ≠ total − used − frozen`);
    }
    expect(problems).toEqual([]);
  });
});

/** Sum of decimal strings that may carry a leading minus. */
function signedSum(values: string[]): string {
  const plus = sumMoney(values.filter((v) => !v.startsWith('-')));
  const minus = sumMoney(values.filter((v) => v.startsWith('-')).map((v) => v.slice(1)));
  const cents = BigInt(plus.replace('.', '')) - BigInt(minus.replace('.', ''));
  const sign = cents < 0n ? '-' : '';
  const abs = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  return `${sign}${abs.slice(0, -2)}.${abs.slice(-2)}`;
}

type Hold = { kind: 'freeze' | 'use'; corpField: string; amountField: string };

/**
 * The states of a model in which a record holds a limit freeze or use: walks the transitions from
 * the initial state, the last limit effect on the way deciding (freeze, use; release clears).
 * @throws when a state is reached both holding and not holding (the model would be ambiguous)
 */
function limitHolds(model: CompiledModel): Map<string, Hold> {
  const seen = new Map<string, Hold | null>([[model.def.initialState, null]]);
  const queue = [model.def.initialState];
  while (queue.length) {
    const state = queue.shift()!;
    const hold = seen.get(state) ?? null;
    for (const t of model.transitions.values()) {
      if (!t.from.includes(state)) continue;
      let next = hold;
      for (const ref of t.effects ?? []) {
        const name = effectName(ref);
        const args = typeof ref === 'string' ? {} : (ref.args ?? {});
        const at = { corpField: String(args.corpField), amountField: String(args.amountField) };
        if (name === 'limit.freeze') next = { kind: 'freeze', ...at };
        else if (name === 'limit.use') next = { kind: 'use', ...at };
        else if (name === 'limit.release') next = null;
      }
      for (const to of [t.to, ...(t.outcomes ?? [])]) {
        if (!seen.has(to)) {
          seen.set(to, next);
          queue.push(to);
        } else if (seen.get(to)?.kind !== next?.kind) {
          throw new Error(`${model.name}: ${to} is reached both with and without a limit hold`);
        }
      }
    }
  }
  return new Map([...seen].filter((e): e is [string, Hold] => e[1] !== null));
}
