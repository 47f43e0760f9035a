/** `true` when the value is valid, otherwise a Chinese message for the user. */
export type ValidatorResult = true | string;

/** A pure validator: no I/O, no globals; the server and the browser call the same function. */
export type Validator = (value: unknown) => ValidatorResult;

/** One named format of the format registry (see `formats.ts`). */
export interface FormatDefinition {
  /** Format name used in schemas (`x-validator: 'phone'`, JSON Schema `format: 'phone'`). */
  readonly name: string;
  /** Chinese name of the field kind, e.g. '手机号码' (for documentation and the schema checker). */
  readonly title: string;
  /** The main message; {@link FormatDefinition.validate} may return a more specific one. */
  readonly message: string;
  /** The full check. Empty values are invalid here; form adapters skip them (use `required`). */
  readonly validate: Validator;
  /**
   * The shape of a valid value as a regular expression, for tools that accept only patterns. It is
   * necessary but not always sufficient (checksums and dates need {@link FormatDefinition.validate}).
   */
  readonly pattern: RegExp;
}
