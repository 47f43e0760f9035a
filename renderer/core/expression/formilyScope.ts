import type { HostPropertyReader } from './interpreter';

/**
 * Field state an expression may read from a Formily field (`$self`, `$target`):
 * read-only state, never methods. Function-valued entries inside (e.g. an `onChange` in
 * `componentProps`) are still refused by the interpreter.
 */
// prettier-ignore
export const FORMILY_FIELD_PROPERTIES: ReadonlySet<string> = new Set([
  'value', 'initialValue', 'inputValue', 'inputValues', 'display', 'visible', 'hidden', 'pattern',
  'editable', 'disabled', 'readOnly', 'readPretty', 'required', 'title', 'description', 'errors',
  'warnings', 'successes', 'selfErrors', 'selfWarnings', 'valid', 'invalid', 'validating',
  'validateStatus', 'modified', 'selfModified', 'active', 'visited', 'mounted', 'unmounted',
  'initialized', 'loading', 'dataSource', 'componentProps', 'decoratorProps', 'content', 'data',
  'index', 'feedbackLayout',
]);

/** Form state an expression may read from `$form`. */
// prettier-ignore
export const FORMILY_FORM_PROPERTIES: ReadonlySet<string> = new Set([
  'values', 'initialValues', 'valid', 'invalid', 'errors', 'warnings', 'successes', 'modified',
  'submitting', 'validating', 'loading', 'pattern', 'display', 'editable', 'disabled', 'readOnly',
  'readPretty', 'hidden', 'visible', 'mounted', 'unmounted', 'initialized', 'id',
]);

const FIELD_KINDS: ReadonlySet<string> = new Set(['Field', 'ArrayField', 'ObjectField', 'VoidField']);

// Formily models set `displayName` as an own data property in their constructors; reading the
// descriptor runs no getter.
function modelKind(target: object): unknown {
  return Object.getOwnPropertyDescriptor(target, 'displayName')?.value;
}

/**
 * {@link HostPropertyReader} for Formily models: allows the properties of
 * {@link FORMILY_FIELD_PROPERTIES} on fields and {@link FORMILY_FORM_PROPERTIES} on the form, and
 * refuses everything else (methods such as `setValue`, `query`, `setComponentProps`, internals such
 * as `form` or `caches`). Reads go through Formily's getters, so its reactive tracking sees them.
 */
export const readFormilyProperty: HostPropertyReader = (target, key) => {
  const kind = modelKind(target);
  const allowed =
    typeof kind === 'string' &&
    ((FIELD_KINDS.has(kind) && FORMILY_FIELD_PROPERTIES.has(key)) ||
      (kind === 'Form' && FORMILY_FORM_PROPERTIES.has(key)));
  return allowed ? { value: Reflect.get(target, key) } : undefined;
};

/** Formily scope helpers that take a callback, which the language cannot express. */
export const FORMILY_CALLBACK_HELPERS: ReadonlySet<string> = new Set(['$effect', '$memo']);

/**
 * Default call policy of the Formily compiler: a bare `$name(...)` may call a function the host
 * scope provides under that name (Formily's `$props`, `$observable`, or a `$`-named function the
 * portal passes in `SchemaField` scope), except {@link FORMILY_CALLBACK_HELPERS}.
 */
export function allowFormilyScopeCall(name: string): boolean {
  return name.startsWith('$') && !FORMILY_CALLBACK_HELPERS.has(name);
}
