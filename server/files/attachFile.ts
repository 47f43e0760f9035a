import type { Db } from '../db/db';
import { ApiError } from '../errors';
import { writeAudit } from '../models/audit';
import type { CompiledModel } from '../models/compileModel';
import { checkChildrenOpen, lockParents } from '../models/invariants';
import type { ModelEngine } from '../models/modelEngine';
import type { Actor } from '../models/recordJson';
import { saveRecord } from '../models/recordStore';
import type { BizRecord } from '../models/types';
import { insertFile, type FileMeta } from './fileRecords';

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
 * Records a stored file on its record in one transaction: the upload checks again under the record's
 * lock, the metadata row, the model's single-file fields (`files.single`) and an `upload` audit entry.
 * The upload route and the engine seeder both attach files this way.
 */
export async function attachFile(
  db: Db,
  engine: ModelEngine,
  actor: Actor,
  model: CompiledModel,
  meta: Omit<FileMeta, 'createdAt'>,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockParents(tx, engine.models, model, meta.recordId, null);
    const rec = await engine.visibleRecord(tx, actor, model, meta.recordId, true);
    checkUploadAllowed(model, rec, actor, meta.category);
    await checkChildrenOpen(tx, engine.models, model, rec.data);
    await insertFile(tx, meta, now);
    const single = model.def.files?.single;
    if (!single) return;
    rec.data[single.idField] = meta.id;
    if (single.nameField) rec.data[single.nameField] = meta.name;
    if (single.sizeField) rec.data[single.sizeField] = meta.size;
    if (single.atField) rec.data[single.atField] = now.toISOString();
    if (!(await saveRecord(tx, model, rec, rec.version, now))) throw new ApiError('VERSION_CONFLICT');
    await writeAudit(tx, [
      {
        model: model.name,
        recordId: meta.recordId,
        action: 'upload',
        from: rec.state,
        to: rec.state,
        reason: meta.name,
        user: actor.user,
        role: actor.role,
        at: now,
      },
    ]);
  });
}
