/**
 * What an expression may name, checked before it runs: a misspelled scope name, a record field the
 * model does not have, or a state the model never reaches would only make a field or button silently
 * disappear at run time (the renderer counts a failing condition as false, `parts/conditions.ts`).
 */
import { childNodes } from '@renderer/core/expression';
import type { ExpressionNode } from '@renderer/core/expression';
import { RECORD_META_FIELDS } from '@renderer/core/model';
import type { ModelDefinition } from '@renderer/core/model';
import { didYouMean } from './suggest';

/**
 * Every top-level name an expression may read: the renderer's condition scope
 * (`renderer/react/parts/conditions.ts`) and Formily's (`renderer/core/expression/compile.ts`).
 */
export const SCOPE_NAMES: readonly string[] = [
  '$record',
  '$records',
  '$ids',
  '$roles',
  '$role',
  '$user',
  '$query',
  '$values',
  '$owner',
  '$deps',
  '$dependencies',
  '$self',
  '$target',
  '$form',
  '$index',
  '$lookup',
  '$observable',
  '$props',
];

/** What the expression's names are checked against. */
export interface ExpressionNames {
  /** The model `$record` is a record of (none: its members are not checked). */
  model?: ModelDefinition;
  /** The model's state values (none: state literals are not checked). */
  states?: readonly string[];
}

const unchain = (node: ExpressionNode): ExpressionNode => (node.type === 'Chain' ? node.expression : node);

/** `$record.x` (also `$record?.x`, `$record['x']`): the field name, else null. */
function recordField(node: ExpressionNode): string | null {
  const member = unchain(node);
  if (member.type !== 'Member') return null;
  const object = unchain(member.object);
  if (object.type !== 'Identifier' || object.name !== '$record') return null;
  return member.property.type === 'Literal' && typeof member.property.value === 'string'
    ? member.property.value
    : null;
}

/** String literals of a node: `'A'`, or each of `['A', 'B']`. */
function stringLiterals(node: ExpressionNode): string[] {
  if (node.type === 'Literal') return typeof node.value === 'string' ? [node.value] : [];
  if (node.type === 'Array') return node.elements.flatMap(stringLiterals);
  return [];
}

/** The problems of one parsed expression, in Chinese, each naming the culprit. */
export function expressionNameProblems(ast: ExpressionNode, names: ExpressionNames): string[] {
  const problems: string[] = [];
  const { model, states } = names;
  const stateField = (model as { stateField?: string } | undefined)?.stateField ?? 'status';
  const fields = model ? [...Object.keys(model.fields), ...RECORD_META_FIELDS] : [];
  const checkStates = (literals: string[]): void => {
    if (!states || !model) return;
    for (const literal of literals)
      if (!states.includes(literal))
        problems.push(
          `"${literal}" 不是模型 "${model.name}" 的状态${didYouMean(literal, states)}（状态：${states.join(', ')}）`,
        );
  };
  const visit = (node: ExpressionNode): void => {
    if (node.type === 'Identifier' && !SCOPE_NAMES.includes(node.name)) {
      problems.push(
        `未知的名称 "${node.name}"${didYouMean(node.name, SCOPE_NAMES)}（可用：${SCOPE_NAMES.join(', ')}）`,
      );
    }
    const field = recordField(node);
    if (field !== null && model && !fields.includes(field)) {
      problems.push(
        `模型 "${model.name}" 中没有字段 "${field}"（$record.${field}）${didYouMean(field, fields)}`,
      );
    }
    if (node.type === 'Binary' && ['==', '!=', '===', '!=='].includes(node.operator)) {
      if (recordField(node.left) === stateField) checkStates(stringLiterals(node.right));
      if (recordField(node.right) === stateField) checkStates(stringLiterals(node.left));
    }
    // `oneOf($record.status, 'A', 'B')`, `includes(['A', 'B'], $record.status)`.
    if (node.type === 'Call' && node.arguments.some((a) => recordField(a) === stateField)) {
      if (node.callee.name === 'oneOf' || node.callee.name === 'includes')
        checkStates(node.arguments.filter((a) => recordField(a) !== stateField).flatMap(stringLiterals));
    }
    childNodes(node).forEach(visit);
  };
  visit(ast);
  return problems;
}
