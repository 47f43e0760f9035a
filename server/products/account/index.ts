import { exportJobEffects, exportJobServices } from '../../models/exportJobs';
import { productOpeningEffects } from '../../models/productOpenings';
import type { ServerProduct } from '../types';
import { accountEffects } from './effects';
import { ACCOUNT_ERRORS } from './errors';
import { registerAccountRoutes } from './routes';
import { userServices } from './users';
import { seedAccount } from './seed';

/**
 * The account centre's business records: changes of an enterprise's master data (corpInfoChange,
 * applied only on approval; GET its current data) and its bank accounts (corpBankAccount),
 * proposed by an operator and in effect once a director or the administrator approves them; one of those in
 * effect is the enterprise's default. Its action services: a user added, its roles assigned and its password
 * reset (./users.ts), and a download-centre job retried (server/models/exportJobs.ts).
 */
export const accountProduct: ServerProduct = {
  code: 'account',
  effects: [...accountEffects, exportJobEffects, productOpeningEffects],
  services: { ...userServices, ...exportJobServices },
  errors: ACCOUNT_ERRORS,
  seed: seedAccount,
  routes: registerAccountRoutes,
};
