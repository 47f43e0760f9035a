export { createEffectRegistry } from './effectRegistry';
export type { Effect, EffectContext, EffectRegistry, RecordAccess, ServiceHost } from './effectRegistry';
