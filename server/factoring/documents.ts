import type { FastifyInstance } from 'fastify';
import {
  annualTerms,
  doneOn,
  registerDealDocumentRoutes,
  type FactoringDeal,
} from '../documents/factoringContracts';
import { text } from '../documents/pdfReply';
import type { ModelEngine } from '../models';
import { factoringError } from './errors';

/** Where a document is downloaded (under /api/web): `/biz/v1/factoring/documents/{kind}/{loanId}`. */
export const FACTORING_DOCUMENTS_API = '/biz/v1/factoring/documents';

/** Where a funder's contract of a joint deal is downloaded: `/biz/v1/factoring/joint-contracts/{contractId}`. */
export const FACTORING_JOINT_CONTRACT_API = '/biz/v1/factoring/joint-contracts';

/** States in which the contracts exist: from the factor's signed approval on (not refused). */
const CONTRACT_STATES = new Set(['FL4', 'FL5', 'FL6', 'FL7', 'FL8', 'FL9', 'FLD']);

/**
 * What a standard factoring loan (factoringLoan) or a funder's contract of a joint deal
 * (factoringJointContract, the same fields) gives every document: the receivable on the debtor, an
 * annual rate, 利息前置/后置 and 有/无追索 as chosen, the creditor's account.
 */
function annualDeal(r: Record<string, unknown>): Omit<FactoringDeal, 'signed'> {
  return {
    contractNo: text(r.factoringContractNo),
    financeNo: text(r.loanNo),
    factorName: text(r.factorName),
    creditorName: text(r.creditorName),
    debtorName: text(r.debtorName),
    receivableRows: [
      { label: '应收账款编号', value: text(r.receivableNo) },
      { label: '基础合同编号', value: text(r.contractNo) },
    ],
    receivableAmount: text(r.receivableAmount),
    dueDate: text(r.dueDate),
    financeAmount: text(r.financeAmount),
    interest: text(r.interest),
    loanAmount: text(r.loanAmount),
    repayAmount: text(r.repayAmount),
    ...annualTerms(r.annualRate, r.financeDays),
    interestMode: r.interestMode === 'PRE' ? 'PRE' : 'POST',
    recourse: r.recourse !== 'NON_RECOURSE',
    account: `${text(r.accountName)}，${text(r.accountNo)}，${text(r.bankName)}（联行号${text(r.bankCode)}）`,
  };
}

/**
 * The documents of a standard loan (GET /biz/v1/factoring/documents/{kind}/{loanId}, from the factor's
 * signed approval on: the factor signs its approval, the creditor signs, the debtor signs as owner) and the
 * 国内商业保理合同 of each funder of a joint deal (GET /biz/v1/factoring/joint-contracts/{contractId}: the
 * funder is 甲方 for its share; its creditor and that funder see it, by the model's visibility).
 */
export function registerFactoringDocumentRoutes(app: FastifyInstance, engine: ModelEngine): void {
  registerDealDocumentRoutes(app, engine, {
    api: FACTORING_DOCUMENTS_API,
    model: 'factoringLoan',
    states: CONTRACT_STATES,
    notReady: () => factoringError('FACTORING_DOCUMENT_NOT_READY'),
    fileNo: (loan) => text(loan.loanNo),
    deal: (loan) => ({
      ...annualDeal(loan),
      signed: {
        factor: doneOn(loan, 'factorApprove'),
        creditor: doneOn(loan, 'sign'),
        debtor: doneOn(loan, 'ownerSign'),
      },
    }),
  });
  registerDealDocumentRoutes(app, engine, {
    api: FACTORING_JOINT_CONTRACT_API,
    model: 'factoringJointContract',
    only: 'contract',
    fileNo: (c) => text(c.factoringContractNo),
    deal: (c) => ({
      ...annualDeal(c),
      factorName: text(c.funderName),
      share: { leadName: text(c.leadName), ratio: text(c.ratio), shareAmount: text(c.shareAmount) },
      signed: { factor: doneOn(c, 'funderSign'), creditor: doneOn(c, 'sign'), debtor: '' },
    }),
  });
}
