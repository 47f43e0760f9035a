import type { BinaryOperator, CallNode, ExpressionNode, MemberNode, NodeBase } from './ast';
import { ExpressionError } from './errors';
import type { ExpressionErrorCode } from './errors';
import type { FunctionContext, FunctionRegistry } from './functionRegistry';
import { FORBIDDEN_NAMES, FORBIDDEN_PROPERTIES, LENGTH, RESERVED_WORDS } from './policy';

/**
 * Reads a property of a host object — an object that is neither a plain object nor an array, such
 * as a Formily field. Return `{ value }` to allow the read, `undefined` to refuse it.
 */
export type HostPropertyReader = (target: object, key: string) => { value: unknown } | undefined;

/** Options of {@link interpret}. */
export interface InterpretOptions {
  /** The only functions an expression may call by name. */
  functions: FunctionRegistry;
  /** Policy for host objects. @default every read of a host object is refused */
  readHostProperty?: HostPropertyReader;
  /**
   * Whether a call `name(...)`, where `name` is not a registered function, may call the
   * function-valued scope member `name` (only ever a bare top-level name, never `a.b()`).
   * @default never
   */
  allowScopeCall?: (name: string) => boolean;
}

const hasOwn = (target: object, key: PropertyKey): boolean =>
  Object.prototype.hasOwnProperty.call(target, key);

/** Plain object (literal, JSON, `Object.create(null)`) — possibly behind a Proxy such as Formily's. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isPrimitive(value: unknown): boolean {
  return value === null || (typeof value !== 'object' && typeof value !== 'function');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return '数组';
  if (typeof value === 'object') return isPlainObject(value) ? '对象' : '宿主对象';
  const names: Record<string, string> = {
    number: '数字',
    string: '字符串',
    boolean: '布尔值',
    bigint: '大整数',
  };
  return names[typeof value] ?? typeof value;
}

// Marks an optional chain that met null/undefined; converted to `undefined` at the chain's end.
const SHORT_CIRCUIT: unique symbol = Symbol('short-circuit');
type Short = typeof SHORT_CIRCUIT;

/**
 * Evaluates a syntax tree against `scope`.
 *
 * Security model, in short: names resolve only from `scope` (own members); property reads reach only
 * own members of plain objects and arrays (plus `length` and indexes of strings), host objects go
 * through {@link InterpretOptions.readHostProperty}; names of prototype machinery are refused, and so
 * is any member that lives on a prototype (`[].map`, `'a'.toUpperCase`); functions are never values,
 * and only registered functions (or scope functions allowed by `allowScopeCall`) can be called;
 * operators never coerce objects (no hidden `valueOf`/`toString` calls).
 *
 * @throws {ExpressionError} with a code describing the refusal or runtime failure.
 */
export function interpret(ast: ExpressionNode, scope: object, options: InterpretOptions): unknown {
  return new Interpreter(scope, options).evaluate(ast);
}

class Interpreter {
  private readonly context: FunctionContext;

  constructor(
    private readonly scope: object,
    private readonly options: InterpretOptions,
  ) {
    this.context = Object.freeze({ lookup: (name: string) => this.lookup(name) });
  }

  evaluate(node: ExpressionNode): unknown {
    switch (node.type) {
      case 'Literal':
        return node.value;
      case 'Identifier':
        return this.identifier(node.name, node);
      case 'Member':
      case 'Chain': {
        const value = this.chainPart(node);
        return value === SHORT_CIRCUIT ? undefined : value;
      }
      case 'Call':
        return this.call(node);
      case 'Unary':
        return this.unary(node.operator, this.evaluate(node.argument), node);
      case 'Binary':
        return this.binary(node.operator, this.evaluate(node.left), this.evaluate(node.right), node);
      case 'Logical': {
        const left = this.evaluate(node.left);
        if (node.operator === '&&') return left ? this.evaluate(node.right) : left;
        if (node.operator === '||') return left ? left : this.evaluate(node.right);
        return left ?? this.evaluate(node.right);
      }
      case 'Conditional':
        return this.evaluate(node.test) ? this.evaluate(node.consequent) : this.evaluate(node.alternate);
      case 'Array':
        return node.elements.map((element) => this.evaluate(element));
      case 'Object': {
        const result: Record<string, unknown> = {};
        for (const property of node.properties) {
          this.checkPropertyName(property.key, property);
          // defineProperty, not assignment: never triggers a setter on Object.prototype.
          Object.defineProperty(result, property.key, {
            value: this.evaluate(property.value),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        }
        return result;
      }
      default:
        return fail('E_SYNTAX', `未知的语法节点 ${(node as { type?: unknown }).type as string}`, node);
    }
  }

  // ----- names -----

  private checkName(name: string, node: NodeBase): void {
    if (RESERVED_WORDS.has(name)) fail('E_RESERVED_WORD', `不支持关键字 ${name}`, node);
    if (FORBIDDEN_NAMES.has(name)) fail('E_FORBIDDEN_NAME', `不能访问 ${name}`, node);
  }

  /** Whether the scope defines `name` as its own member (precise for Formily's lazyMerge proxies too). */
  private defines(name: string): boolean {
    return hasOwn(this.scope, name) && Reflect.has(this.scope, name);
  }

  private identifier(name: string, node: NodeBase): unknown {
    this.checkName(name, node);
    if (!this.defines(name)) fail('E_UNDEFINED_IDENTIFIER', `${name} 未定义`, node);
    return noFunction((this.scope as Record<string, unknown>)[name], name, node);
  }

  private lookup(name: string): unknown {
    if (RESERVED_WORDS.has(name) || FORBIDDEN_NAMES.has(name) || !this.defines(name)) return undefined;
    const value = (this.scope as Record<string, unknown>)[name];
    return typeof value === 'function' ? undefined : value;
  }

  // ----- members -----

  private chainPart(node: ExpressionNode): unknown {
    if (node.type === 'Chain') return this.chainPart(node.expression);
    if (node.type !== 'Member') return this.evaluate(node);
    return this.member(node);
  }

  private member(node: MemberNode): unknown {
    const object = node.object.type === 'Member' ? this.member(node.object) : this.evaluate(node.object);
    if (object === SHORT_CIRCUIT) return SHORT_CIRCUIT;
    if (object === null || object === undefined) {
      if (node.optional) return SHORT_CIRCUIT as Short;
      const shown = node.property.type === 'Literal' ? String(node.property.value) : '[…]';
      return fail('E_NULL_MEMBER', `无法读取 ${String(object)} 的属性 ${shown}（可用 ?. ）`, node.property);
    }
    const key = this.propertyKey(this.evaluate(node.property), node.property);
    return noFunction(this.read(object, key, node.property), key, node.property);
  }

  private propertyKey(raw: unknown, node: NodeBase): string {
    if (typeof raw === 'number') return String(raw);
    if (typeof raw !== 'string')
      return fail('E_TYPE', `属性名必须是字符串或数字，实际是 ${describe(raw)}`, node);
    this.checkPropertyName(raw, node);
    return raw;
  }

  private checkPropertyName(key: string, node: NodeBase): void {
    if (FORBIDDEN_PROPERTIES.has(key)) fail('E_FORBIDDEN_PROPERTY', `不能访问属性 ${key}`, node);
  }

  /** `node` is the property node: errors point at it, not at the start of the chain. */
  private read(object: unknown, key: string, node: NodeBase): unknown {
    if (typeof object === 'string') {
      if (key === LENGTH) return object.length;
      if (/^(0|[1-9]\d*)$/.test(key)) return object.charAt(Number(key)) || undefined;
      return refusePrototypeMember(key in String.prototype, key, '字符串', node);
    }
    if (typeof object !== 'object' || object === null) {
      // Numbers, booleans, bigints: nothing readable, prototype methods refused.
      return refusePrototypeMember(key in Object(object), key, describe(object), node);
    }
    if (Array.isArray(object) || isPlainObject(object)) {
      if (hasOwn(object, key)) return (object as Record<string, unknown>)[key];
      // `in` also lets reactive proxies (Formily) track a key that does not exist yet.
      return refusePrototypeMember(key in object, key, describe(object), node);
    }
    const allowed = this.options.readHostProperty?.(object, key);
    if (allowed) return allowed.value;
    return fail('E_FORBIDDEN_PROPERTY', `不能读取宿主对象的属性 ${key}`, node);
  }

  // ----- calls -----

  private call(node: CallNode): unknown {
    const { name } = node.callee;
    this.checkName(name, node.callee);
    const definition = this.options.functions.get(name);
    if (definition) {
      const count = node.arguments.length;
      const min = definition.minArgs ?? 0;
      const max = definition.maxArgs ?? Infinity;
      if (count < min || count > max) {
        const expected = min === max ? `${min}` : max === Infinity ? `至少 ${min}` : `${min}~${max}`;
        fail('E_ARITY', `函数 ${name} 需要 ${expected} 个参数，实际 ${count} 个`, node);
      }
      const args = node.arguments.map((argument) => this.evaluate(argument));
      return noFunction(
        guard(() => definition.fn(args, this.context), name, node),
        `${name}()`,
        node,
      );
    }
    const hostValue: unknown = this.defines(name) ? (this.scope as Record<string, unknown>)[name] : undefined;
    if (typeof hostValue === 'function' && this.options.allowScopeCall?.(name) === true) {
      const args = node.arguments.map((argument) => this.evaluate(argument));
      const fn = hostValue as (...a: unknown[]) => unknown;
      return noFunction(
        guard(() => Reflect.apply(fn, undefined, args), name, node),
        `${name}()`,
        node,
      );
    }
    return fail('E_UNKNOWN_FUNCTION', `${name} 不是可调用的函数（只能调用函数集中的函数）`, node.callee);
  }

  // ----- operators -----

  private unary(operator: '!' | '-' | '+', value: unknown, node: NodeBase): unknown {
    if (operator === '!') return !value;
    requirePrimitive(value, operator, node);
    return guard(
      () => (operator === '-' ? -(value as number) : +(value as number)),
      operator,
      node,
      'E_TYPE',
    );
  }

  private binary(operator: BinaryOperator, left: unknown, right: unknown, node: NodeBase): unknown {
    switch (operator) {
      case '===':
        return left === right;
      case '!==':
        return left !== right;
      case '==':
        return looseEquals(left, right);
      case '!=':
        return !looseEquals(left, right);
      default:
        break;
    }
    requirePrimitive(left, operator, node);
    requirePrimitive(right, operator, node);
    // Both operands are primitives, so the native operators run no user code.
    const l = left as number;
    const r = right as number;
    return guard(
      () => {
        switch (operator) {
          case '+':
            return l + r;
          case '-':
            return l - r;
          case '*':
            return l * r;
          case '/':
            return l / r;
          case '%':
            return l % r;
          case '<':
            return l < r;
          case '<=':
            return l <= r;
          case '>':
            return l > r;
          default:
            return l >= r;
        }
      },
      operator,
      node,
      'E_TYPE',
    );
  }
}

/** JavaScript `==` for primitives; objects compare by identity (never coerced). */
function looseEquals(left: unknown, right: unknown): boolean {
  if (isPrimitive(left) && isPrimitive(right)) {
    return left == right;
  }
  return left === right;
}

function requirePrimitive(value: unknown, operator: string, node: NodeBase): void {
  if (!isPrimitive(value)) fail('E_TYPE', `运算符 ${operator} 不能用于${describe(value)}`, node);
}

function refusePrototypeMember(onPrototype: boolean, key: string, kind: string, node: NodeBase): undefined {
  if (onPrototype) {
    fail(
      'E_FORBIDDEN_PROPERTY',
      `不能访问${kind}原型上的 ${key}（请使用函数集，如 len、upper、includes）`,
      node,
    );
  }
  return undefined;
}

function noFunction(value: unknown, what: string, node: NodeBase): unknown {
  if (typeof value === 'function') fail('E_FUNCTION_VALUE', `${what} 是函数，不能作为值使用`, node);
  return value;
}

function guard<T>(
  run: () => T,
  what: string,
  node: NodeBase,
  code: ExpressionErrorCode = 'E_FUNCTION_FAILED',
): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof ExpressionError) {
      // Errors raised inside functions know no position; point them at the call.
      if (error.position >= 0) throw error;
      throw new ExpressionError(error.code, error.detail, { position: node.start, cause: error.cause });
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new ExpressionError(code, `${what}：${reason}`, { position: node.start, cause: error });
  }
}

function fail(code: ExpressionErrorCode, detail: string, node: NodeBase): never {
  throw new ExpressionError(code, detail, { position: node.start });
}
