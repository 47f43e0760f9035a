import type { ServerProduct } from '../types';
import { registerFactoringDocumentationRoutes } from './documentation';
import { FACTORING_DOCUMENTS } from '../../documents/factoringContracts';
import {
  FACTORING_DOCUMENTS_API,
  FACTORING_JOINT_CONTRACT_API,
  registerFactoringDocumentRoutes,
} from './documents';
import { factoringEffects } from './effects';
import { FACTORING_ERRORS } from './errors';
import { seedFactoring } from './seed/seedFactoring';
import { registerUserSignDocumentRoute, USER_SIGN_AGREEMENT } from './userSign';

/**
 * Factoring (保理), the part shared by its variants: receivables (factoringReceivable), the loan from
 * application through the factor's approval, contract confirmation and signing on both sides, lending
 * and repayment (factoringLoan), interest (利息前置/后置, 360-day year), the contracts as PDF and every
 * variant's 产品文档 (documentation.ts).
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

/**
 * Joint factoring (联合保理, factoringJointLoan, and each funder's contract factoringJointContract): its
 * effects, errors, seed and PDF route are the shared ones above (one registration each); this names the
 * product its models and pages belong to.
 */
export const factoringJointProduct: ServerProduct = {
  code: 'factoring-joint',
  effects: [],
  errors: {},
  // Each funder's contract: the creditor's director signs it (sign), then that funder (funderSign).
  agreements: [
    {
      model: 'factoringJointContract',
      title: () => FACTORING_DOCUMENTS.contract,
      numberField: 'factoringContractNo',
      pdf: `${FACTORING_JOINT_CONTRACT_API}/{id}`,
      signers: [
        { field: 'creditorCorpId', states: ['JC3', 'JC4'], action: 'sign' },
        { field: 'funderCorpId', states: ['JC4'], action: 'funderSign' },
      ],
    },
  ],
};
