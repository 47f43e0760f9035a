import type { ServerProduct } from '@server/products/types';
import { absEffects } from './effects';
import { ABS_ERRORS } from './errors';
import { seedAbs } from './seed/seedAbs';

/**
 * ABS (资产证券化) and, with the same models, effects and pages parameterised by `product`, ABCP: models
 * absAsset, absPlan, absShelf. ABCP brings no code of its own (its records carry product abcp).
 */
export const absProduct: ServerProduct = {
  code: 'abs',
  effects: [absEffects],
  errors: ABS_ERRORS,
  seed: seedAbs,
};
