import type { ServerProduct } from '../types';
import { creditEffects } from './effects';
import { CREDIT_ERRORS } from './errors';
import { seedCredit } from './seed/seedCredit';

/** The credit voucher product (信用凭证): models creditIssue, creditVoucher, creditTransfer, creditFinance, creditCash, creditLimit, financeDocument. */
export const creditProduct: ServerProduct = {
  code: 'credit',
  effects: creditEffects,
  errors: CREDIT_ERRORS,
  homes: {
    ROLE_CORE_OPERATOR: '/credit/core/index/operator',
    ROLE_CORE_DIRECTOR: '/credit/core/index/director',
    ROLE_CORE_QUERY: '/credit/core/index/query',
    ROLE_CORE_FINAL: '/credit/core/index/final-approve',
    ROLE_CORE_PURCHASE: '/credit/core/index/purchase',
    ROLE_CORP_OPERATOR: '/credit/chain/index/operator',
    ROLE_CORP_DIRECTOR: '/credit/chain/index/director',
    ROLE_CORP_QUERY: '/credit/chain/index/query',
    ROLE_CORP_PURCHASE: '/credit/chain/index/query',
    ROLE_UNIT_OPERATOR: '/credit/chain/index/operator',
    ROLE_UNIT_DIRECTOR: '/credit/chain/index/director',
    ROLE_UNIT_QUERY: '/credit/chain/index/query',
    ROLE_UNIT_PURCHASE: '/credit/chain/index/query',
    ROLE_FIN_CLIENT_MANAGER: '/credit/core/supplier/finance-query',
    ROLE_FIN_PRODUCT_MANAGER: '/credit/core/supplier/finance-query',
  },
  seed: seedCredit,
};
