import type { ServerProduct } from '@server/products/types';
import { FACTORING_DOCUMENTS } from '@server/documents/factoringContracts';
import { registerReverseDocumentRoutes, REVERSE_DOCUMENTS_API } from './documents';
import { factoringReverseEffects } from './effects';
import { FACTORING_REVERSE_ERRORS } from './errors';
import { REVERSE_LINKS } from './links';
import { seedFactoringReverse } from './seed';

/** Reverse factoring (反向保理): models factoringReversePayable (with its 确权材料 factoringReverseDocument), factoringReverseFinance. */
export const factoringReverseProduct: ServerProduct = {
  code: 'factoring-reverse',
  effects: [factoringReverseEffects],
  errors: FACTORING_REVERSE_ERRORS,
  routes: registerReverseDocumentRoutes,
  publicLinks: REVERSE_LINKS,
  seed: seedFactoringReverse,
  // The factoring contract (BLHT…): the supplier's director signs it with the application (submit), the
  // core confirms the assignment through its link (confirm), the factor signs when lending (loan).
  agreements: [
    {
      model: 'factoringReverseFinance',
      title: () => FACTORING_DOCUMENTS.contract,
      numberField: 'contractNo',
      pdf: `${REVERSE_DOCUMENTS_API}/contract/{id}`,
      signers: [
        { field: 'applicantCorpId', states: ['RF2', 'RF3', 'RFD', 'RFR'], action: 'submit' },
        { field: 'coreCorpId', states: ['RF3', 'RFD', 'RFR'], action: 'confirm' },
        { field: 'factorCorpId', states: ['RFD', 'RFR'], action: 'loan' },
      ],
    },
  ],
};
