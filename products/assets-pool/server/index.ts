import type { ServerProduct } from '@server/products/types';
import { assetsPoolEffects } from './effects';
import { ASSETS_POOL_ERRORS } from './errors';
import { seedAssetsPool } from './seed/seedAssetsPool';

/**
 * The asset pool product (资产池, a financial service steward): models assetsPoolPool, assetsPoolAsset,
 * assetsPoolProduct, assetsPoolMatch, assetsPoolFlow. Its roles start in the credit product's pages
 * (no homes of its own: the first product naming a role's home wins).
 */
export const assetsPoolProduct: ServerProduct = {
  code: 'assets-pool',
  effects: assetsPoolEffects,
  errors: ASSETS_POOL_ERRORS,
  seed: seedAssetsPool,
};
