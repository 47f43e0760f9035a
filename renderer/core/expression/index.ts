/**
 * The schema expression language: a JavaScript expression subset parsed into a syntax tree and run
 * by a small interpreter with a fixed function set — no `eval`, no `new Function`, no prototypes or
 * globals. Pure TypeScript: shared by the renderer and the server.
 */
export type {
  ArrayNode,
  BinaryNode,
  BinaryOperator,
  CallNode,
  ChainNode,
  ConditionalNode,
  ExpressionNode,
  IdentifierNode,
  LiteralNode,
  LiteralValue,
  LogicalNode,
  LogicalOperator,
  MemberNode,
  NodeBase,
  ObjectNode,
  PropertyNode,
  UnaryNode,
  UnaryOperator,
} from './ast';
export { ExpressionError, isExpressionError } from './errors';
export type { ExpressionErrorCode, ExpressionErrorOptions } from './errors';
export { tokenize } from './tokenizer';
export type { Token, TokenType } from './tokenizer';
export { parseExpression } from './parser';
export { interpret, isPlainObject } from './interpreter';
export type { HostPropertyReader, InterpretOptions } from './interpreter';
export { createFunctionRegistry } from './functionRegistry';
export type {
  CreateFunctionRegistryOptions,
  ExpressionFunction,
  FunctionContext,
  FunctionDefinition,
  FunctionRegistry,
} from './functionRegistry';
export { createDefaultFunctions, defaultFunctionDefinitions, defaultFunctions } from './defaultFunctions';
export type { DefaultFunctionsOptions } from './defaultFunctions';
export type { DateUnit } from './dates';
export { childNodes, collectDependencies, collectFunctionNames, findCycles } from './dependencies';
export type { DependencyGraph } from './dependencies';
export {
  allowFormilyScopeCall,
  FORMILY_CALLBACK_HELPERS,
  FORMILY_FIELD_PROPERTIES,
  FORMILY_FORM_PROPERTIES,
  readFormilyProperty,
} from './formilyScope';
export {
  clearExpressionCache,
  compileExpression,
  createFormilyCompiler,
  evaluate,
  EXPRESSION_CACHE_SIZE,
  expressionCacheSize,
} from './compile';
export type { CompiledExpression, EvaluateOptions, FormilyCompilerOptions } from './compile';
export { FORBIDDEN_NAMES, FORBIDDEN_PROPERTIES, RESERVED_WORDS } from './policy';
