export { RECORD_META_FIELDS } from './types';
export {
  actionPath,
  aggregatePath,
  DICTIONARY_API,
  MODELS_API,
  recordPath,
  recordsPath,
  sortParam,
} from './api';
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
export { FIELD_ACCESS_MEMBER, fieldAccessLevel, resolveFieldAccess } from './fieldAccess';
export type { FieldAccessLevel, FieldAccessRule, FieldAccessRules } from './fieldAccess';
export { readAnswerPath, toListAnswer } from './dataSource';
export type { ResponseMapping } from './dataSource';
