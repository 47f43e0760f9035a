import { ExpressionError } from './errors';
import { MAX_SOURCE_LENGTH } from './policy';

/** Kinds of tokens. `Name` covers identifiers and keywords; the parser decides what a name means. */
export type TokenType = 'Number' | 'String' | 'Name' | 'Punctuator' | 'EOF';

/** One token with its 0-based `[start, end)` range in the source. */
export interface Token {
  type: TokenType;
  /** The punctuator or name text; for strings the decoded value; for numbers the source text. */
  value: string;
  /** The numeric value of a `Number` token. */
  number?: number;
  start: number;
  end: number;
}

// Longest first, so `===` wins over `==` and `?.` over `?`.
// prettier-ignore
const PUNCTUATORS = [
  '===', '!==', '...',
  '==', '!=', '<=', '>=', '&&', '||', '??', '?.', '=>',
  '+', '-', '*', '/', '%', '<', '>', '!', '?', ':', '.', ',', '(', ')', '[', ']', '{', '}', '=',
  '&', '|', '^', '~',
];

const ID_START = /[\p{ID_Start}$_]/u;
const ID_PART = /[\p{ID_Continue}$_\u200c\u200d]/u;
const DIGIT = /[0-9]/;
const HEX = /[0-9a-fA-F]/;

// prettier-ignore
const ESCAPES: Record<string, string> = {
  n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0',
  "'": "'", '"': '"', '\\': '\\',
};

/**
 * Splits an expression source into tokens.
 *
 * @throws {ExpressionError} `E_SYNTAX` on an unknown character, an unterminated string, a template
 *   literal (not supported) or a malformed number; `E_TOO_COMPLEX` for sources over
 *   {@link MAX_SOURCE_LENGTH} characters.
 */
export function tokenize(source: string): Token[] {
  if (source.length > MAX_SOURCE_LENGTH) {
    throw new ExpressionError('E_TOO_COMPLEX', `表达式长度超过 ${MAX_SOURCE_LENGTH} 个字符`, { source });
  }
  const tokens: Token[] = [];
  let i = 0;
  const fail = (detail: string, position: number): never => {
    throw new ExpressionError('E_SYNTAX', detail, { position, source });
  };

  while (i < source.length) {
    const ch = source.charAt(i);
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    const start = i;
    if (DIGIT.test(ch) || (ch === '.' && DIGIT.test(source.charAt(i + 1)))) {
      i = readNumber(source, i, fail);
      const text = source.slice(start, i);
      tokens.push({ type: 'Number', value: text, number: Number(text), start, end: i });
      continue;
    }
    if (ch === '"' || ch === "'") {
      const { value, end } = readString(source, i, fail);
      i = end;
      tokens.push({ type: 'String', value, start, end });
      continue;
    }
    if (ch === '`') fail('不支持模板字符串，请用 + 或 concat() 拼接', start);
    const code = source.codePointAt(i) ?? 0;
    const first = String.fromCodePoint(code);
    if (ID_START.test(first)) {
      i += first.length;
      while (i < source.length) {
        const next = String.fromCodePoint(source.codePointAt(i) ?? 0);
        if (!ID_PART.test(next)) break;
        i += next.length;
      }
      tokens.push({ type: 'Name', value: source.slice(start, i), start, end: i });
      continue;
    }
    const punct = PUNCTUATORS.find((p) => source.startsWith(p, i));
    if (punct === undefined) fail(`无法识别的字符 '${first}'`, start);
    // `a?.5:1` is a conditional with `.5`, not optional chaining (same rule as JavaScript).
    const op = punct === '?.' && DIGIT.test(source.charAt(i + 2)) ? '?' : (punct as string);
    i += op.length;
    tokens.push({ type: 'Punctuator', value: op, start, end: i });
  }
  tokens.push({ type: 'EOF', value: '', start: source.length, end: source.length });
  return tokens;
}

function readNumber(source: string, start: number, fail: (d: string, p: number) => never): number {
  let i = start;
  if (source.charAt(i) === '0' && /[xX]/.test(source.charAt(i + 1))) {
    i += 2;
    if (!HEX.test(source.charAt(i))) fail('十六进制数字不完整', i);
    while (HEX.test(source.charAt(i))) i += 1;
  } else {
    while (DIGIT.test(source.charAt(i))) i += 1;
    if (source.charAt(i) === '.') {
      i += 1;
      while (DIGIT.test(source.charAt(i))) i += 1;
    }
    if (/[eE]/.test(source.charAt(i))) {
      i += 1;
      if (/[+-]/.test(source.charAt(i))) i += 1;
      if (!DIGIT.test(source.charAt(i))) fail('数字的指数部分不完整', i);
      while (DIGIT.test(source.charAt(i))) i += 1;
    }
  }
  const after = String.fromCodePoint(source.codePointAt(i) ?? 0);
  if (i < source.length && (ID_START.test(after) || DIGIT.test(after))) {
    fail(`数字后不能紧跟 '${after}'`, i);
  }
  return i;
}

function readString(
  source: string,
  start: number,
  fail: (d: string, p: number) => never,
): { value: string; end: number } {
  const quote = source.charAt(start);
  let i = start + 1;
  let value = '';
  for (;;) {
    if (i >= source.length) return fail(`字符串缺少结束引号 ${quote}`, start);
    const ch = source.charAt(i);
    if (ch === quote) return { value, end: i + 1 };
    if (ch === '\n' || ch === '\r') return fail(`字符串缺少结束引号 ${quote}`, start);
    if (ch !== '\\') {
      value += ch;
      i += 1;
      continue;
    }
    const esc = source.charAt(i + 1);
    if (esc === 'u') {
      const hex = source.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('\\u 转义需要 4 位十六进制数字', i);
      value += String.fromCharCode(parseInt(hex, 16));
      i += 6;
    } else if (esc === 'x') {
      const hex = source.slice(i + 2, i + 4);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) fail('\\x 转义需要 2 位十六进制数字', i);
      value += String.fromCharCode(parseInt(hex, 16));
      i += 4;
    } else {
      const decoded = ESCAPES[esc];
      if (decoded === undefined) fail(`不支持的转义 \\${esc}`, i);
      value += decoded;
      i += 2;
    }
  }
}
