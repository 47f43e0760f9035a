import type { ServerProduct } from '@server/products/types';
import { creditEffects } from './effects';
import { CREDIT_ERRORS } from './errors';
import { seedCredit } from './seed/seedCredit';

/** The credit voucher product (信用凭证): models creditIssue, creditVoucher, creditTransfer, creditFinance, creditCash, creditLimit, financeDocument. */
export const creditProduct: ServerProduct = {
  code: 'credit',
  effects: creditEffects,
  errors: CREDIT_ERRORS,
  seed: seedCredit,
};
