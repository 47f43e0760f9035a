/**
 * The page-schema checker (Node and tests only: it compiles the meta-schema with ajv, which the
 * browser never loads).
 */
export { checkDictionaries, checkSchemas, formatIssue } from './checkSchemas';
export type { CheckResult } from './checkSchemas';
export { describeAjvErrors, validateAgainstMetaSchema } from './metaValidate';
export type { MetaProblem } from './metaValidate';
export { checkPage } from './pageChecks';
export type { PageProblem } from './pageChecks';
export {
  collectExpressions,
  expressionOf,
  findLinkageCycles,
  resolveDependency,
  walkFormily,
} from './formilyTree';
export type { FormilyVisit } from './formilyTree';
export type { CheckContext, CheckIssue, PageFile } from './types';
