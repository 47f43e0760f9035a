import { addMoney } from '@renderer/core/format';
import type { Db } from '@server/db/db';
import { addDays, daysBetween } from '@server/models/recordWriter';
import type { EngineSeeder, SeedActor } from '@server/seed/engineSeeder';
import type { SeedRandom } from '@server/seed/seedRandom';

// The credit demo's record builders: every record is created and moved by the models engine as the demo
// users would (server/seed/engineSeeder.ts), so amounts, reservations and limits are what the effects made.
export const CORE = 'CORE001';
export const SUP = 'SUP001';
export const UNIT = 'UNIT001';
export const FIN = 'FIN001';
const BANK = { bankName: '中国建设银行股份有限公司北京西城支行', bankCode: '105100000017' };

type Json = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Who does what for each enterprise (the demo users of server/seed/demo.ts). */
const OPERATOR: Record<string, string> = {
  [CORE]: 'core_operator',
  [SUP]: 'chain_operator',
  [UNIT]: 'unit_operator',
};
const DIRECTOR: Record<string, string> = {
  [CORE]: 'core_director',
  [SUP]: 'chain_director',
  [UNIT]: 'unit_director',
};

/** The seeder, its random values and what the builders look up (enterprise names, holidays). */
export class CreditWorld {
  private constructor(
    readonly s: EngineSeeder,
    readonly r: SeedRandom,
    private readonly corpNames: ReadonlyMap<string, string>,
    private readonly holidays: ReadonlySet<string>,
  ) {}

  static async open(db: Db, s: EngineSeeder, r: SeedRandom): Promise<CreditWorld> {
    const corps = await db.query<{ id: string; name: string }>('select id, name from corps');
    const holidays = await db.query<{ day: string }>(
      "select to_char(day, 'YYYY-MM-DD') as day from holidays where region = 'R_156'",
    );
    return new CreditWorld(
      s,
      r,
      new Map(corps.rows.map((c) => [c.id, c.name])),
      new Set(holidays.rows.map((h) => h.day)),
    );
  }

  corpName(id: string): string {
    return this.corpNames.get(id) ?? id;
  }

  /** The operator (经办) of an enterprise. */
  op(corp: string): SeedActor {
    return this.s.as(OPERATOR[corp]!);
  }

  /** The director (主管) of an enterprise. */
  director(corp: string): SeedActor {
    return this.s.as(DIRECTOR[corp]!);
  }

  /** The first day on or after `day` that is not a holiday (what the engine makes the actual due date). */
  roll(day: string): string {
    let d = day;
    while (this.holidays.has(d)) d = addDays(d, 1);
    return d;
  }

  /** A due date about `daysAgo` days back whose actual (working-day) due date has already passed. */
  pastDue(daysAgo: number): string {
    let due = this.s.day(-daysAgo);
    while (this.roll(due) >= this.s.day(0)) due = addDays(due, -1);
    return due;
  }

  /** Moves the clock to `day` (09:00 China time, kept in the past). */
  on(day: string): void {
    this.s.daysAgo(daysBetween(day, this.s.day(0)));
  }

  account(corp: string): Json {
    return {
      accountNo: `62270000${String(this.r.int(10000000, 99999999))}${corp.slice(-3)}`,
      accountName: this.corpName(corp),
      ...BANK,
    };
  }
}

/** The steps (transition, its reason) that take an issue application to `state`. */
const ISSUE_PATH: Record<string, string[]> = {
  IS0: [],
  IS1: ['approve'],
  IS2: ['approve', 'finalApprove'],
  IS3: ['approve', 'finalApprove', 'refuse'],
  IS4: ['approve', 'finalApprove', 'refuse', 'confirmRefuse'],
  IS5: ['approve', 'finalApprove', 'withdraw'],
  IS6: ['approve', 'finalApprove', 'withdraw', 'approveWithdraw'],
  DIS: ['reject'],
  ISD: ['approve', 'finalApprove', 'accept'],
};

/** Who takes an issue application's step. */
function issueActor(w: CreditWorld, action: string, supplier: string): SeedActor {
  if (action === 'finalApprove') return w.s.as('core_final');
  if (action === 'withdraw') return w.op(CORE);
  if (['approve', 'reject', 'approveWithdraw'].includes(action)) return w.director(CORE);
  return action === 'confirmRefuse' ? w.director(supplier) : w.op(supplier);
}

/**
 * An issue application the core operator made `daysAgo` days ago for `supplier`, moved to `state` an hour a
 * step by the users whose turn it is (the supplier's acceptance the next day); half of them had their
 * receipt confirmed by purchasing first.
 */
export async function issue(
  w: CreditWorld,
  supplier: string,
  state: string,
  daysAgo: number,
  dueIn: number | string,
  amount = w.r.money(50_000, 1_500_000),
): Promise<Json> {
  const { s, r } = w;
  const bills = r.split(amount, r.int(1, 3));
  const dueDate = typeof dueIn === 'string' ? dueIn : s.day(dueIn);
  const statements = bills.map((bill, i) => ({
    statementNo: `DZ${s.day(-daysAgo).replace(/-/g, '')}${String(r.int(100, 999))}${i}`,
    statementDate: s.day(-daysAgo - 3 - i),
    statementAmount: addMoney(bill, r.money(0, 20_000)),
    billAmount: bill,
    expectedPayDate: dueDate,
  }));
  s.daysAgo(daysAgo);
  const rec = await w.op(CORE).create('creditIssue', {
    supplierCorpId: supplier,
    statements,
    amount,
    dueDate,
    contractNo: `HT-2026-${String(r.int(1000, 9999))}`,
    limitSource: '集团授信',
    remark: '钢材采购货款',
  });
  const id = str(rec.id);
  const path = ISSUE_PATH[state];
  if (!path) throw new Error(`No way to issue state ${state}`);
  if (r.int(0, 1) === 1) await s.as('core_purchase').act('creditIssue', id, 'confirmReceipt');
  const reason = '对账单金额与合同不符';
  let last = rec;
  for (const action of path) {
    s.later(60);
    if (action === 'accept') s.daysAgo(Math.max(daysAgo - 1, 0));
    last = await issueActor(w, action, supplier).act('creditIssue', id, action, { reason });
  }
  return last;
}

/** An accepted issue application and the root voucher its supplier `holder` got (as the wire has it). */
export async function voucher(
  w: CreditWorld,
  holder: string,
  daysAgo: number,
  dueIn: number | string,
  amount?: string,
): Promise<Json> {
  const accepted = await issue(w, holder, 'ISD', daysAgo, dueIn, amount);
  return w.s.read('creditVoucher', str(accepted.voucherId));
}

/**
 * A transfer by `from` of part of a fresh voucher to `receivers` (one line each), applied `daysAgo` days
 * ago and moved to `state`: TR1 approved by the director, TRX refused by the director, TRD approved and
 * accepted by every receiver the next day (each line becomes a child voucher).
 */
export async function transfer(
  w: CreditWorld,
  state: string,
  from: string,
  receivers: string[],
  daysAgo: number,
): Promise<void> {
  const { s, r } = w;
  const src = await voucher(w, from, daysAgo + 20, r.int(60, 240));
  const portion = r.part(str(src.amount), 30, 70);
  const amounts = receivers.length > 1 ? r.split(portion, receivers.length) : [portion];
  s.daysAgo(daysAgo);
  const rec = await w.op(from).create('creditTransfer', {
    sourceVoucherId: src.id,
    lines: receivers.map((receiver, i) => ({
      receiverCorpId: receiver,
      amount: amounts[i],
      ...w.account(receiver),
    })),
    remark: '支付工程材料款',
  });
  const id = str(rec.id);
  const reason = '转让金额与合同约定不符';
  s.later(60);
  if (state === 'TRX') await w.director(from).act('creditTransfer', id, 'reject', { reason });
  if (state === 'TR1' || state === 'TRD') await w.director(from).act('creditTransfer', id, 'approve');
  if (state === 'TRD') {
    s.daysAgo(Math.max(daysAgo - 1, 0));
    for (const receiver of new Set(receivers)) await w.op(receiver).act('creditTransfer', id, 'accept');
  }
}

/** The steps that take a finance application to `state`, with who takes them. */
const FINANCE_PATH: Array<[string, string]> = [
  ['submit', 'operator'],
  ['approve', 'director'],
  ['platformApprove', 'fin_product_manager'],
  ['finApprove', 'fin_client_manager'],
  ['loan', 'fin_client_manager'],
  ['loanApprove', 'fin_product_manager'],
];
const FINANCE_STATES = ['FI0', 'FI1', 'FI2', 'FI3', 'FI4', 'FI5', 'FID'];

/**
 * A finance application by `applicant` against part of a fresh voucher of its own, applied `daysAgo` days
 * ago and moved to `state` (the loan on the next day).
 */
export async function finance(
  w: CreditWorld,
  state: string,
  applicant: string,
  daysAgo: number,
): Promise<Json> {
  const { s, r } = w;
  const v = await voucher(w, applicant, daysAgo + 15, r.int(90, 300));
  s.daysAgo(daysAgo);
  const rec = await w.op(applicant).create('creditFinance', {
    voucherId: v.id,
    finCorpId: FIN,
    financeAmount: r.part(str(v.amount), 40, 80),
    financeRatio: '0.9',
    monthlyRate: '0.0045',
    ...w.account(applicant),
    invoiceNos: [],
    remark: '补充流动资金',
  });
  const id = str(rec.id);
  for (const [action, who] of FINANCE_PATH.slice(0, FINANCE_STATES.indexOf(state))) {
    s.later(60);
    if (action === 'loan') s.daysAgo(Math.max(daysAgo - 1, 0));
    const actor =
      who === 'operator' ? w.op(applicant) : who === 'director' ? w.director(applicant) : s.as(who);
    await actor.act('creditFinance', id, action);
  }
  return rec;
}

/**
 * A voucher of `holder` that matured `overdue` days ago, and the core's cash application for it made on
 * its actual due date, moved to `state` (paid the next day).
 */
export async function cash(w: CreditWorld, state: string, holder: string, overdue: number): Promise<void> {
  const { s } = w;
  const v = await voucher(w, holder, 200 + overdue, w.pastDue(overdue));
  const due = str(v.actualDueDate);
  w.on(due);
  const rec = await w.op(CORE).create('creditCash', {
    voucherId: v.id,
    ...w.account(holder),
    remark: '到期兑付',
  });
  const id = str(rec.id);
  if (state === 'RD0') return;
  s.later(60);
  await w.op(CORE).act('creditCash', id, 'submit');
  if (state === 'RD1') return;
  w.on(addDays(due, 1));
  await w.director(CORE).act('creditCash', id, 'approve');
}

const CATEGORIES: Array<[string, string]> = [
  ['auth', '授权书'],
  ['contract', '贸易合同'],
  ['invoice', '增值税专用发票'],
  ['other', '其他资料'],
  ['default', '融资资料'],
];

/**
 * Finance documents of both suppliers and the core in every state, uploaded (file first, then submit)
 * and reviewed by the factor; one draft per uploader still waits for its file. Documents of a supplier
 * belong to its draft finance application.
 */
export async function documents(w: CreditWorld, drafts: ReadonlyMap<string, Json>): Promise<void> {
  const { s, r } = w;
  const reason = '资料不清晰，请重新上传';
  let n = 0;
  for (const state of ['DS0', 'DS1', 'DS2', 'DS3', 'DS4']) {
    for (const uploader of [SUP, UNIT, CORE]) {
      for (let k = 0; k < 2; k++) {
        const [category, title] = CATEGORIES[n % CATEGORIES.length]!;
        n++;
        const invoice = category === 'invoice';
        s.daysAgo(10 - k);
        const op = w.op(uploader);
        const rec = await op.create('financeDocument', {
          category,
          title,
          financeId: drafts.get(uploader)?.id ?? null,
          finCorpId: FIN,
          invoiceCode: invoice && n % 2 === 0 ? `0440019001${String(10 + n).slice(-2)}` : null,
          invoiceNo: invoice
            ? n % 2 === 0
              ? String(10_000_000 + n)
              : `2644200000000${String(1_000_000 + n)}`
            : null,
          invoiceAmount: invoice ? r.money(10_000, 500_000) : null,
          invoiceDate: invoice ? s.day(-30 - n) : null,
          remark: null,
        });
        const id = str(rec.id);
        if (state === 'DS0' && k === 1) continue; // a draft still waiting for its file
        await op.attach('financeDocument', id, category, `${title}-${w.corpName(uploader)}.pdf`);
        if (state === 'DS0') continue;
        s.later(60);
        await op.act('financeDocument', id, 'submit');
        if (state === 'DS1') continue;
        s.later(60);
        if (state === 'DS4') {
          await s.as('fin_client_manager').act('financeDocument', id, 'firstReject', { reason });
          continue;
        }
        await s.as('fin_client_manager').act('financeDocument', id, 'firstApprove');
        if (state === 'DS3') await s.as('fin_product_manager').act('financeDocument', id, 'secondApprove');
      }
    }
  }
}

/**
 * A limit (年度授信) a factor's product manager (`grantor`) grants `corp` on the day `from` days ago,
 * running until `to` days from today.
 */
async function grant(
  w: CreditWorld,
  grantor: string,
  [corp, product, total]: [string, string, string],
  from: number,
  to: number,
) {
  const fin = w.s.as(grantor);
  w.s.daysAgo(from);
  const rec = await fin.create('creditLimit', {
    corpId: corp,
    product,
    total,
    effectiveDate: w.s.day(-from),
    expireDate: w.s.day(to),
    remark: '年度授信',
  });
  return { fin, id: str(rec.id) };
}

/**
 * A limit the second factor granted `corp` 700 days ago that the first factor's grant replaced: ended
 * (失效) 300 days ago, when the current limit of that product was granted.
 */
export async function replacedLimit(
  w: CreditWorld,
  corp: string,
  product: string,
  total: string,
): Promise<void> {
  const { fin, id } = await grant(w, 'fin2_product_manager', [corp, product, total], 700, -300);
  w.s.daysAgo(300);
  await fin.act('creditLimit', id, 'expire', { reason: '授信到期，已由新额度替换' });
}

/** A limit the factor granted `corp` 300 days ago for a year and a bit more, moved to `state`. */
export async function limit(
  w: CreditWorld,
  corp: string,
  product: string,
  total: string,
  state: string,
): Promise<void> {
  const { fin, id } = await grant(w, 'fin_product_manager', [corp, product, total], 300, 400);
  const reason = '企业经营异常';
  w.s.later(60);
  if (state === 'LM2') await fin.act('creditLimit', id, 'freeze', { reason });
  if (state === 'LM3') await fin.act('creditLimit', id, 'expire', { reason });
}
