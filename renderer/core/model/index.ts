export { RECORD_META_FIELDS } from './types';
export { actionPath, aggregatePath, MODELS_API, recordPath, recordsPath, sortParam } from './api';
export type {
  AggregateAnswer,
  AggregateGroup,
  AuditEntry,
  BizRecord,
  ListAnswer,
  ModelDefinition,
  ModelField,
  ModelTransition,
  PageCond,
} from './types';
