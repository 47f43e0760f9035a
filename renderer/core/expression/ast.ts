/**
 * Syntax tree of the expression language. Every node carries `start`/`end` (0-based offsets into
 * the source, `end` exclusive) so runtime errors can point at the culprit.
 */

/** Fields shared by all nodes. */
export interface NodeBase {
  /** 0-based offset of the first character. */
  start: number;
  /** 0-based offset just after the last character. */
  end: number;
}

/** Primitive values a literal can hold. */
export type LiteralValue = string | number | boolean | null | undefined;

/** `1`, `'a'`, `true`, `null`, `undefined`. */
export interface LiteralNode extends NodeBase {
  type: 'Literal';
  value: LiteralValue;
}

/** A name resolved from the scope (or, as a callee, from the function registry). */
export interface IdentifierNode extends NodeBase {
  type: 'Identifier';
  name: string;
}

/**
 * `a.b`, `a['b']`, `a?.b`, `a?.[0]`. For `a.b` the property is a string {@link LiteralNode} and
 * `computed` is false.
 */
export interface MemberNode extends NodeBase {
  type: 'Member';
  object: ExpressionNode;
  property: ExpressionNode;
  computed: boolean;
  /** True for `?.`: a nullish object short-circuits the whole enclosing {@link ChainNode}. */
  optional: boolean;
}

/** Boundary of an optional chain (`a?.b.c`): where a short-circuit turns into `undefined`. */
export interface ChainNode extends NodeBase {
  type: 'Chain';
  expression: ExpressionNode;
}

/** `name(args)`: only a bare name can be called; see the interpreter for what it may name. */
export interface CallNode extends NodeBase {
  type: 'Call';
  callee: IdentifierNode;
  arguments: ExpressionNode[];
}

/** Unary operators. */
export type UnaryOperator = '!' | '-' | '+';

/** `!a`, `-a`, `+a`. */
export interface UnaryNode extends NodeBase {
  type: 'Unary';
  operator: UnaryOperator;
  argument: ExpressionNode;
}

/** Arithmetic, equality and relational operators. */
export type BinaryOperator =
  '+' | '-' | '*' | '/' | '%' | '==' | '!=' | '===' | '!==' | '<' | '<=' | '>' | '>=';

/** `a + b`, `a === b`, `a < b`... */
export interface BinaryNode extends NodeBase {
  type: 'Binary';
  operator: BinaryOperator;
  left: ExpressionNode;
  right: ExpressionNode;
}

/** Short-circuit operators. */
export type LogicalOperator = '&&' | '||' | '??';

/** `a && b`, `a || b`, `a ?? b`. */
export interface LogicalNode extends NodeBase {
  type: 'Logical';
  operator: LogicalOperator;
  left: ExpressionNode;
  right: ExpressionNode;
}

/** `test ? consequent : alternate`. */
export interface ConditionalNode extends NodeBase {
  type: 'Conditional';
  test: ExpressionNode;
  consequent: ExpressionNode;
  alternate: ExpressionNode;
}

/** `[a, b]` (no holes, no spread). */
export interface ArrayNode extends NodeBase {
  type: 'Array';
  elements: ExpressionNode[];
}

/** One `key: value` of an object literal (`{ a }` is `{ a: a }`). */
export interface PropertyNode extends NodeBase {
  key: string;
  value: ExpressionNode;
}

/** `{ a: 1, 'b': 2, c }` (no computed keys, no spread, no methods). */
export interface ObjectNode extends NodeBase {
  type: 'Object';
  properties: PropertyNode[];
}

/** Any expression node. */
export type ExpressionNode =
  | LiteralNode
  | IdentifierNode
  | MemberNode
  | ChainNode
  | CallNode
  | UnaryNode
  | BinaryNode
  | LogicalNode
  | ConditionalNode
  | ArrayNode
  | ObjectNode;
