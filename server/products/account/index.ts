import type { ServerProduct } from '../types';
import { seedAccount } from './seed';

/**
 * The account centre's business records (issue 13): an enterprise's bank accounts (corpBankAccount),
 * proposed by an operator and in effect once a director or the administrator approves them.
 */
export const accountProduct: ServerProduct = {
  code: 'account',
  effects: [],
  errors: {},
  homes: {},
  seed: seedAccount,
};
