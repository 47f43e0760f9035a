/**
 * A JSON syntax error as an analyst reads it: the line and column of the culprit (the parser names a
 * character offset) and a Chinese message.
 */

/** Where a file stopped parsing, and why. */
export interface JsonSyntaxError {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  message: string;
}

const MESSAGES: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^Expected ',' or '}' after property value/, () => '属性值后缺少逗号或 }'],
  [/^Expected ',' or ']' after array element/, () => '数组元素后缺少逗号或 ]'],
  [/^Expected property name or '}'/, () => '应为双引号括起的键名或 }（多余的逗号？）'],
  [/^Expected double-quoted property name/, () => '应为双引号括起的键名（多余的逗号？）'],
  [/^Expected ':' after property name/, () => '键名后缺少冒号'],
  [/^Unterminated string/, () => '字符串没有结束引号'],
  [/^Bad control character in string literal/, () => '字符串中有控制字符（换行应写成 \\n）'],
  [/^Unexpected end of JSON input/, () => '文件意外结束（缺少 } 或 ]？）'],
  [/^Unexpected non-whitespace character after JSON/, () => 'JSON 结束后还有多余内容'],
  [/^Unexpected string/, () => '意外的字符串（前面缺少逗号？）'],
  [/^Unexpected number/, () => '意外的数字（前面缺少逗号？）'],
  [/^Unexpected token '?(.)'?/, (m) => `意外的字符 "${m[1] ?? ''}"`],
];

/** Parses `text`; on a syntax error returns where and why instead of throwing. */
export function parseJson(text: string): { value: unknown } | { error: JsonSyntaxError } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    const raw = (error as Error).message;
    const at = /at position (\d+)/.exec(raw);
    const lineColumn = /\(line (\d+) column (\d+)\)/.exec(raw);
    let line: number;
    let column: number;
    if (lineColumn) {
      line = Number(lineColumn[1]);
      column = Number(lineColumn[2]);
    } else {
      const offset = at ? Number(at[1]) : errorOffset(text);
      const before = text.slice(0, offset).split('\n');
      line = before.length;
      column = (before.at(-1)?.length ?? 0) + 1;
    }
    let message = raw.replace(/\s*(in JSON )?at position \d+.*$/, '');
    for (const [pattern, say] of MESSAGES) {
      const match = pattern.exec(raw);
      if (match) {
        message = say(match);
        break;
      }
    }
    return { error: { line, column, message } };
  }
}

/**
 * The offset where `text` stops being JSON, for the parser messages that name none (V8's "Unexpected
 * token" says which character, not where): a small recursive-descent scan of the JSON grammar.
 */
export function errorOffset(text: string): number {
  let i = 0;
  const space = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i += 1;
  };
  const fail = (): never => {
    throw i;
  };
  const string = (): void => {
    if (text[i] !== '"') fail();
    i += 1;
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail();
      i += text[i] === '\\' ? 2 : 1;
    }
    if (i >= text.length) fail();
    i += 1;
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') {
      i += 1;
      space();
      if (text[i] === '}') {
        i += 1;
        return;
      }
      for (;;) {
        space();
        string();
        space();
        if (text[i] !== ':') fail();
        i += 1;
        value();
        space();
        if (text[i] === ',') i += 1;
        else if (text[i] === '}') {
          i += 1;
          return;
        } else fail();
      }
    }
    if (c === '[') {
      i += 1;
      space();
      if (text[i] === ']') {
        i += 1;
        return;
      }
      for (;;) {
        value();
        space();
        if (text[i] === ',') i += 1;
        else if (text[i] === ']') {
          i += 1;
          return;
        } else fail();
      }
    }
    if (c === '"') return string();
    const literal = /^(true|false|null|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?)/.exec(text.slice(i));
    if (!literal) fail();
    i += literal![0].length;
  };
  try {
    value();
    space();
    return i < text.length ? i : text.length;
  } catch (at) {
    return typeof at === 'number' ? at : text.length;
  }
}
