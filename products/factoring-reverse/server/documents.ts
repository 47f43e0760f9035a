import type { FastifyInstance } from 'fastify';
import {
  documentNotReady,
  doneOn,
  registerDealDocumentRoutes,
  supplierFinanceDeal,
} from '@server/documents/factoringContracts';
import { text } from '@server/documents/pdfReply';
import type { ModelEngine } from '@server/models';

/** Where a reverse factoring document is downloaded (under /api/web): `${API}/{kind}/{financeId}`. */
export const REVERSE_DOCUMENTS_API = '/biz/v1/factoring/reverse/documents';

/** From the factor's approval (the contract number) on: 待核心企业确认, 待放款, 已放款, 已回款. */
const CONTRACT_STATES = new Set(['RF2', 'RF3', 'RFD', 'RFR']);

/**
 * The three documents of a reverse factoring finance (factoringReverseFinance): the supplier assigns the
 * payable the core confirmed; the supplier's director signs with its review, the core confirms the
 * assignment through its link, the factor signs when lending.
 */
export function registerReverseDocumentRoutes(app: FastifyInstance, engine: ModelEngine): void {
  registerDealDocumentRoutes(app, engine, {
    api: REVERSE_DOCUMENTS_API,
    model: 'factoringReverseFinance',
    states: CONTRACT_STATES,
    notReady: documentNotReady,
    fileNo: (f) => text(f.financeNo),
    deal: (f) => {
      const base = supplierFinanceDeal(f);
      return {
        ...base,
        receivableRows: [{ label: '应付账款编号', value: text(f.payableNo) }],
        receivableAmount: text(f.payableAmount),
        dueDate: text(f.dueDate),
        interestMode: f.interestMode === 'PRE' ? 'PRE' : 'POST',
        recourse: f.recourse !== 'WITHOUT',
        signed: { ...base.signed, debtor: doneOn(f, 'confirm') },
      };
    },
  });
}
