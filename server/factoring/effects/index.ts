import { compareMoney, formatAmount } from '@renderer/core/format';
import type { Effect, EffectContext } from '../../models/effects/effectRegistry';
import { daysBetween } from '../../models/recordWriter';
import { factoringError } from '../errors';
import { loanFigures, type InterestMode } from '../interest';
import { ratioTotal, shareAmounts, type FunderShare } from '../shares';
import { USER_AGREEMENT, USER_SIGN } from '../userSign';

export const RECEIVABLE = 'factoringReceivable';
export const JOINT_CONTRACT = 'factoringJointContract';
/** A joint deal's terms each funder's contract repeats (the record is the source of its PDF). */
const JOINT_CONTRACT_TERMS = [
  'loanNo',
  'receivableNo',
  'receivableAmount',
  'dueDate',
  'contractNo',
  'creditorCorpId',
  'debtorCorpId',
  'leadName',
  'financeAmount',
  'annualRate',
  'interestMode',
  'recourse',
  'financeDays',
  'interest',
  'loanAmount',
  'repayAmount',
  'accountNo',
  'accountName',
  'bankName',
  'bankCode',
] as const;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The receivable a loan application names, locked; on create/update it must be the creditor's and financeable. */
async function receivableOf(c: EffectContext) {
  const rec = await c.records.lock(RECEIVABLE, str(c.record.data.receivableId));
  return rec;
}

/** Whether the enterprise has signed the service agreement (用户签约). */
async function userSigned(c: EffectContext, corpId: string): Promise<boolean> {
  return (await c.records.find(USER_SIGN, { corpId })).some((r) => r.state === 'US1');
}

/** Effects shared by the factoring variants: receivables, loan terms, contracts. */
export const factoringEffects: Record<string, Effect> = {
  /**
   * 用户签约 (create and sign): once per enterprise; the version signed is recorded; signing needs the
   * text read to its end and records the signer.
   */
  async 'factoring.userSign'(c) {
    const d = c.record.data;
    if (await userSigned(c, str(d.corpId) || c.user.corpId)) throw factoringError('FACTORING_USER_SIGNED');
    if (c.phase === 'create') d.agreementVersion = USER_AGREEMENT.version;
    if (c.phase !== 'transition') return;
    if (d.agreementRead !== true) throw factoringError('FACTORING_USER_AGREEMENT_NOT_READ');
    d.signerName = c.user.personName;
  },

  /** An application is accepted only from an enterprise that has signed the service agreement. */
  async 'factoring.userSigned'(c) {
    const d = c.record.data;
    if (!(await userSigned(c, str(d.creditorCorpId))))
      throw factoringError('FACTORING_USER_NOT_SIGNED', { corp: str(d.creditorName) });
  },

  /** A new receivable: the debtor is another enterprise; the registration day is recorded. */
  async 'factoring.receivable'(c) {
    const d = c.record.data;
    if (d.debtorCorpId === c.user.corpId) throw factoringError('FACTORING_DEBTOR_SELF');
    if (c.phase === 'create') d.registerDate = c.today;
  },

  /**
   * Loan apply/update/submit/lend: the receivable is the creditor's and financeable (AR2; once submitted
   * it is AR3 and held by this loan), the amount does not exceed it, the rate is in (0, 1); term (days from
   * today, or from the loan date when lending, to the due date), interest, amount lent and amount to be
   * repaid are computed exactly on the server.
   */
  async 'factoring.prepare'(c) {
    const d = c.record.data;
    const rec = await receivableOf(c);
    const receivableNo = str(rec.data.receivableNo);
    const draft = c.phase !== 'transition' || c.transition?.action === 'submit';
    if (rec.data.creditorCorpId !== d.creditorCorpId || (draft && rec.state !== 'AR2'))
      throw factoringError('FACTORING_RECEIVABLE_NOT_AVAILABLE', { receivableNo });
    const amount = str(d.financeAmount);
    if (compareMoney(amount, str(rec.data.amount)) > 0)
      throw factoringError('FACTORING_AMOUNT_EXCEEDS', { amount: formatAmount(str(rec.data.amount)) });
    const rate = str(d.annualRate);
    if (compareMoney(rate, '0') <= 0 || compareMoney(rate, '1') >= 0)
      throw factoringError('FACTORING_RATE_INVALID');
    const dueDate = str(rec.data.dueDate);
    const start = str(d.loanDate) || c.today;
    const days = daysBetween(start, dueDate);
    if (days < 1) throw factoringError('FACTORING_TERM_INVALID', { date: dueDate });
    d.receivableNo = receivableNo;
    d.receivableAmount = rec.data.amount;
    d.dueDate = dueDate;
    d.contractNo = rec.data.contractNo;
    d.debtorCorpId = rec.data.debtorCorpId;
    // The engine filled names before effects ran: the debtor's name comes with it from the receivable.
    d.debtorName = rec.data.debtorName;
    d.financeDays = days;
    Object.assign(d, loanFigures(amount, rate, days, str(d.interestMode) as InterestMode));
    if (c.phase === 'create') d.applyDate = c.today;
  },

  /** The receivable follows its loan (args.state: AR3 融资中, AR2 back to financeable, AR4 已融资, AR5 已回款). */
  async 'factoring.receivableState'(c) {
    const rec = await receivableOf(c);
    const from = rec.state;
    rec.state = String(c.args.state);
    // Named after the loan's step (loan.submit, loan.lend…): not one of the receivable's own transitions.
    await c.records.save(RECEIVABLE, rec, { action: `loan.${c.transition?.action ?? 'update'}`, from });
  },

  /** The factor approved: the factoring contract gets its number (BL + the loan's number). */
  async 'factoring.contract'(c) {
    c.record.data.factoringContractNo = `BL${str(c.record.data.loanNo).replace(/^FL/, '')}`;
  },

  /**
   * Joint deal (联合保理): two or more different funders, each with a ratio above 0 (they add up to
   * exactly 100 %: the model's sumTo); each gets
   * its share amount (the last one the rounding remainder); the first is the lead funder who lends.
   */
  async 'factoring.shares'(c) {
    const d = c.record.data;
    const funders = (Array.isArray(d.funders) ? d.funders : []) as FunderShare[];
    const ids = funders.map((f) => f.funderCorpId);
    if (new Set(ids).size !== ids.length) throw factoringError('FACTORING_FUNDER_DUPLICATE');
    // The sum of 100 % is the funders field's sumTo in the model, checked before any effect.
    if (funders.some((f) => compareMoney(f.ratio, '0') <= 0))
      throw factoringError('FACTORING_SHARES_INVALID', { total: ratioTotal(funders) });
    const amounts = shareAmounts(
      str(d.financeAmount),
      funders.map((f) => f.ratio),
    );
    d.funders = funders.map((f, i) => ({ ...f, shareAmount: amounts[i], approvedDate: null }));
    d.funderCorpIds = ids;
    d.leadCorpId = ids[0];
    // Set here: the engine fills names from the submitted ids before effects run, and the lead is derived.
    d.leadName = funders[0]?.funderName ?? null;
    d.funderNames = funders.map((f) => f.funderName ?? '').join('、');
  },

  /** The creditor's director approved: every funder is to approve its share. */
  async 'factoring.sharesOpen'(c) {
    c.record.data.pendingFunderCorpIds = [...((c.record.data.funderCorpIds as string[]) ?? [])];
  },

  /** A funder approved its share: it leaves the pending list; the deal waits (JL2) until none is left. */
  async 'factoring.shareApprove'(c) {
    const d = c.record.data;
    const corp = c.user.corpId;
    d.pendingFunderCorpIds = ((d.pendingFunderCorpIds as string[]) ?? []).filter((id) => id !== corp);
    d.funders = ((d.funders as FunderShare[]) ?? []).map((f) =>
      f.funderCorpId === corp ? { ...f, approvedDate: c.today } : f,
    );
    if ((d.pendingFunderCorpIds as string[]).length > 0) c.outcome('JL2');
  },

  /**
   * The last funder approved: each funder's 国内商业保理合同 is made (JC1, its share and ratio), to be
   * confirmed and signed by the creditor and signed by that funder.
   */
  async 'factoring.jointContracts'(c) {
    const d = c.record.data;
    if (((d.pendingFunderCorpIds as string[]) ?? []).length > 0) return;
    const terms = Object.fromEntries(JOINT_CONTRACT_TERMS.map((k) => [k, d[k]]));
    for (const f of (d.funders as FunderShare[]) ?? [])
      await c.records.insert(
        JOINT_CONTRACT,
        {
          ...terms,
          loanId: c.record.id,
          funderCorpId: f.funderCorpId,
          ratio: f.ratio,
          shareAmount: f.shareAmount,
        },
        { action: 'funderApprove' },
      );
  },

  /** The lead funder lends only when every funder's contract is signed by both sides (JC4). */
  async 'factoring.jointContractsSigned'(c) {
    const contracts = await c.records.find(JOINT_CONTRACT, { loanId: c.record.id });
    const unsigned = contracts.filter((k) => k.state !== 'JC4');
    if (contracts.length === 0 || unsigned.length > 0)
      throw factoringError('FACTORING_JOINT_CONTRACTS_UNSIGNED', {
        funders: unsigned.map((k) => str(k.data.funderName)).join('、'),
      });
  },
};
