/**
 * File checks and the upload call shared by FileUpload and upload pages: extension against the
 * slot's accept list (within the spec's types), size against its limit, multipart upload through
 * the host's request with progress.
 */
import { getFileExtension, isUploadFileType, UPLOAD_FILE_TYPES } from '@renderer/core';
import type { RendererRequest } from '@renderer/react/context/services';

/** A file on the server, as fields keep it. */
export interface UploadedFile {
  fileId: string;
  name: string;
  size: number;
}

/** '20 MB', '512 KB'. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} B`;
}

/** The `accept` attribute for a list of extensions. */
export function acceptAttribute(accept: readonly string[] | undefined): string {
  return (accept && accept.length > 0 ? accept : UPLOAD_FILE_TYPES).map((ext) => `.${ext}`).join(',');
}

/** Why a file may not be uploaded, or null when it may. */
export function checkFile(
  file: { name: string; size: number },
  accept: readonly string[] | undefined,
  maxSize: number | undefined,
): string | null {
  const extension = getFileExtension(file.name);
  const allowed = accept && accept.length > 0 ? accept : UPLOAD_FILE_TYPES;
  if (!isUploadFileType(extension) || !allowed.includes(extension)) {
    return `不支持的文件类型，请上传 ${allowed.join('、')} 格式的文件`;
  }
  if (maxSize !== undefined && file.size > maxSize) return `文件大小不能超过 ${formatSize(maxSize)}`;
  if (file.size === 0) return '不能上传空文件';
  return null;
}

/** Reads the file reference out of an upload answer (`id`, `fileId` or `pkFile`). */
export function toUploadedFile(answer: unknown, file: { name: string; size: number }): UploadedFile {
  const data = (answer ?? {}) as Record<string, unknown>;
  const id = data.fileId ?? data.id ?? data.pkFile;
  if (typeof id !== 'string' && typeof id !== 'number')
    throw Object.assign(new Error('上传失败：服务端未返回文件编号'), { code: 'UPLOAD' });
  const name =
    typeof data.fileName === 'string' ? data.fileName : typeof data.name === 'string' ? data.name : file.name;
  const size =
    typeof data.fileSize === 'number' ? data.fileSize : typeof data.size === 'number' ? data.size : file.size;
  return { fileId: String(id), name, size };
}

/** Uploads one file (multipart `file` plus `fields`) and reports progress in percent. */
export async function uploadFile(
  request: RendererRequest,
  url: string,
  file: File,
  fields: Record<string, string>,
  onProgress: (percent: number) => void,
): Promise<UploadedFile> {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append('file', file, file.name);
  const answer = await request({
    method: 'POST',
    url,
    data: body,
    onUploadProgress: ({ loaded, total }) =>
      onProgress(Math.min(99, Math.round((loaded / (total || file.size || 1)) * 100))),
  });
  onProgress(100);
  return toUploadedFile(answer, file);
}
