import { getFileExtension, isUploadFileType, type UploadFileType } from '@renderer/core/validators';
import { ApiError } from '../errors';

/** Largest accepted upload. */
export const MAX_FILE_SIZE = 20 * 1024 * 1024;
export const MAX_FILE_SIZE_TEXT = '20MB';
export const MAX_FILE_NAME_LENGTH = 100;

/** Content types served for each allowed extension. */
export const MIME_TYPES: Readonly<Record<UploadFileType, string>> = {
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
};

const startsWith = (data: Buffer, bytes: number[]): boolean =>
  data.length >= bytes.length && bytes.every((b, i) => data[i] === b);

const PDF = [0x25, 0x50, 0x44, 0x46]; // %PDF
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK.. (docx, xlsx and zip are all ZIP containers)
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // doc, xls (OLE compound file)
const RAR = [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]; // Rar!.. (RAR 4 and 5)

/** Whether the leading bytes fit the extension (magic numbers; ZIP-based Office files also name their part). */
export function contentMatches(ext: UploadFileType, data: Buffer): boolean {
  switch (ext) {
    case 'pdf':
      return startsWith(data, PDF);
    case 'png':
      return startsWith(data, PNG);
    case 'jpg':
    case 'jpeg':
      return startsWith(data, JPEG);
    case 'zip':
      return startsWith(data, ZIP) || startsWith(data, ZIP_EMPTY);
    case 'docx':
    case 'xlsx': {
      if (!startsWith(data, ZIP)) return false;
      // An OOXML package names its parts in the local headers: word/… or xl/…, or [Content_Types].xml.
      const head = data.subarray(0, Math.min(data.length, 64 * 1024)).toString('latin1');
      return head.includes(ext === 'docx' ? 'word/' : 'xl/') || head.includes('[Content_Types].xml');
    }
    case 'doc':
    case 'xls':
      return startsWith(data, OLE);
    case 'rar':
      return startsWith(data, RAR);
  }
}

/** The base name of an uploaded file (browsers may send a path). */
export function baseName(name: string): string {
  return name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1).trim();
}

/**
 * Checks an upload by name and content: an allowed extension (renderer/core/validators), a non-empty body
 * whose magic bytes fit the extension, a name of at most 100 characters.
 * @returns the lower-case extension.
 * @throws FILE_TYPE_INVALID, FILE_NAME_INVALID, FILE_EMPTY, FILE_CONTENT_MISMATCH
 */
export function checkUpload(name: string, data: Buffer): UploadFileType {
  const ext = getFileExtension(name);
  if (!isUploadFileType(ext)) throw new ApiError('FILE_TYPE_INVALID');
  if ([...name].length > MAX_FILE_NAME_LENGTH)
    throw new ApiError('FILE_NAME_INVALID', { max: MAX_FILE_NAME_LENGTH });
  if (data.length === 0) throw new ApiError('FILE_EMPTY');
  if (!contentMatches(ext, data)) throw new ApiError('FILE_CONTENT_MISMATCH', { ext });
  return ext;
}
