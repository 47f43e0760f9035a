/**
 * The expression functions page schemas may call: the language's defaults plus a few the pages need
 * (`pluck` to read one field of every row, `capital` for 大写金额 text). The checker and the React
 * renderer use the same registry, so a schema that passes the checker runs.
 */
import {
  createDefaultFunctions,
  createFunctionRegistry,
  ExpressionError,
  isPlainObject,
} from '@renderer/core/expression';
import type {
  DefaultFunctionsOptions,
  FunctionDefinition,
  FunctionRegistry,
} from '@renderer/core/expression';
import { isCapitalConvertible, toChineseCapital } from '@renderer/core/format';

/** The renderer's own functions (added to the defaults). */
export const RENDERER_FUNCTION_DEFINITIONS: readonly FunctionDefinition[] = [
  {
    name: 'pluck',
    minArgs: 2,
    maxArgs: 2,
    description: '数组中每一行某字段的值，如 moneyAdd(pluck($deps[0], "billAmount"))',
    fn: ([rows, field]) => {
      if (typeof field !== 'string') throw new ExpressionError('E_TYPE', 'pluck 的第二个参数应为字段名');
      if (rows === null || rows === undefined) return [];
      if (!Array.isArray(rows)) throw new ExpressionError('E_TYPE', 'pluck 的第一个参数应为数组');
      return rows.map((row: unknown) => {
        if (!isPlainObject(row)) return undefined;
        // Read before checking ownership: on Formily's observable rows the read is what subscribes
        // the reaction to a value that does not exist yet (a row's field filled in later).
        const value = (row as Record<string, unknown>)[field];
        return Object.prototype.hasOwnProperty.call(row, field) ? value : undefined;
      });
    },
  },
  {
    name: 'capital',
    minArgs: 1,
    maxArgs: 1,
    description: '金额的中文大写，如 capital("1001") 为 壹仟零壹元整；空或不合法时为空字符串',
    fn: ([amount]) => (isCapitalConvertible(amount) ? toChineseCapital(amount) : ''),
  },
];

/** The function registry of page schemas, with an injectable clock for `today()`. */
export function createRendererFunctions(options: DefaultFunctionsOptions = {}): FunctionRegistry {
  return createFunctionRegistry([...RENDERER_FUNCTION_DEFINITIONS], {
    base: createDefaultFunctions(options),
  });
}

/**
 * {@link createRendererFunctions} with the system clock. Marked pure: the route table imports this folder's
 * index, and without the mark the bundle kept the call, and with it the whole expression engine, in the
 * portal's entry chunk (the login page's first load grew by ~25 kB gzip; tests/e2e/login.spec.ts).
 */
export const rendererFunctions: FunctionRegistry = /* @__PURE__ */ createRendererFunctions();
