import type { ExpressionNode } from './ast';
import { defaultFunctions } from './defaultFunctions';
import { collectDependencies } from './dependencies';
import { ExpressionError } from './errors';
import { allowFormilyScopeCall, readFormilyProperty } from './formilyScope';
import type { FunctionRegistry } from './functionRegistry';
import { interpret } from './interpreter';
import type { HostPropertyReader, InterpretOptions } from './interpreter';
import { parseExpression } from './parser';

/** Options of {@link CompiledExpression.evaluate}; see {@link InterpretOptions}. */
export interface EvaluateOptions extends Partial<InterpretOptions> {
  /** Functions the expression may call. @default defaultFunctions */
  functions?: FunctionRegistry;
}

/** A parsed expression, ready to evaluate many times. */
export interface CompiledExpression {
  /** The source it was parsed from. */
  readonly source: string;
  /** The syntax tree. */
  readonly ast: ExpressionNode;
  /** Scope paths it reads (see `collectDependencies`). */
  readonly dependencies: ReadonlySet<string>;
  /**
   * Evaluates against `scope`.
   * @throws {ExpressionError} carrying `source`.
   */
  evaluate(scope: object, options?: EvaluateOptions): unknown;
}

/** How many parsed expressions {@link compileExpression} keeps. */
export const EXPRESSION_CACHE_SIZE = 500;

// Least-recently-used: a Map iterates in insertion order, so re-inserting on a hit moves the entry
// to the end and the first key is the eldest.
const cache = new Map<string, CompiledExpression>();

/** Empties the parse cache (for tests and hot reload). */
export function clearExpressionCache(): void {
  cache.clear();
}

/** Number of cached parses. */
export function expressionCacheSize(): number {
  return cache.size;
}

/**
 * Parses `source` (cached, {@link EXPRESSION_CACHE_SIZE} most recently used kept).
 * @throws {ExpressionError} on syntax errors and statically refused names (not cached).
 */
export function compileExpression(source: string): CompiledExpression {
  const hit = cache.get(source);
  if (hit) {
    cache.delete(source);
    cache.set(source, hit);
    return hit;
  }
  const ast = parseExpression(source);
  const compiled: CompiledExpression = Object.freeze({
    source,
    ast,
    dependencies: collectDependencies(ast),
    evaluate: (scope: object, options: EvaluateOptions = {}): unknown => {
      try {
        return interpret(ast, scope, { ...options, functions: options.functions ?? defaultFunctions });
      } catch (error) {
        throw error instanceof ExpressionError ? error.withSource(source) : error;
      }
    },
  });
  cache.set(source, compiled);
  if (cache.size > EXPRESSION_CACHE_SIZE) {
    const eldest = cache.keys().next();
    if (!eldest.done) cache.delete(eldest.value);
  }
  return compiled;
}

/**
 * Parses (cached) and evaluates `source` against `scope`.
 *
 * @param functions the function set @default defaultFunctions
 * @throws {ExpressionError}
 */
export function evaluate(
  source: string,
  scope: object,
  functions: FunctionRegistry = defaultFunctions,
): unknown {
  return compileExpression(source).evaluate(scope, { functions });
}

/** Options of {@link createFormilyCompiler}. */
export interface FormilyCompilerOptions {
  /**
   * Which bare calls `name(...)` that are not registered functions may call a function the Formily
   * scope provides under that name.
   * @default allowFormilyScopeCall — `$`-named scope functions except `$effect` and `$memo`
   */
  allowScopeCall?: (name: string) => boolean;
  /** Reads of non-plain objects. @default readFormilyProperty — read-only field and form state */
  readHostProperty?: HostPropertyReader;
  /**
   * Receives errors instead of throwing them; the expression then yields `undefined`. Without it,
   * errors propagate to Formily (which surfaces them like its own compiler's exceptions).
   */
  onError?: (error: ExpressionError) => void;
}

/**
 * Creates the compiler to hand to `Schema.registerCompiler` from `@formily/json-schema`, so `{{ }}`
 * expressions in schemas run on this interpreter instead of `new Function` (CSP without
 * `'unsafe-eval'`). Formily calls it with the text inside `{{ }}` and its scope (`$self`, `$form`,
 * `$values`, `$deps`, `$dependencies`, `$target`, `$record`, `$records`, `$index`, `$lookup`,
 * `$observable`, `$props`, `$effect`, `$memo`, plus the `SchemaField` scope).
 *
 * What an expression can do under this compiler:
 * - read top-level scope names; plain objects and arrays (`$values`, `$deps`, `$record`, observable
 *   data) by their own members; fields (`$self`, `$target`) and the form (`$form`) only through
 *   the read-only state listed in `FORMILY_FIELD_PROPERTIES` / `FORMILY_FORM_PROPERTIES`;
 * - call the registered `functions` by name;
 * - call `$props(...)`, `$observable(...)` or another `$`-named function the host scope provides,
 *   by bare name only, with plain-value arguments (per `allowScopeCall`); `$effect`/`$memo` are
 *   refused (they need callbacks), methods (`$self.setValue(...)`, `$form.query(...)`) always are;
 * - never: non-`$` scope functions, function values, prototypes, globals, assignment.
 * Formily's `fulfill.run` scripts and function-valued `x-reactions` (`{{(field) => ...}}`) are
 * JavaScript and are not supported: they fail with `E_SYNTAX`/`E_RESERVED_WORD`.
 */
export function createFormilyCompiler(
  functions: FunctionRegistry = defaultFunctions,
  options: FormilyCompilerOptions = {},
): (expression: string, scope?: unknown) => unknown {
  const evaluateOptions: EvaluateOptions = {
    functions,
    allowScopeCall: options.allowScopeCall ?? allowFormilyScopeCall,
    readHostProperty: options.readHostProperty ?? readFormilyProperty,
  };
  return (expression: string, scope?: unknown): unknown => {
    const target = typeof scope === 'object' && scope !== null ? scope : {};
    try {
      return compileExpression(expression).evaluate(target, evaluateOptions);
    } catch (error) {
      if (options.onError && error instanceof ExpressionError) {
        options.onError(error.withSource(expression));
        return undefined;
      }
      throw error;
    }
  };
}
