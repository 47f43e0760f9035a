import type { Effect } from '@server/models/effects';
import { documentEffects } from './documentEffects';
import { financeCashEffects } from './financeCashEffects';
import { issueTransferEffects } from './issueTransferEffects';
import { limitDistributionEffects } from './limitDistributionEffects';
import { limitEffects } from './limitEffects';

export { limitAvailable } from './limitEffects';

/** The effects the credit models name: limits, issue/transfer/split, finance/cash, documents. */
export const creditEffects: ReadonlyArray<Readonly<Record<string, Effect>>> = [
  limitEffects,
  limitDistributionEffects,
  issueTransferEffects,
  financeCashEffects,
  documentEffects,
];
