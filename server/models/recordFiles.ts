import { ApiError } from '../errors';
import type { CompiledModel } from './compileModel';
import type { Actor } from './recordJson';
import type { BizRecord } from './types';

/** Audit actions of the file operations (ModelEngine.attachFile/detachFile), with their titles. */
export const FILE_ACTIONS = { upload: '上传文件', replaceFile: '替换文件', deleteFile: '删除文件' } as const;

/** What a file operation may carry besides the file. */
export interface FileOpOptions {
  /** The record's version as the client saw it: checked like a transition's when sent. */
  version?: unknown;
  /** The id of a file of the record this one replaces, removed in the same transaction. */
  replaces?: string;
}

/** Who may attach files to a record: a role that creates or edits the model, of the owning enterprise, in an open state. */
export function checkUploadAllowed(
  model: CompiledModel,
  rec: BizRecord,
  actor: Actor,
  category: string,
): void {
  const files = model.def.files;
  if (!files || !files.categories.includes(category))
    throw new ApiError('FILE_CATEGORY_INVALID', { category });
  const roles = [...(model.def.create?.roles ?? []), ...(model.def.update?.roles ?? [])];
  if (!actor.role || (roles.length > 0 && !roles.includes(actor.role)))
    throw new ApiError('ACTION_ROLE_FORBIDDEN', { action: '上传文件' });
  const owner = model.def.create?.corpField;
  if (owner && rec.data[owner] !== actor.user.corpId)
    throw new ApiError('ACTION_PARTY_FORBIDDEN', { action: '上传文件' });
  if (files.states && !files.states.includes(rec.state)) {
    throw new ApiError('FILE_UPLOAD_CLOSED', { state: model.states.get(rec.state)?.label ?? rec.state });
  }
}

/**
 * Points the model's single-file fields (`files.single`) at a file, or clears them when `file` is null
 * and they point at `cleared`. Answers whether the record changed.
 */
export function setSingleFile(
  model: CompiledModel,
  rec: BizRecord,
  file: { id: string; name: string; size: number } | null,
  at: Date,
  cleared?: string,
): boolean {
  const single = model.def.files?.single;
  if (!single) return false;
  if (!file) {
    if (rec.data[single.idField] !== cleared) return false;
    for (const f of [single.idField, single.nameField, single.sizeField, single.atField])
      if (f) rec.data[f] = null;
    return true;
  }
  rec.data[single.idField] = file.id;
  if (single.nameField) rec.data[single.nameField] = file.name;
  if (single.sizeField) rec.data[single.sizeField] = file.size;
  if (single.atField) rec.data[single.atField] = at.toISOString();
  return true;
}
