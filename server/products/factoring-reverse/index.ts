import type { ServerProduct } from '../types';
import { registerReverseDocumentRoutes } from './documents';
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
};
