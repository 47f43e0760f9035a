import type { ServerProduct } from '../types';
import { registerAccountDocumentRoutes } from './documents';
import { accountFinanceEffects } from './effects';
import { ACCOUNT_FINANCE_ERRORS } from './errors';
import { seedAccountFinance } from './seed';

/**
 * The account centre's finance part: enterprise profiles (dock, invoice, express info), the
 * electronic account and its transactions and receipts, bills, invoices and points. Models account*,
 * pages under schemas/my/; its roles start in the products' pages (no homes of its own).
 */
export const accountFinanceProduct: ServerProduct = {
  code: 'account-finance',
  effects: accountFinanceEffects,
  errors: ACCOUNT_FINANCE_ERRORS,
  seed: seedAccountFinance,
  routes: registerAccountDocumentRoutes,
};
