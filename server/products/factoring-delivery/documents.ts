import type { FastifyInstance } from 'fastify';
import { doneOn, monthlyTerms, registerDealDocumentRoutes } from '../../documents/factoringContracts';
import { text } from '../../documents/pdfReply';
import type { ModelEngine } from '../../models';
import { addDays } from '../../models/recordWriter';
import { factoringError } from '../factoring/errors';

/** Where a delivery factoring document is downloaded (under /api/web): `${API}/{kind}/{financeId}`. */
export const DELIVERY_DOCUMENTS_API = '/biz/v1/factoring/delivery/documents';

/** From the factor's approval (the contract number) on: 待放款, 已放款, 已回款. */
const CONTRACT_STATES = new Set(['DF2', 'DFD', 'DFR']);

/**
 * The documents of a delivery factoring finance (factoringDeliveryFinance): the 国内商业保理合同 and the
 * 付款通知书 to the core (whose consent is the tripartite agreement, so there is no separate 转让确认书).
 * The receivable is the confirmed arrival; it falls due at the end of the finance term.
 */
export function registerDeliveryDocumentRoutes(app: FastifyInstance, engine: ModelEngine): void {
  registerDealDocumentRoutes(app, engine, {
    api: DELIVERY_DOCUMENTS_API,
    model: 'factoringDeliveryFinance',
    kinds: ['contract', 'notice'],
    states: CONTRACT_STATES,
    notReady: () => factoringError('FACTORING_DOCUMENT_NOT_READY'),
    fileNo: (f) => text(f.financeNo),
    deal: (f) => ({
      contractNo: text(f.contractNo),
      financeNo: text(f.financeNo),
      factorName: text(f.factorName),
      creditorName: text(f.applicantName),
      debtorName: text(f.coreName),
      receivableRows: [
        { label: '到货确认单编号', value: text(f.orderNo) },
        { label: '运单号', value: text(f.waybillNo) },
        { label: '货物名称', value: text(f.goodsName) },
      ],
      receivableAmount: text(f.deliveredAmount),
      dueDate: addDays(text(f.loanDate) || text(f.applyDate), Number(f.financeDays)),
      financeAmount: text(f.financeAmount),
      interest: text(f.interest),
      loanAmount: text(f.loanAmount),
      repayAmount: text(f.repayAmount),
      ...monthlyTerms(f.monthlyRate, f.financeDays),
      // Delivery factoring deducts the interest when lending (利息前置).
      interestMode: 'PRE',
      signed: { factor: doneOn(f, 'loan'), creditor: doneOn(f, 'submit'), debtor: '' },
    }),
  });
}
