import type { ServerProduct } from '../types';
import { DELIVERY_AGREEMENTS_API, registerDeliveryDocumentRoutes } from './documents';
import { factoringDeliveryEffects } from './effects';
import { FACTORING_DELIVERY_ERRORS } from './errors';
import { seedFactoringDelivery } from './seed';

/** Delivery factoring (到货保理): white list, supply plans, arrival confirmations (到货确认单), finance. */
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
  ],
};
