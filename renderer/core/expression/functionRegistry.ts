import { ExpressionError } from './errors';
import { FORBIDDEN_NAMES, RESERVED_WORDS } from './policy';

/** What a registered function can see besides its arguments. */
export interface FunctionContext {
  /**
   * Reads a top-level name of the evaluation scope with the same rules as an identifier in the
   * expression (own, non-function values only); `undefined` when the scope does not define it.
   */
  lookup(name: string): unknown;
}

/**
 * Implementation of an expression function. Arguments are already evaluated plain values (never
 * functions); the result must not be a function either.
 */
export type ExpressionFunction = (args: readonly unknown[], context: FunctionContext) => unknown;

/** One function of a registry. */
export interface FunctionDefinition {
  /** The name the expression calls, e.g. `len`. Must be a valid identifier. */
  name: string;
  /** The implementation. */
  fn: ExpressionFunction;
  /** Fewest arguments accepted. @default 0 */
  minArgs?: number;
  /** Most arguments accepted. @default Infinity */
  maxArgs?: number;
  /** One line for analysts (shown by the schema checker). */
  description?: string;
}

/** An immutable set of expression functions, handed to the evaluator as a value. */
export interface FunctionRegistry {
  /** Whether `name` is registered. */
  has(name: string): boolean;
  /** The definition of `name`, if registered. */
  get(name: string): FunctionDefinition | undefined;
  /** All registered names, in registration order. */
  names(): string[];
}

/** Options of {@link createFunctionRegistry}. */
export interface CreateFunctionRegistryOptions {
  /** Registry whose functions are included first. */
  base?: FunctionRegistry;
  /**
   * Names of `base` functions that `definitions` deliberately replace. Any other clash is an error;
   * listing a name that `base` lacks is an error too (it is almost always a typo).
   */
  override?: Iterable<string>;
}

const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$_]*$/u;

/**
 * Builds a function registry.
 *
 * @throws {ExpressionError} `E_DUPLICATE_FUNCTION` when two definitions share a name, or a definition
 *   clashes with `base` without being listed in `override`; `E_SYNTAX` for a name that is not an
 *   identifier or is a reserved/forbidden word; `E_UNKNOWN_FUNCTION` for an `override` name missing
 *   from `base`.
 */
export function createFunctionRegistry(
  definitions: Iterable<FunctionDefinition>,
  options: CreateFunctionRegistryOptions = {},
): FunctionRegistry {
  const map = new Map<string, FunctionDefinition>();
  const { base } = options;
  const override = new Set(options.override ?? []);
  for (const name of override) {
    if (!base?.has(name)) {
      throw new ExpressionError('E_UNKNOWN_FUNCTION', `override 中的 ${name} 不在基础函数集中`);
    }
  }
  if (base) for (const name of base.names()) map.set(name, base.get(name) as FunctionDefinition);

  const added = new Set<string>();
  for (const definition of definitions) {
    const { name } = definition;
    if (!IDENTIFIER.test(name) || RESERVED_WORDS.has(name) || FORBIDDEN_NAMES.has(name)) {
      throw new ExpressionError('E_SYNTAX', `函数名 ${JSON.stringify(name)} 不合法`);
    }
    if (['true', 'false', 'null', 'undefined'].includes(name)) {
      throw new ExpressionError('E_SYNTAX', `函数名 ${name} 不合法`);
    }
    if (added.has(name) || (map.has(name) && !override.has(name))) {
      throw new ExpressionError('E_DUPLICATE_FUNCTION', `函数 ${name} 重复注册`);
    }
    added.add(name);
    map.set(name, Object.freeze({ ...definition }));
  }
  return Object.freeze({
    has: (name: string) => map.has(name),
    get: (name: string) => map.get(name),
    names: () => [...map.keys()],
  });
}
