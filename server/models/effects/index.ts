export { createEffectRegistry } from './effectRegistry';
export type { Effect, EffectContext, EffectRegistry, RecordAccess } from './effectRegistry';
