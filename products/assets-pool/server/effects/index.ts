import type { Effect } from '@server/models/effects';
import { poolEffects } from './poolEffects';

export { pledgeValueOf, poolFigures, type PoolFigures } from './poolEffects';

/** The effects the asset pool models name: pools, assets entering and leaving, products, matches. */
export const assetsPoolEffects: ReadonlyArray<Readonly<Record<string, Effect>>> = [poolEffects];
