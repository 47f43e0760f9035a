import { addMoney, compareMoney, formatAmount, subMoney } from '@renderer/core/format';
import type { Effect, EffectContext } from '../../models/effects';
import type { BizRecord } from '../../models/types';
import { accountError } from './errors';

/** Model names of the account centre's finance part. */
export const EACCOUNT = 'accountEAccount';
export const TX = 'accountTx';
export const RECEIPT = 'accountReceipt';
export const BILL = 'accountBill';
export const INVOICE = 'accountInvoice';
export const INVOICE_INFO = 'accountInvoiceInfo';
export const SCORE = 'accountScore';

/** Points an enterprise earns (积分). */
export const POINTS = { open: 100, payOnTime: 20, payLate: 5 } as const;

const ZERO = '0.00';
const str = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));
const money = (v: unknown): string => (typeof v === 'string' && v !== '' ? v : ZERO);

/** The enterprise's accounts that are not closed (at most one). */
async function openAccounts(c: EffectContext, corpId: string, forUpdate = false): Promise<BizRecord[]> {
  return (await c.records.find(EACCOUNT, { corpId }, { forUpdate })).filter((a) => a.state !== 'EA2');
}

/** The enterprise's active (已开户) account, locked. @throws EACCOUNT_NOT_ACTIVE */
async function activeAccount(c: EffectContext, corpId: string): Promise<BizRecord> {
  const account = (await openAccounts(c, corpId, true)).find((a) => a.state === 'EA1');
  if (!account) throw accountError('EACCOUNT_NOT_ACTIVE');
  return account;
}

/** Adds a points entry with the enterprise's balance after it. */
async function addPoints(
  c: EffectContext,
  corpId: string,
  kind: keyof typeof POINTS,
  refNo: string,
): Promise<void> {
  const entries = await c.records.find(SCORE, { corpId }, { forUpdate: true });
  const before = entries.reduce((sum, e) => sum + Number(e.data.points ?? 0), 0);
  const points = POINTS[kind];
  await c.records.insert(SCORE, {
    corpId,
    kind,
    points,
    balanceAfter: before + points,
    refNo,
    entryDate: c.today,
  });
}

/** Moves the account's balance by a successful transaction and makes its receipt. */
async function book(c: EffectContext, account: BizRecord, tx: Record<string, unknown>): Promise<string> {
  const amount = money(tx.amount);
  const balance = money(account.data.balance);
  const after = tx.direction === 'in' ? addMoney(balance, amount) : subMoney(balance, amount);
  account.data.balance = after;
  await c.records.save(EACCOUNT, account);
  return after;
}

/** The receipt (回单) of a successful transaction. */
async function makeReceipt(c: EffectContext, tx: Pick<BizRecord, 'id' | 'data'>): Promise<void> {
  const d = tx.data;
  await c.records.insert(RECEIPT, {
    corpId: d.corpId,
    txId: tx.id,
    txNo: d.txNo,
    accountNo: d.accountNo,
    direction: d.direction,
    amount: d.amount,
    counterpartyName: d.counterpartyName,
    counterpartyAccountNo: d.counterpartyAccountNo ?? '',
    summary: str(d.purpose) || (d.direction === 'in' ? '转入' : '转出'),
    txDate: d.txDate,
  });
}

/** Profiles (dock, invoice, express info): one record per enterprise. */
const single: Effect = async (c) => {
  const corpId = str(c.record.data.corpId);
  if ((await c.records.find(c.model.name, { corpId })).length)
    throw accountError('ACCOUNT_PROFILE_EXISTS', { title: c.model.def.title });
};

/** 开户: one account that is not closed per enterprise; it starts empty. */
const open: Effect = async (c) => {
  const existing = (await openAccounts(c, str(c.record.data.corpId), true))[0];
  if (existing) throw accountError('EACCOUNT_EXISTS', { accountNo: str(existing.data.accountNo) });
  c.record.data.balance = ZERO;
};

/** 激活: the enterprise earns its opening points. */
const activate: Effect = async (c) => {
  await addPoints(c, str(c.record.data.corpId), 'open', str(c.record.data.accountNo));
};

/** 注销: only an empty account with no transaction waiting for its result. */
const close: Effect = async (c) => {
  const balance = money(c.record.data.balance);
  if (compareMoney(balance, ZERO) !== 0)
    throw accountError('EACCOUNT_BALANCE_NOT_ZERO', { balance: formatAmount(balance) });
  const pending = (await c.records.find(TX, { accountId: c.record.id })).find((t) => t.state === 'TX0');
  if (pending) throw accountError('EACCOUNT_TX_PENDING', { txNo: str(pending.data.txNo) });
};

/** A transaction asked: on the enterprise's active account, dated today, result 未明. */
const prepareTx: Effect = async (c) => {
  const account = (await openAccounts(c, str(c.record.data.corpId))).find((a) => a.state === 'EA1');
  if (!account) throw accountError('EACCOUNT_NOT_ACTIVE');
  Object.assign(c.record.data, { accountId: account.id, accountNo: account.data.accountNo, txDate: c.today });
};

/**
 * 查询结果 — the emulated bank answers: a 转出 above the balance, or on an account no longer active,
 * fails; anything else succeeds, moves the balance exactly and makes the receipt.
 */
const settleTx: Effect = async (c) => {
  const d = c.record.data;
  const account = await c.records.lock(EACCOUNT, str(d.accountId));
  const failed = (reason: string): void => {
    d.failReason = reason;
    c.outcome('TX2');
  };
  if (account.state !== 'EA1') return failed('电子账户状态异常');
  if (d.direction === 'out' && compareMoney(money(account.data.balance), money(d.amount)) < 0)
    return failed('账户余额不足');
  d.balanceAfter = await book(c, account, d);
  await makeReceipt(c, c.record);
};

/**
 * 支付: the debtor's active account pays the bill at once (a 成功 转出 with its receipt); the invoice to
 * issue takes the debtor's 开票信息; paying by the due date earns more points.
 */
const payBill: Effect = async (c) => {
  const d = c.record.data;
  const corpId = str(d.debtorCorpId);
  const amount = money(d.amount);
  const account = await activeAccount(c, corpId);
  const balance = money(account.data.balance);
  if (compareMoney(balance, amount) < 0)
    throw accountError('EACCOUNT_BALANCE_INSUFFICIENT', {
      balance: formatAmount(balance),
      amount: formatAmount(amount),
    });
  const info = (await c.records.find(INVOICE_INFO, { corpId }))[0];
  if (!info) throw accountError('INVOICE_INFO_MISSING');
  const tx = {
    corpId,
    accountId: account.id,
    accountNo: account.data.accountNo,
    direction: 'out',
    amount,
    counterpartyName: d.issuerName,
    purpose: `支付账单${str(d.billNo)}`,
    txDate: c.today,
    refNo: d.billNo,
  };
  const balanceAfter = await book(c, account, tx);
  // Settled at once (no bank round trip): made by the payment, so its trail starts with it.
  const written = await c.records.insert(TX, { ...tx, balanceAfter }, { state: 'TX1', action: 'billPay' });
  await makeReceipt(c, written);
  d.paidTxNo = written.data.txNo;
  const i = info.data;
  await c.records.insert(INVOICE, {
    billId: c.record.id,
    billNo: d.billNo,
    sellerCorpId: d.issuerCorpId,
    buyerCorpId: corpId,
    invoiceTitle: i.invoiceTitle,
    taxNo: i.taxNo,
    invoiceType: i.invoiceType,
    buyerAddressPhone: `${str(i.registerAddress)} ${str(i.registerPhone)}`,
    buyerBank: `${str(i.bankName)} ${str(i.bankAccountNo)}`,
    amount,
  });
  await addPoints(c, corpId, str(d.dueDate) >= c.today ? 'payOnTime' : 'payLate', str(d.billNo));
};

/** 开具: the invoice's code (12 digits, of the day) and the seller's next 8-digit number. */
const issueInvoice: Effect = async (c) => {
  const seller = str(c.record.data.sellerCorpId);
  const issued = (await c.records.find(INVOICE, { sellerCorpId: seller })).filter((v) => v.state !== 'IV0');
  c.record.data.invoiceCode = `0${c.today.replace(/-/g, '').slice(2)}00001`;
  c.record.data.invoiceNo = String(issued.length + 1).padStart(8, '0');
};

/** The effects the account finance models name. */
export const accountFinanceEffects: ReadonlyArray<Readonly<Record<string, Effect>>> = [
  {
    'accountProfile.single': single,
    'eaccount.open': open,
    'eaccount.activate': activate,
    'eaccount.close': close,
    'eaccountTx.prepare': prepareTx,
    'eaccountTx.settle': settleTx,
    'bill.pay': payBill,
    'invoice.issue': issueInvoice,
  },
];
