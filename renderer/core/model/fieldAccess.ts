/**
 * Per-field permissions, declared in a model's `fieldAccess` and enforced by the
 * models engine: a field may be hidden from some roles and written only by some roles in some states.
 * The server resolves them per record for the current role and sends the result as the record's
 * `fieldAccess` (`{field: 'hidden' | 'readOnly'}`, editable fields left out); pages follow that map.
 * Both sides read the rule shape and its resolution from here.
 */

/** What a role may do with a field of one record: absent from the map means editable. */
export type FieldAccessLevel = 'hidden' | 'readOnly';

/** The record member carrying the resolved map. */
export const FIELD_ACCESS_MEMBER = 'fieldAccess';

/** A model's rule for one field. */
export interface FieldAccessRule {
  /** Roles that never see the field (the server leaves it out of every answer). */
  hidden?: string[];
  /** Who may write the field; everyone else sees it read-only. Absent: whoever may create/update. */
  write?: {
    roles?: string[];
    /** Record states in which it may be written (creation checks the initial state). */
    states?: string[];
  };
}

/** `fieldAccess` of a model: rule by field name. */
export type FieldAccessRules = Record<string, FieldAccessRule>;

/**
 * Whether `role` may never see the field: the one rule of every read, whatever the path (a record's
 * answer, a list's filter and sort, an aggregate, an export's columns, an import's columns). No role
 * (null) sees no field hidden from anyone. Hiding does not depend on the record's state.
 */
export function isFieldHidden(rule: FieldAccessRule | undefined, role: string | null): boolean {
  if (!rule?.hidden?.length) return false;
  return role === null || rule.hidden.includes(role);
}

/** The level of one field for `role` on a record in `state` (undefined: editable). */
export function fieldAccessLevel(
  rule: FieldAccessRule | undefined,
  role: string | null,
  state: string,
): FieldAccessLevel | undefined {
  if (!rule) return undefined;
  if (isFieldHidden(rule, role)) return 'hidden';
  const write = rule.write;
  if (!write) return undefined;
  if (write.roles && !(role !== null && write.roles.includes(role))) return 'readOnly';
  if (write.states && !write.states.includes(state)) return 'readOnly';
  return undefined;
}

/** The map of every restricted field of `rules` for `role` on a record in `state`. */
export function resolveFieldAccess(
  rules: FieldAccessRules | undefined,
  role: string | null,
  state: string,
): Record<string, FieldAccessLevel> {
  const out: Record<string, FieldAccessLevel> = {};
  for (const [field, rule] of Object.entries(rules ?? {})) {
    const level = fieldAccessLevel(rule, role, state);
    if (level) out[field] = level;
  }
  return out;
}
