export { RECORD_META_FIELDS } from './types';
export {
  actionPath,
  aggregatePath,
  endpointNamed,
  DICTIONARY_API,
  recordPath,
  recordsPath,
  refOptionsPath,
  SERVICE_RESULT,
  serviceResultOf,
  sortParam,
} from './api';
export {
  allowedValues,
  applyModelRules,
  modelFieldAt,
  modelRuleProblems,
  withModelRules,
  withDialogModelRules,
  dialogModels,
} from './fieldRules';
export type { BoundField, DictLookup, RuleProblem } from './fieldRules';
export { DISPLAY_OF_MODEL_FORMAT, withModelDisplay } from './displayRules';
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
export {
  batchPath,
  EXPORT_JOB_THRESHOLD,
  exportFileName,
  exportFilePath,
  exportJobPath,
  exportPath,
  importPath,
  importTemplatePath,
  EXPORTS_API,
  LIST_DENSITIES,
  LIST_KEY_PATTERN,
  LIST_SETTINGS_API,
  parseListSettings,
} from './lists';
export type {
  BatchAnswer,
  BatchResult,
  ExportColumn,
  ExportJob,
  ListColumnSetting,
  ListDensity,
  ListSettings,
} from './lists';
export { FIELD_ACCESS_MEMBER, fieldAccessLevel, isFieldHidden, resolveFieldAccess } from './fieldAccess';
export type { FieldAccessLevel, FieldAccessRule, FieldAccessRules } from './fieldAccess';
export { readAnswerPath, toListAnswer } from './dataSource';
export type { ResponseMapping } from './dataSource';
