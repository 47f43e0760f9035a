import type { ServerProduct } from '@server/products/types';
import { FACTORING_DOCUMENTS } from '@server/documents/factoringContracts';
import { DELIVERY_AGREEMENTS_API, DELIVERY_DOCUMENTS_API, registerDeliveryDocumentRoutes } from './documents';
import { factoringDeliveryEffects } from './effects';
import { FACTORING_DELIVERY_ERRORS } from './errors';
import { seedFactoringDelivery } from './seed';

/** Delivery factoring (到货保理): white list, supply plans, arrival confirmations (到货确认单, with their 应付账款确认材料 factoringDeliveryDocument), finance. */
export const factoringDeliveryProduct: ServerProduct = {
  code: 'factoring-delivery',
  effects: [factoringDeliveryEffects],
  errors: FACTORING_DELIVERY_ERRORS,
  routes: registerDeliveryDocumentRoutes,
  seed: seedFactoringDelivery,
  // The supplier signs the tripartite and the supplemental agreement with its UKEY.
  agreements: [
    {
      model: 'factoringDeliveryAgreement',
      title: (a) => (a.kind === 'TRIPARTITE' ? '到货保理三方协议' : '到货保理补充协议'),
      numberField: 'agreementNo',
      pdf: `${DELIVERY_AGREEMENTS_API}/{id}`,
      signers: [{ field: 'supplierCorpId', states: ['AG1'], action: 'sign' }],
    },
    // The factoring contract of a finance: the supplier's director signs it when applying (submit), the
    // factor when lending (loan).
    {
      model: 'factoringDeliveryFinance',
      title: () => FACTORING_DOCUMENTS.contract,
      numberField: 'contractNo',
      pdf: `${DELIVERY_DOCUMENTS_API}/contract/{id}`,
      signers: [
        { field: 'applicantCorpId', states: ['DF2', 'DFD', 'DFR'], action: 'submit' },
        { field: 'factorCorpId', states: ['DFD', 'DFR'], action: 'loan' },
      ],
    },
  ],
};
