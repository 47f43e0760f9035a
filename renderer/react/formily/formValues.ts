/**
 * Form values on their way to the server and the server's field errors on their way back, shared by
 * form pages and dialog forms.
 */
import type { Form } from '@formily/core';
import type { FormilyNode, FormilyProperties } from '@renderer/core';

/** The feedback code of errors the server reported for a field. */
export const SERVER_ERROR = 'ServerError';
/** Formily ArrayTable writes this into row values; it must not reach the server. */
const ARRAY_INDEX_KEY = '__DO_NOT_USE_THIS_PROPERTY_index__';

/** Form values as the API takes them: plain JSON, no ArrayTable bookkeeping, no undefined members. */
export function cleanValues(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cleanValues);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      if (key === ARRAY_INDEX_KEY || member === undefined) continue;
      out[key] = cleanValues(member);
    }
    return out;
  }
  return value;
}

/** Shows server field errors on their fields; returns the messages of fields not on the form. */
export function showFieldErrors(form: Form, errors: Record<string, string>): string[] {
  const unplaced: string[] = [];
  for (const [path, message] of Object.entries(errors)) {
    const field = form.query(path).take();
    if (field && 'setFeedback' in field)
      field.setFeedback({ type: 'error', code: SERVER_ERROR, messages: [message] });
    else unplaced.push(message);
  }
  return unplaced;
}

/**
 * The value names a form's properties write at the top level (void containers are see-through). A field
 * shown read-pretty (`x-pattern: readPretty`: the parties of an agreement a director signs) only shows a
 * value of the record and is never written back.
 */
export function valueNames(properties: FormilyProperties | undefined, out: string[] = []): string[] {
  for (const [name, node] of Object.entries(properties ?? {}) as Array<[string, FormilyNode]>) {
    if (node.type === 'void') valueNames(node.properties, out);
    else if (node['x-pattern'] !== 'readPretty' && node['x-read-pretty'] !== true) out.push(name);
  }
  return out;
}
