/**
 * Applies a record's `fieldAccess` (model per-field permissions, resolved by the server for the current
 * role and the record's state) to a form: hidden fields disappear, read-only ones show their value as
 * text. The server refuses writes to them anyway (FIELD_WRITE_FORBIDDEN).
 */
import type { Form } from '@formily/core';
import type { FieldAccessLevel } from '@renderer/core';

export function applyFieldAccess(
  form: Form,
  access: Readonly<Record<string, FieldAccessLevel>> | undefined,
): void {
  for (const [name, level] of Object.entries(access ?? {})) {
    // Also reaches fields mounted later (a step not shown yet, a lazily loaded widget).
    form.setFieldState(name, (state) => {
      if (level === 'hidden') state.display = 'none';
      else state.pattern = 'readPretty';
    });
  }
}
