import type {
  BinaryOperator,
  CallNode,
  ExpressionNode,
  IdentifierNode,
  LiteralNode,
  PropertyNode,
} from './ast';
import { ExpressionError } from './errors';
import type { ExpressionErrorCode } from './errors';
import {
  FORBIDDEN_NAMES,
  FORBIDDEN_PROPERTIES,
  MAX_DEPTH,
  RESERVED_WORDS,
  UNSUPPORTED_SYNTAX,
} from './policy';
import { tokenize } from './tokenizer';
import type { Token } from './tokenizer';

const LITERAL_NAMES: ReadonlyMap<string, LiteralNode['value']> = new Map<string, LiteralNode['value']>([
  ['true', true],
  ['false', false],
  ['null', null],
  ['undefined', undefined],
]);

const EQUALITY: ReadonlySet<string> = new Set(['==', '!=', '===', '!==']);
const RELATIONAL: ReadonlySet<string> = new Set(['<', '<=', '>', '>=']);
const ADDITIVE: ReadonlySet<string> = new Set(['+', '-']);
const MULTIPLICATIVE: ReadonlySet<string> = new Set(['*', '/', '%']);

/**
 * Parses one expression of the language into a syntax tree.
 *
 * The language is a JavaScript expression subset: literals, scope names, member access (`a.b`,
 * `a['b']`, `a?.b`), calls of plain names (`len(x)`), unary `! - +`, binary arithmetic, equality and
 * relational operators, `&& || ??`, `?:`, array and object literals and parentheses. No assignment,
 * no arrow functions, no `this`/`new`/`typeof`, no template literals.
 *
 * @throws {ExpressionError} `E_SYNTAX`, `E_RESERVED_WORD`, `E_FORBIDDEN_NAME`,
 *   `E_FORBIDDEN_PROPERTY`, `E_FORBIDDEN_CALL` or `E_TOO_COMPLEX`, with the offending position.
 */
export function parseExpression(source: string): ExpressionNode {
  return new Parser(source).parseAll();
}

class Parser {
  private readonly tokens: Token[];
  private index = 0;
  private depth = 0;
  // Nodes written inside `( )`: `(a && b) ?? c` is legal, `a && b ?? c` is not; `(f)()` is refused.
  private readonly parenthesized = new WeakSet<ExpressionNode>();

  constructor(private readonly source: string) {
    this.tokens = tokenize(source);
  }

  parseAll(): ExpressionNode {
    if (this.peek().type === 'EOF') this.fail('E_SYNTAX', '表达式为空', this.peek());
    const node = this.parseConditional();
    const rest = this.peek();
    if (rest.type !== 'EOF') this.unexpected(rest);
    return node;
  }

  // ----- token helpers -----

  private peek(): Token {
    // The token list always ends with EOF and `index` never passes it.
    return this.tokens[this.index] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.type !== 'EOF') this.index += 1;
    return token;
  }

  private isPunct(value: string): boolean {
    const token = this.peek();
    return token.type === 'Punctuator' && token.value === value;
  }

  private expect(value: string): Token {
    if (!this.isPunct(value)) this.fail('E_SYNTAX', `应为 '${value}'`, this.peek());
    return this.next();
  }

  private fail(code: ExpressionErrorCode, detail: string, token: Token): never {
    throw new ExpressionError(code, detail, { position: token.start, source: this.source });
  }

  private unexpected(token: Token): never {
    if (token.type === 'EOF') this.fail('E_SYNTAX', '表达式意外结束', token);
    if (token.type === 'Name' && RESERVED_WORDS.has(token.value)) {
      this.fail('E_RESERVED_WORD', `不支持关键字 ${token.value}`, token);
    }
    const hint = token.type === 'Punctuator' ? UNSUPPORTED_SYNTAX[token.value] : undefined;
    this.fail('E_SYNTAX', hint ?? `意外的 '${token.value}'`, token);
  }

  private enter(token: Token): void {
    this.depth += 1;
    if (this.depth > MAX_DEPTH) this.fail('E_TOO_COMPLEX', `嵌套超过 ${MAX_DEPTH} 层`, token);
  }

  private leave(): void {
    this.depth -= 1;
  }

  // ----- grammar, lowest precedence first -----

  private parseConditional(): ExpressionNode {
    this.enter(this.peek());
    const test = this.parseShortCircuit();
    let result = test;
    if (this.isPunct('?')) {
      this.next();
      const consequent = this.parseConditional();
      this.expect(':');
      const alternate = this.parseConditional();
      result = { type: 'Conditional', test, consequent, alternate, start: test.start, end: alternate.end };
    }
    this.leave();
    return result;
  }

  /** `||` chains and `??` chains; like JavaScript, the two do not mix without parentheses. */
  private parseShortCircuit(): ExpressionNode {
    let left = this.parseAnd();
    if (this.isPunct('||')) {
      while (this.isPunct('||')) {
        this.next();
        const right = this.parseAnd();
        left = { type: 'Logical', operator: '||', left, right, start: left.start, end: right.end };
      }
    } else if (this.isPunct('??')) {
      if (this.isBareLogical(left)) this.mixedNullish();
      while (this.isPunct('??')) {
        this.next();
        const right = this.parseEquality();
        left = { type: 'Logical', operator: '??', left, right, start: left.start, end: right.end };
      }
      if (this.isPunct('&&') || this.isPunct('||')) this.mixedNullish();
    }
    if (this.isPunct('??')) this.mixedNullish();
    return left;
  }

  private isBareLogical(node: ExpressionNode): boolean {
    return node.type === 'Logical' && !this.parenthesized.has(node);
  }

  private mixedNullish(): never {
    this.fail('E_SYNTAX', '?? 不能与 && 或 || 直接混用，请加括号', this.peek());
  }

  private parseAnd(): ExpressionNode {
    let left = this.parseEquality();
    while (this.isPunct('&&')) {
      this.next();
      const right = this.parseEquality();
      left = { type: 'Logical', operator: '&&', left, right, start: left.start, end: right.end };
    }
    return left;
  }

  private parseBinaryLevel(operators: ReadonlySet<string>, operand: () => ExpressionNode): ExpressionNode {
    let left = operand();
    for (;;) {
      const token = this.peek();
      if (token.type !== 'Punctuator' || !operators.has(token.value)) return left;
      this.next();
      const right = operand();
      const operator = token.value as BinaryOperator;
      left = { type: 'Binary', operator, left, right, start: left.start, end: right.end };
    }
  }

  private parseEquality(): ExpressionNode {
    return this.parseBinaryLevel(EQUALITY, () => this.parseRelational());
  }

  private parseRelational(): ExpressionNode {
    return this.parseBinaryLevel(RELATIONAL, () => this.parseAdditive());
  }

  private parseAdditive(): ExpressionNode {
    return this.parseBinaryLevel(ADDITIVE, () => this.parseMultiplicative());
  }

  private parseMultiplicative(): ExpressionNode {
    return this.parseBinaryLevel(MULTIPLICATIVE, () => this.parseUnary());
  }

  private parseUnary(): ExpressionNode {
    const token = this.peek();
    if (token.type === 'Punctuator' && (token.value === '!' || token.value === '-' || token.value === '+')) {
      this.enter(token);
      this.next();
      const argument = this.parseUnary();
      this.leave();
      return { type: 'Unary', operator: token.value, argument, start: token.start, end: argument.end };
    }
    return this.parsePostfix();
  }

  /** Member access and calls; wraps the result in a `Chain` node when it contains `?.`. */
  private parsePostfix(): ExpressionNode {
    let node = this.parsePrimary();
    let optionalChain = false;
    for (;;) {
      const token = this.peek();
      if (token.type !== 'Punctuator') break;
      if (token.value === '.' || token.value === '?.') {
        this.next();
        const optional = token.value === '?.';
        optionalChain ||= optional;
        if (optional && this.isPunct('[')) {
          node = this.parseComputedMember(node, true);
        } else if (optional && this.isPunct('(')) {
          this.fail('E_FORBIDDEN_CALL', '不支持可选调用 ?.()', this.peek());
        } else {
          node = this.parseStaticMember(node, optional);
        }
      } else if (token.value === '[') {
        node = this.parseComputedMember(node, false);
      } else if (token.value === '(') {
        node = this.parseCall(node, token);
      } else {
        break;
      }
    }
    if (optionalChain) node = { type: 'Chain', expression: node, start: node.start, end: node.end };
    return node;
  }

  private parseStaticMember(object: ExpressionNode, optional: boolean): ExpressionNode {
    const name = this.next();
    if (name.type !== 'Name') this.fail('E_SYNTAX', '. 之后应为属性名', name);
    if (FORBIDDEN_PROPERTIES.has(name.value)) {
      this.fail('E_FORBIDDEN_PROPERTY', `不能访问属性 ${name.value}`, name);
    }
    const property: LiteralNode = { type: 'Literal', value: name.value, start: name.start, end: name.end };
    return {
      type: 'Member',
      object,
      property,
      computed: false,
      optional,
      start: object.start,
      end: name.end,
    };
  }

  private parseComputedMember(object: ExpressionNode, optional: boolean): ExpressionNode {
    const open = this.expect('[');
    this.enter(open);
    const property = this.parseConditional();
    this.leave();
    const close = this.expect(']');
    if (
      property.type === 'Literal' &&
      typeof property.value === 'string' &&
      FORBIDDEN_PROPERTIES.has(property.value)
    ) {
      this.fail('E_FORBIDDEN_PROPERTY', `不能访问属性 ${property.value}`, open);
    }
    return {
      type: 'Member',
      object,
      property,
      computed: true,
      optional,
      start: object.start,
      end: close.end,
    };
  }

  private parseCall(callee: ExpressionNode, open: Token): CallNode {
    if (callee.type !== 'Identifier' || this.parenthesized.has(callee)) {
      this.fail(
        'E_FORBIDDEN_CALL',
        '只能直接调用函数集中的函数，例如 len(x)；不能调用对象的方法或表达式的结果',
        open,
      );
    }
    this.next();
    this.enter(open);
    const args: ExpressionNode[] = [];
    while (!this.isPunct(')')) {
      args.push(this.parseConditional());
      if (!this.isPunct(',')) break;
      this.next();
    }
    this.leave();
    const close = this.expect(')');
    return { type: 'Call', callee, arguments: args, start: callee.start, end: close.end };
  }

  private parsePrimary(): ExpressionNode {
    const token = this.peek();
    switch (token.type) {
      case 'Number':
        this.next();
        return {
          type: 'Literal',
          value: token.number ?? Number(token.value),
          start: token.start,
          end: token.end,
        };
      case 'String':
        this.next();
        return { type: 'Literal', value: token.value, start: token.start, end: token.end };
      case 'Name':
        return this.parseName();
      case 'Punctuator':
        if (token.value === '(') return this.parseParenthesized();
        if (token.value === '[') return this.parseArray();
        if (token.value === '{') return this.parseObject();
        return this.unexpected(token);
      default:
        return this.unexpected(token);
    }
  }

  private parseName(): ExpressionNode {
    const token = this.next();
    const name = token.value;
    if (LITERAL_NAMES.has(name)) {
      return { type: 'Literal', value: LITERAL_NAMES.get(name), start: token.start, end: token.end };
    }
    this.checkIdentifier(token);
    if (this.isPunct('=>')) this.unexpected(this.peek());
    const node: IdentifierNode = { type: 'Identifier', name, start: token.start, end: token.end };
    return node;
  }

  private checkIdentifier(token: Token): void {
    if (RESERVED_WORDS.has(token.value)) this.fail('E_RESERVED_WORD', `不支持关键字 ${token.value}`, token);
    if (FORBIDDEN_NAMES.has(token.value)) this.fail('E_FORBIDDEN_NAME', `不能访问 ${token.value}`, token);
  }

  private parseParenthesized(): ExpressionNode {
    const open = this.next();
    if (this.isPunct(')')) this.fail('E_SYNTAX', '括号内应为表达式（不支持箭头函数）', this.peek());
    this.enter(open);
    const node = this.parseConditional();
    this.leave();
    if (this.isPunct(',')) this.fail('E_SYNTAX', "应为 ')'（不支持逗号表达式和箭头函数）", this.peek());
    this.expect(')');
    if (this.isPunct('=>')) this.unexpected(this.peek());
    this.parenthesized.add(node);
    return node;
  }

  private parseArray(): ExpressionNode {
    const open = this.next();
    this.enter(open);
    const elements: ExpressionNode[] = [];
    while (!this.isPunct(']')) {
      if (this.isPunct(',')) this.fail('E_SYNTAX', '数组中不能有空位', this.peek());
      elements.push(this.parseConditional());
      if (!this.isPunct(',')) break;
      this.next();
    }
    this.leave();
    const close = this.expect(']');
    return { type: 'Array', elements, start: open.start, end: close.end };
  }

  private parseObject(): ExpressionNode {
    const open = this.next();
    this.enter(open);
    const properties: PropertyNode[] = [];
    while (!this.isPunct('}')) {
      properties.push(this.parseProperty());
      if (!this.isPunct(',')) break;
      this.next();
    }
    this.leave();
    const close = this.expect('}');
    return { type: 'Object', properties, start: open.start, end: close.end };
  }

  private parseProperty(): PropertyNode {
    const keyToken = this.next();
    let key: string;
    if (keyToken.type === 'Name' || keyToken.type === 'String') key = keyToken.value;
    else if (keyToken.type === 'Number') key = String(keyToken.number);
    else if (keyToken.type === 'Punctuator' && keyToken.value === '[') {
      return this.fail('E_SYNTAX', '对象字面量不支持计算属性名', keyToken);
    } else return this.unexpected(keyToken);
    if (FORBIDDEN_PROPERTIES.has(key)) this.fail('E_FORBIDDEN_PROPERTY', `不能使用属性名 ${key}`, keyToken);
    if (keyToken.type === 'Name' && (this.isPunct(',') || this.isPunct('}'))) {
      // Shorthand `{ a }` reads the scope name `a`.
      if (LITERAL_NAMES.has(key)) this.fail('E_SYNTAX', "应为 ':'", this.peek());
      this.checkIdentifier(keyToken);
      const value: IdentifierNode = {
        type: 'Identifier',
        name: key,
        start: keyToken.start,
        end: keyToken.end,
      };
      return { key, value, start: keyToken.start, end: keyToken.end };
    }
    if (this.isPunct('(')) this.fail('E_SYNTAX', '对象字面量不支持方法', this.peek());
    this.expect(':');
    const value = this.parseConditional();
    return { key, value, start: keyToken.start, end: value.end };
  }
}
