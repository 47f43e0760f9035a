import { addMoney, fromCents, mulRate, sumMoney, toCents } from '@renderer/core/format';
import { daysBetween } from '../../../models/recordWriter';
import type { BizRecord } from '../../../models/types';
import type { SeedBuilder } from '../../../seed/seedBuilder';
import { financeInterest } from '../effects';
import { childVoucher, consume, reserve, rootVoucher } from '../effects/voucherHelpers';

// The credit demo's record builders: each keeps voucher reservations and limit usage consistent with
// what the effects would have done (seedCredit in ./credit.ts calls them).
export const CORE = 'CORE001';
export const SUP = 'SUP001';
export const UNIT = 'UNIT001';
export const SUP2 = 'SUP002';
export const FIN = 'FIN001';
const CORE_OP = 'ROLE_CORE_OPERATOR';
const op = (corp: string): string => (corp === UNIT ? 'ROLE_UNIT_OPERATOR' : 'ROLE_CORP_OPERATOR');
const BANK = { bankName: '中国建设银行股份有限公司北京西城支行', bankCode: '105100000017' };

/** Used and frozen amounts of each enterprise's credit limit, in cents, as the seeded business implies. */
export class LimitLedger {
  readonly used = new Map<string, bigint>();
  readonly frozen = new Map<string, bigint>();
  private add(map: Map<string, bigint>, corp: string, amount: string, sign: bigint): void {
    map.set(corp, (map.get(corp) ?? 0n) + sign * toCents(amount));
  }
  freeze = (corp: string, amount: string): void => this.add(this.frozen, corp, amount, 1n);
  use = (corp: string, amount: string): void => this.add(this.used, corp, amount, 1n);
  restore = (corp: string, amount: string): void => this.add(this.used, corp, amount, -1n);
}

export interface World {
  b: SeedBuilder;
  ledger: LimitLedger;
}

function account(b: SeedBuilder, corp: string): Record<string, string> {
  return {
    accountNo: `62270000${String(b.int(10000000, 99999999))}${corp.slice(-3)}`,
    accountName: b.corpName(corp),
    ...BANK,
  };
}

/** An issue application in `state`; approved ones hold the core's limit, accepted ones use it. */
export function issue(
  w: World,
  supplier: string,
  state: string,
  daysAgo: number,
  dueIn: number,
  amount = w.b.money(50_000, 1_500_000),
): BizRecord {
  const { b } = w;
  const bills = b.split(amount, b.int(1, 3));
  const dueDate = b.day(dueIn);
  const statements = bills.map((bill, i) => ({
    statementNo: `DZ${b.day(-daysAgo).replace(/-/g, '')}${String(b.int(100, 999))}${i}`,
    statementDate: b.day(-daysAgo - 3 - i),
    statementAmount: addMoney(bill, b.money(0, 20_000)),
    billAmount: bill,
    expectedPayDate: dueDate,
  }));
  const data: Record<string, unknown> = {
    issuerCorpId: CORE,
    supplierCorpId: supplier,
    statements,
    statementNos: statements.map((s) => s.statementNo).join(','),
    amount,
    dueDate,
    actualDueDate: b.roll(dueDate),
    contractNo: `HT-2026-${String(b.int(1000, 9999))}`,
    limitSource: '集团授信',
    remark: '钢材采购货款',
    receiptConfirmed: b.int(0, 1) === 1,
    applyDate: b.day(-daysAgo),
  };
  const rec = b.add('creditIssue', data, state, {
    daysAgo,
    corp: CORE,
    role: CORE_OP,
    reason: '对账单金额与合同不符',
  });
  if (['IS1', 'IS2', 'IS3', 'IS5'].includes(state)) w.ledger.freeze(CORE, amount);
  if (state === 'ISD') w.ledger.use(CORE, amount);
  return rec;
}

/** An accepted issue and its root voucher held by `holder`. */
export function voucher(
  w: World,
  holder: string,
  daysAgo: number,
  dueIn: number,
  amount?: string,
): BizRecord {
  const { b } = w;
  const is = issue(w, holder, 'ISD', daysAgo, dueIn, amount);
  const accepted = Math.max(daysAgo - 1, 0);
  const d = is.data;
  const v = b.add('creditVoucher', rootVoucher(is, b.day(-accepted)), 'ISD', {
    daysAgo: accepted,
    corp: holder,
    role: op(holder),
    noPath: true,
  });
  v.data.rootId = v.id;
  v.data.rootNo = v.data.voucherNo;
  d.voucherId = v.id;
  d.voucherNo = v.data.voucherNo;
  return v;
}

/** A child voucher of `parent` for `holder` (a transfer line or a financed part). */
function child(
  w: World,
  parent: BizRecord,
  holder: string,
  amount: string,
  state: string,
  link: Record<string, string>,
  daysAgo: number,
): BizRecord {
  return w.b.add(
    'creditVoucher',
    { ...childVoucher(parent, w.b.day(-daysAgo), holder, amount), ...link },
    state,
    {
      daysAgo,
      corp: holder,
      role: holder === FIN ? 'ROLE_FIN_CLIENT_MANAGER' : op(holder),
      noPath: true,
      createAction: holder === FIN ? 'financeIn' : 'transferIn',
    },
  );
}

export function transfer(w: World, state: string, from: string, receivers: string[], daysAgo: number): void {
  const { b } = w;
  const src = voucher(w, from, daysAgo + 20, b.int(60, 240));
  const portion = fromCents((toCents(String(src.data.amount)) * BigInt(b.int(30, 70))) / 100n);
  const amounts = receivers.length > 1 ? b.split(portion, receivers.length) : [portion];
  const lineStatus = state === 'TR0' ? 'TR0' : state === 'TR1' ? 'TR1' : state;
  const lines: Array<Record<string, unknown>> = receivers.map((r, i) => ({
    receiverCorpId: r,
    receiverName: b.corpName(r),
    amount: amounts[i],
    ...account(b, r),
    lineStatus,
  }));
  const total = sumMoney(amounts);
  const rec = b.add(
    'creditTransfer',
    {
      sourceVoucherId: src.id,
      sourceVoucherNo: src.data.voucherNo,
      issuerName: b.corpName(CORE),
      dueDate: src.data.actualDueDate,
      transferorCorpId: from,
      lines,
      receiverCorpIds: [...new Set(receivers)],
      pendingReceiverCorpIds: state === 'TR0' || state === 'TR1' ? [...new Set(receivers)] : [],
      receiverNames: [...new Set(receivers.map((r) => b.corpName(r)))].join('、'),
      totalAmount: total,
      applyDate: b.day(-daysAgo),
      remark: '支付工程材料款',
    },
    state,
    { daysAgo, corp: from, role: op(from), reason: '转让金额与合同约定不符' },
  );
  // As transfer.prepare and transfer.accept do: reserved on apply, consumed line by line on acceptance.
  if (state !== 'TRX') reserve(src, total, '转让金额');
  if (state === 'TRD') {
    lines.forEach((line) => {
      consume(src, String(line.amount));
      const c = child(
        w,
        src,
        String(line.receiverCorpId),
        String(line.amount),
        'ISD',
        { transferId: rec.id },
        Math.max(daysAgo - 1, 0),
      );
      line.childVoucherId = c.id;
      line.childVoucherNo = c.data.voucherNo;
    });
  }
}

export function finance(w: World, state: string, applicant: string, daysAgo: number): BizRecord {
  const { b } = w;
  const v = voucher(w, applicant, daysAgo + 15, b.int(90, 300));
  const amount = fromCents((toCents(String(v.data.amount)) * BigInt(b.int(40, 80))) / 100n);
  const days = daysBetween(b.today, String(v.data.actualDueDate));
  const loanAmount = mulRate(amount, '0.9', 2);
  const rec = b.add(
    'creditFinance',
    {
      voucherId: v.id,
      voucherNo: v.data.voucherNo,
      voucherAmount: v.data.amount,
      issuerCorpId: CORE,
      dueDate: v.data.actualDueDate,
      applicantCorpId: applicant,
      finCorpId: FIN,
      financeAmount: amount,
      financeRatio: '0.9',
      monthlyRate: '0.0045',
      financeDays: days,
      loanAmount,
      expectedInterest: financeInterest(loanAmount, '0.0045', days),
      ...account(b, applicant),
      invoiceNos: [],
      applyDate: b.day(-daysAgo),
      loanDate: state === 'FI5' || state === 'FID' ? b.day(-Math.max(daysAgo - 1, 0)) : null,
      remark: '补充流动资金',
    },
    state,
    { daysAgo, corp: applicant, role: op(applicant), reason: '融资资料不完整' },
  );
  if (state !== 'FI0') reserve(v, amount, '融资金额');
  if (['FI2', 'FI3', 'FI4', 'FI5'].includes(state)) w.ledger.freeze(applicant, amount);
  if (state === 'FID') {
    consume(v, amount);
    rec.data.childVoucherId = child(
      w,
      v,
      FIN,
      amount,
      'FID',
      { financeId: rec.id },
      Math.max(daysAgo - 1, 0),
    ).id;
    w.ledger.use(applicant, amount);
  }
  return rec;
}

export function cash(w: World, state: string, holder: string, overdue: number): void {
  const { b } = w;
  const v = voucher(w, holder, 200 + overdue, -overdue);
  const cashAmount = String(v.data.availableAmount);
  b.add(
    'creditCash',
    {
      voucherId: v.id,
      voucherNo: v.data.voucherNo,
      issuerCorpId: CORE,
      holderCorpId: holder,
      cashAmount,
      dueDate: v.data.actualDueDate,
      ...account(b, holder),
      cashDate: state === 'RDD' ? b.day(-Math.max(overdue - 1, 0)) : null,
      remark: '到期兑付',
    },
    state,
    { daysAgo: overdue, corp: CORE, role: CORE_OP, reason: '收款账户信息有误' },
  );
  // The voucher follows its application as the cash effects move it (cash.prepare, cash.voucherState,
  // cash.settle).
  const steps = [
    { action: 'cashApply', to: 'RD0', role: CORE_OP },
    { action: 'submit', to: 'RD1', role: CORE_OP },
    { action: 'cash', to: 'RDD', role: 'ROLE_CORE_DIRECTOR' },
  ];
  w.b.follow('creditVoucher', v, steps.slice(0, steps.findIndex((s) => s.to === state) + 1), overdue, CORE);
  if (state === 'RDD') {
    v.data.availableAmount = '0.00';
    w.ledger.restore(CORE, cashAmount);
  }
}

const CATEGORIES: Array<[string, string]> = [
  ['auth', '授权书'],
  ['contract', '贸易合同'],
  ['invoice', '增值税专用发票'],
  ['other', '其他资料'],
  ['default', '融资资料'],
];

export function documents(w: World, drafts: Map<string, BizRecord>): void {
  const { b } = w;
  let n = 0;
  for (const state of ['DS0', 'DS1', 'DS2', 'DS3', 'DS4']) {
    for (const uploader of [SUP, UNIT, CORE]) {
      for (let k = 0; k < 2; k++) {
        const [category, title] = CATEGORIES[n % CATEGORIES.length]!;
        n++;
        const invoice = category === 'invoice';
        const data: Record<string, unknown> = {
          category,
          title,
          financeId: drafts.get(uploader)?.id ?? null,
          uploaderCorpId: uploader,
          uploaderName: b.user(uploader, [op(uploader), CORE_OP])?.personName ?? null,
          finCorpId: FIN,
          invoiceCode: invoice && n % 2 === 0 ? `0440019001${String(10 + n).slice(-2)}` : null,
          invoiceNo: invoice
            ? n % 2 === 0
              ? String(10_000_000 + n)
              : `2644200000000${String(1_000_000 + n)}`
            : null,
          invoiceAmount: invoice ? b.money(10_000, 500_000) : null,
          invoiceDate: invoice ? b.day(-30 - n) : null,
          remark: null,
        };
        const rec = b.add('financeDocument', data, state, {
          daysAgo: 10 - k,
          corp: uploader,
          role: uploader === CORE ? CORE_OP : op(uploader),
          reason: '资料不清晰，请重新上传',
        });
        if (state === 'DS0' && k === 1) continue; // a draft still waiting for its file
        const file = b.file('financeDocument', rec, category, `${title}-${b.corpName(uploader)}.pdf`);
        Object.assign(rec.data, {
          fileId: file.id,
          fileName: file.name,
          fileSize: file.size,
          uploadedAt: rec.createdAt,
        });
      }
    }
  }
}

export function limit(w: World, corp: string, product: string, total: string, state: string): BizRecord {
  return w.b.add(
    'creditLimit',
    {
      corpId: corp,
      product,
      total,
      used: '0.00',
      frozen: '0.00',
      available: total,
      effectiveDate: w.b.day(-300),
      expireDate: w.b.day(400),
      grantorCorpId: FIN,
      remark: '年度授信',
    },
    state,
    { daysAgo: 300, corp: FIN, role: 'ROLE_FIN_PRODUCT_MANAGER', reason: '企业经营异常' },
  );
}
