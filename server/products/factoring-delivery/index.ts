import type { ServerProduct } from '../types';
import { registerDeliveryDocumentRoutes } from './documents';
import { factoringDeliveryEffects } from './effects';
import { FACTORING_DELIVERY_ERRORS } from './errors';
import { seedFactoringDelivery } from './seed';

/** Delivery factoring (到货保理): white list, supply plans, arrival confirmations (到货确认单), finance. */
export const factoringDeliveryProduct: ServerProduct = {
  code: 'factoring-delivery',
  effects: [factoringDeliveryEffects],
  errors: FACTORING_DELIVERY_ERRORS,
  routes: registerDeliveryDocumentRoutes,
  seed: seedFactoringDelivery,
};
