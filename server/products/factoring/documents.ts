import type { FastifyInstance } from 'fastify';
import { formatPercent } from '@renderer/core/format';
import { doneOn, registerDealDocumentRoutes, type FactoringDeal } from '../../documents/factoringContracts';
import { text } from '../../documents/pdfReply';
import type { ModelEngine } from '../../models';
import { factoringError } from './errors';

/** Where a document is downloaded (under /api/web): `/biz/v1/factoring/documents/{kind}/{loanId}`. */
export const FACTORING_DOCUMENTS_API = '/biz/v1/factoring/documents';

/** States in which the contracts exist: from the factor's signed approval on (not refused). */
const CONTRACT_STATES = new Set(['FL4', 'FL5', 'FL6', 'FL7', 'FL8', 'FL9', 'FLD']);

/** A standard factoring loan (factoringLoan, as its reader sees it) as the documents print it. */
export function loanDeal(loan: Record<string, unknown>): FactoringDeal {
  return {
    contractNo: text(loan.factoringContractNo),
    financeNo: text(loan.loanNo),
    factorName: text(loan.factorName),
    creditorName: text(loan.creditorName),
    debtorName: text(loan.debtorName),
    receivableRows: [
      { label: '应收账款编号', value: text(loan.receivableNo) },
      { label: '基础合同编号', value: text(loan.contractNo) },
    ],
    receivableAmount: text(loan.receivableAmount),
    dueDate: text(loan.dueDate),
    financeAmount: text(loan.financeAmount),
    interest: text(loan.interest),
    loanAmount: text(loan.loanAmount),
    repayAmount: text(loan.repayAmount),
    termRows: [
      { label: '年化利率', value: formatPercent(text(loan.annualRate), 4) },
      { label: '融资期限', value: `${text(loan.financeDays)}天（按每年360天计息）` },
    ],
    interestRule: '利息 = 融资金额 × 年化利率 × 融资天数 ÷ 360，计算结果四舍五入至分。',
    interestMode: loan.interestMode === 'PRE' ? 'PRE' : 'POST',
    recourse: loan.recourse !== 'NON_RECOURSE',
    account: `${text(loan.accountName)}，${text(loan.accountNo)}，${text(loan.bankName)}（联行号${text(loan.bankCode)}）`,
    signed: {
      factor: doneOn(loan, 'factorApprove'),
      creditor: doneOn(loan, 'sign'),
      debtor: doneOn(loan, 'ownerSign'),
    },
  };
}

/**
 * GET /biz/v1/factoring/documents/{kind}/{loanId}: the contract as PDF for an enterprise that sees the
 * loan, once the factor has approved it.
 */
export function registerFactoringDocumentRoutes(app: FastifyInstance, engine: ModelEngine): void {
  registerDealDocumentRoutes(app, engine, {
    api: FACTORING_DOCUMENTS_API,
    model: 'factoringLoan',
    states: CONTRACT_STATES,
    notReady: () => factoringError('FACTORING_DOCUMENT_NOT_READY'),
    deal: loanDeal,
    fileNo: (loan) => text(loan.loanNo),
  });
}
