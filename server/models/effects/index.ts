export { createEffectRegistry } from './effectRegistry';
export type {
  ActionService,
  ServiceContext,
  Effect,
  EffectContext,
  EffectRegistry,
  RecordAccess,
  ServiceHost,
} from './effectRegistry';
