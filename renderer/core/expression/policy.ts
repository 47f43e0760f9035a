/**
 * The security policy shared by the parser (static refusals, so the schema checker reports them
 * without running anything) and the interpreter (the same refusals at run time, for computed keys
 * and hand-built trees).
 */

/**
 * JavaScript keywords that the language does not support. `true`, `false`, `null` and `undefined`
 * are literals and are not listed here. After `.` and as object keys these words are plain names
 * (`$values.default` is fine).
 */
// prettier-ignore
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  'this', 'new', 'function', 'class', 'delete', 'void', 'typeof', 'instanceof', 'in', 'var', 'let',
  'const', 'return', 'if', 'else', 'for', 'while', 'do', 'switch', 'case', 'default', 'break',
  'continue', 'throw', 'try', 'catch', 'finally', 'with', 'yield', 'await', 'import', 'export',
  'super', 'extends', 'debugger', 'enum', 'async',
]);

/**
 * Property names that reach prototypes, constructors or getter/setter machinery. Refused after `.`,
 * in `[...]`, as object literal keys and as identifiers.
 */
// prettier-ignore
export const FORBIDDEN_PROPERTIES: ReadonlySet<string> = new Set([
  'constructor', '__proto__', 'prototype', '__defineGetter__', '__defineSetter__',
  '__lookupGetter__', '__lookupSetter__', 'caller', 'callee', 'arguments',
]);

/**
 * Identifiers refused even if a scope happened to define them: globals and code-loading entry
 * points. Scopes never resolve through `globalThis` anyway; this list makes the intent explicit and
 * lets the schema checker flag such expressions statically.
 */
// prettier-ignore
export const FORBIDDEN_NAMES: ReadonlySet<string> = new Set([
  ...FORBIDDEN_PROPERTIES,
  'globalThis', 'window', 'self', 'global', 'top', 'parent', 'frames', 'document', 'location',
  'navigator', 'process', 'require', 'module', 'exports', 'Buffer', 'eval', 'Function', 'Reflect',
  'Proxy', 'Object', 'Symbol', 'fetch', 'XMLHttpRequest', 'setTimeout', 'setInterval', 'importScripts',
]);

/** Friendlier messages for JavaScript punctuators that are deliberately left out. */
export const UNSUPPORTED_SYNTAX: Readonly<Record<string, string>> = {
  '=>': '不支持箭头函数',
  '=': '不支持赋值（比较请用 ===）',
  '...': '不支持展开运算符',
  '&': '不支持位运算（逻辑与请用 &&）',
  '|': '不支持位运算（逻辑或请用 ||）',
  '^': '不支持位运算',
  '~': '不支持位运算',
};

/** Names of the only own property of arrays/strings that is not an index and may be read. */
export const LENGTH = 'length';

/** Longest accepted source, in characters. */
export const MAX_SOURCE_LENGTH = 10_000;

/** Deepest accepted nesting of sub-expressions (brackets, operators, calls). */
export const MAX_DEPTH = 64;
