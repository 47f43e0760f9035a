/**
 * Action, column and section conditions (`visible`, `disabled`): plain expressions of the renderer's
 * language, evaluated against `$record`, `$roles`, `$role`, `$user`, `$query`, `$values`.
 */
import { compileExpression } from '@renderer/core';
import type { FunctionRegistry } from '@renderer/core';

/** The scope conditions see. */
export interface ConditionScope {
  $record?: unknown;
  $roles: string[];
  $role: string | null;
  $user: Record<string, unknown>;
  $query: Record<string, string>;
  $values?: unknown;
  $owner?: unknown;
  /** The ids of the checked rows a batch `request` button sends (useActionRunner.tsx). */
  $ids?: string[];
}

/**
 * Evaluates `source`; a missing condition is `fallback`. A condition that fails to evaluate (the
 * checker catches syntax; a run-time error means unexpected data) counts as false, so a button that
 * cannot be judged is not offered.
 */
export function evaluateCondition(
  source: string | undefined,
  scope: ConditionScope,
  functions: FunctionRegistry,
  fallback = true,
): boolean {
  if (source === undefined) return fallback;
  try {
    return Boolean(compileExpression(source).evaluate(scope, { functions }));
  } catch {
    return false;
  }
}

/** Evaluates an expression to a value (upload `values`); errors give undefined. */
export function evaluateValue(source: string, scope: ConditionScope, functions: FunctionRegistry): unknown {
  try {
    return compileExpression(source).evaluate(scope, { functions });
  } catch {
    return undefined;
  }
}

/** Reads a dotted path (`holder.name`, `children.0.id`) from a record, own members only. */
export function readPath(record: unknown, path: string): unknown {
  let at: unknown = record;
  for (const part of path.split('.')) {
    if (at === null || at === undefined || typeof at !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(at, part)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/**
 * Fills `{name}` placeholders of a path from the record, then the page query (URI-encoded; `{+name}`
 * keeps the slashes of a path). An
 * unfilled placeholder leaves an empty value, never the literal `{name}`.
 */
export function fillTemplate(template: string, record: unknown, query: Record<string, string> = {}): string {
  return template.replace(/\{(\+?)([A-Za-z_][A-Za-z0-9_.]*)\}/g, (_, plus: string, name: string) => {
    const value = readPath(record, name) ?? query[name];
    if (value === undefined || value === null) return '';
    // `{+name}` (RFC 6570 reserved expansion) keeps a path's slashes: a PDF address the server answered.
    return plus ? encodeURI(String(value)) : encodeURIComponent(String(value));
  });
}
