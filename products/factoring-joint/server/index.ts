import type { ServerProduct } from '@server/products/types';
import { FACTORING_DOCUMENTS } from '@server/documents/factoringContracts';
import { FACTORING_JOINT_CONTRACT_API } from '@server/factoring/documents';

/**
 * Joint factoring (联合保理, factoringJointLoan, and each funder's contract factoringJointContract): its
 * effects, errors, seed and PDF route are those of the factoring module the variants share
 * (server/factoring), registered once by forward factoring's plugin (products/factoring-forward/server);
 * this names the product its models and pages belong to.
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
