/** Why a page schema could not be loaded. */
export type SchemaErrorCode =
  | 'E_REF_NOT_FOUND'
  | 'E_REF_CYCLE'
  | 'E_REF_POINTER'
  | 'E_REF_SHAPE'
  | 'E_TEMPLATE_PARAM'
  | 'E_DICT_NOT_FOUND'
  | 'E_VERSION'
  | 'E_SHAPE';

/**
 * A page schema that cannot be loaded, with where: `file` (relative to `schemas/`) and `pointer`
 * (RFC 6901 JSON pointer into that file, '' for the whole file).
 */
export class SchemaError extends Error {
  override readonly name = 'SchemaError';
  readonly code: SchemaErrorCode;
  readonly file: string | undefined;
  readonly pointer: string;

  constructor(code: SchemaErrorCode, message: string, options: { file?: string; pointer?: string } = {}) {
    super(options.file !== undefined ? `${options.file}#${options.pointer ?? ''}: ${message}` : message);
    this.code = code;
    this.file = options.file;
    this.pointer = options.pointer ?? '';
  }

  /** The bare message, without the location prefix. */
  get detail(): string {
    const prefix = this.file !== undefined ? `${this.file}#${this.pointer}: ` : '';
    return this.message.slice(prefix.length);
  }
}

/** Whether `error` is a {@link SchemaError}. */
export function isSchemaError(error: unknown): error is SchemaError {
  return error instanceof SchemaError;
}
