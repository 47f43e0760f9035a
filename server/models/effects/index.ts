export { createEffectRegistry } from './effectRegistry';
export type { Effect, EffectContext, EffectRegistry, RecordAccess } from './effectRegistry';
export { limitEffects, limitAvailable } from './limitEffects';
export { issueTransferEffects } from './issueTransferEffects';
export { financeCashEffects, financeInterest } from './financeCashEffects';
export { documentEffects } from './documentEffects';
