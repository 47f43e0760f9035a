/**
 * Error catalogue of the expression language: every failure — syntax, security refusal or runtime —
 * is an {@link ExpressionError} with a stable `code` that tests, the schema checker and the server can
 * match on. Messages are Chinese because analysts read them in the schema checker output.
 */

/** Stable error codes; one per kind of failure. */
export type ExpressionErrorCode =
  /** The source is not a valid expression (unexpected character or token, unclosed bracket...). */
  | 'E_SYNTAX'
  /** The source is too long or nested too deeply. */
  | 'E_TOO_COMPLEX'
  /** A JavaScript keyword the language does not support (`this`, `new`, `function`, `typeof`...). */
  | 'E_RESERVED_WORD'
  /** An identifier that names a global or an escape hatch (`globalThis`, `window`, `eval`...). */
  | 'E_FORBIDDEN_NAME'
  /** A property that leads to prototypes or constructors, or that lives on a prototype. */
  | 'E_FORBIDDEN_PROPERTY'
  /** A call whose callee is not a plain function name (`a.b()`, `f()()`, `$self.setValue()`). */
  | 'E_FORBIDDEN_CALL'
  /** An identifier that the scope does not define. */
  | 'E_UNDEFINED_IDENTIFIER'
  /** A call of a name that is neither a registered function nor an allowed host function. */
  | 'E_UNKNOWN_FUNCTION'
  /** Reading a property of `null` or `undefined` without `?.`. */
  | 'E_NULL_MEMBER'
  /** An expression step produced a function value; functions are never values in the language. */
  | 'E_FUNCTION_VALUE'
  /** An operator or property read on a value of the wrong kind (object in arithmetic, class instance...). */
  | 'E_TYPE'
  /** A function was called with too few or too many arguments. */
  | 'E_ARITY'
  /** A registry was built with two functions of the same name. */
  | 'E_DUPLICATE_FUNCTION'
  /** A registered or host function threw; the original error is in `cause`. */
  | 'E_FUNCTION_FAILED';

const TITLES: Record<ExpressionErrorCode, string> = {
  E_SYNTAX: '表达式语法错误',
  E_TOO_COMPLEX: '表达式过于复杂',
  E_RESERVED_WORD: '表达式不支持该关键字',
  E_FORBIDDEN_NAME: '表达式禁止访问该名称',
  E_FORBIDDEN_PROPERTY: '表达式禁止访问该属性',
  E_FORBIDDEN_CALL: '表达式禁止该调用',
  E_UNDEFINED_IDENTIFIER: '表达式引用了未定义的名称',
  E_UNKNOWN_FUNCTION: '表达式调用了未注册的函数',
  E_NULL_MEMBER: '表达式读取了空值的属性',
  E_FUNCTION_VALUE: '表达式不能把函数当作值',
  E_TYPE: '表达式类型错误',
  E_ARITY: '函数参数个数错误',
  E_DUPLICATE_FUNCTION: '函数重复注册',
  E_FUNCTION_FAILED: '函数执行失败',
};

/** Options of {@link ExpressionError}. */
export interface ExpressionErrorOptions {
  /** 0-based character offset in the source where the problem was found; `-1` when not tied to one. */
  position?: number;
  /** The expression source, when known. */
  source?: string;
  /** The underlying error (for `E_FUNCTION_FAILED`). */
  cause?: unknown;
}

/**
 * The one error type of the expression language.
 *
 * `message` reads `<title>：第 N 个字符附近<detail>` when a position is known (N is 1-based, for humans),
 * e.g. `表达式语法错误：第 5 个字符附近应为 ')'`; `position` keeps the 0-based offset.
 */
export class ExpressionError extends Error {
  /** Stable code, see {@link ExpressionErrorCode}. */
  readonly code: ExpressionErrorCode;
  /** 0-based offset in the source, or `-1` when the error is not tied to a position. */
  readonly position: number;
  /** The expression source, when known. */
  readonly source: string | undefined;
  /** The detail part of the message, without title and position. */
  readonly detail: string;

  constructor(code: ExpressionErrorCode, detail: string, options: ExpressionErrorOptions = {}) {
    const position = options.position ?? -1;
    // `第 5 个字符附近应为 ')'` reads naturally; other details need a comma after the position.
    const where = position < 0 ? '' : `第 ${position + 1} 个字符附近${detail.startsWith('应为') ? '' : '，'}`;
    super(
      `${TITLES[code]}：${where}${detail}`,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'ExpressionError';
    this.code = code;
    this.position = position;
    this.source = options.source;
    this.detail = detail;
  }

  /** A copy of this error that also records the source (the interpreter does not know it). */
  withSource(source: string): ExpressionError {
    if (this.source !== undefined) return this;
    return new ExpressionError(this.code, this.detail, {
      position: this.position,
      source,
      cause: this.cause,
    });
  }
}

/** Whether `value` is an {@link ExpressionError}, optionally of a given code. */
export function isExpressionError(value: unknown, code?: ExpressionErrorCode): value is ExpressionError {
  return value instanceof ExpressionError && (code === undefined || value.code === code);
}
