import type { ServerProduct } from '@server/products/types';
import { registerFactoringDocumentationRoutes } from '@server/factoring/documentation';
import { FACTORING_DOCUMENTS } from '@server/documents/factoringContracts';
import { FACTORING_DOCUMENTS_API, registerFactoringDocumentRoutes } from '@server/factoring/documents';
import { factoringEffects } from '@server/factoring/effects';
import { FACTORING_ERRORS } from '@server/factoring/errors';
import { seedFactoring } from '@server/factoring/seed/seedFactoring';
import { registerUserSignDocumentRoute, USER_SIGN_AGREEMENT } from '@server/factoring/userSign';

/**
 * Forward factoring (正向保理). Its plugin registers the factoring module the variants share
 * (server/factoring): receivables (factoringReceivable), the loan from application through the factor's
 * approval, contract confirmation and signing on both sides, lending and repayment (factoringLoan),
 * interest (利息前置/后置, 360-day year), the contracts as PDF and every variant's 产品文档
 * (server/factoring/documentation.ts).
 */
export const factoringProduct: ServerProduct = {
  code: 'factoring-forward',
  effects: [factoringEffects],
  errors: FACTORING_ERRORS,
  seed: seedFactoring,
  routes: (app, engine) => {
    registerFactoringDocumentRoutes(app, engine);
    registerFactoringDocumentationRoutes(app);
    registerUserSignDocumentRoute(app, engine);
  },
  // The factoring contract: the creditor signs it (sign), then the debtor (ownerSign).
  agreements: [
    {
      model: 'factoringLoan',
      title: () => FACTORING_DOCUMENTS.contract,
      numberField: 'factoringContractNo',
      pdf: `${FACTORING_DOCUMENTS_API}/contract/{id}`,
      signers: [
        { field: 'creditorCorpId', states: ['FL7', 'FL8', 'FL9', 'FLD'], action: 'sign' },
        { field: 'debtorCorpId', states: ['FL8', 'FL9', 'FLD'], action: 'ownerSign' },
      ],
    },
    USER_SIGN_AGREEMENT,
  ],
};
