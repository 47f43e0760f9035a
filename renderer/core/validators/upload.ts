import { VALIDATION_MESSAGES } from './messages';
import type { ValidatorResult } from './types';

/** File types that may be uploaded, by extension (spec section 5). */
export const UPLOAD_FILE_TYPES = [
  'doc',
  'docx',
  'xls',
  'xlsx',
  'pdf',
  'jpeg',
  'jpg',
  'png',
  'zip',
  'rar',
] as const;

/** One of {@link UPLOAD_FILE_TYPES}. */
export type UploadFileType = (typeof UPLOAD_FILE_TYPES)[number];

/** The `accept` attribute of a file input for {@link UPLOAD_FILE_TYPES}: '.doc,.docx,…'. */
export const UPLOAD_ACCEPT = UPLOAD_FILE_TYPES.map((type) => `.${type}`).join(',');

/** Shape of an uploadable file name: something, a dot, and an allowed extension (any case). */
export const UPLOAD_FILE_NAME_PATTERN = new RegExp(`^.*[^/\\\\]\\.(?:${UPLOAD_FILE_TYPES.join('|')})$`, 'is');

/**
 * The lower-case extension of a file name (after the last dot), or '' when there is none.
 * @example getFileExtension('合同.PDF') === 'pdf'; getFileExtension('README') === ''
 */
export function getFileExtension(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** Whether `extension` (without the dot, any case) is one of {@link UPLOAD_FILE_TYPES}. */
export function isUploadFileType(extension: string): extension is UploadFileType {
  return (UPLOAD_FILE_TYPES as readonly string[]).includes(extension.toLowerCase());
}

/**
 * Validates the name of a file to upload by its extension (case-insensitive).
 * @returns true or '不支持的文件类型，仅支持doc、docx、xls、xlsx、pdf、jpeg、jpg、png、zip、rar'.
 */
export function validateUploadFileName(value: unknown): ValidatorResult {
  if (typeof value !== 'string') return VALIDATION_MESSAGES.uploadFileType;
  return isUploadFileType(getFileExtension(value)) ? true : VALIDATION_MESSAGES.uploadFileType;
}
