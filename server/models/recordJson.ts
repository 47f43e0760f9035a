import { FIELD_ACCESS_MEMBER, resolveFieldAccess } from '@renderer/core/model';
import type { CurrentUser } from '../context';
import type { CompiledModel } from './compileModel';
import { childrenLocked } from './invariants';
import { personalDataAsSeen } from './personalFields';
import type { BizRecord, TransitionDef } from './types';

/** Who is asking: the user, the session's current role and the session (for signatures). */
export interface Actor {
  user: CurrentUser;
  role: string | null;
  sessionIdHash: string;
}

/** Whether the enterprise `corpId` is in one of the party fields of a record. */
export function isParty(rec: BizRecord, party: string | string[], corpId: string): boolean {
  return (Array.isArray(party) ? party : [party]).some((f) => {
    const v = rec.data[f];
    return v === corpId || (Array.isArray(v) && v.includes(corpId));
  });
}

/** Whether the actor's role and enterprise may run `t` on `rec` in its current state. */
export function canRun(t: TransitionDef, rec: BizRecord, actor: Actor): boolean {
  return (
    actor.role !== null &&
    !t.publicLink &&
    t.roles.includes(actor.role) &&
    t.from.includes(rec.state) &&
    isParty(rec, t.party, actor.user.corpId)
  );
}

/** The actions the actor may run on the record now (for row buttons). */
export function availableActions(model: CompiledModel, rec: BizRecord, actor: Actor): string[] {
  return [...model.transitions.values()].filter((t) => canRun(t, rec, actor)).map((t) => t.action);
}

/** Whether the actor may edit the record now. */
export function canUpdate(model: CompiledModel, rec: BizRecord, actor: Actor): boolean {
  const u = model.def.update;
  return Boolean(
    u &&
    actor.role &&
    u.roles.includes(actor.role) &&
    u.states.includes(rec.state) &&
    isParty(rec, u.party, actor.user.corpId),
  );
}

/**
 * A record on the wire: system values (id, version, the state under the model's state field, who created
 * it and when), the model's fields, and what the actor may do with it (`actions`, `editable`). Every
 * record answer goes through here: fields hidden from the actor's role are left out, and personal data
 * (ID numbers, phones, bank accounts) is masked for an actor who does not see it whole
 * (server/models/personalFields.ts; without an actor, for the server's own use, nothing is).
 */
export function recordJson(
  model: CompiledModel,
  rec: BizRecord,
  actor: Actor | null,
): Record<string, unknown> {
  const access =
    actor && model.def.fieldAccess ? resolveFieldAccess(model.def.fieldAccess, actor.role, rec.state) : null;
  const data = access ? { ...rec.data } : rec.data;
  // A field hidden from the role never leaves the server.
  for (const [field, level] of Object.entries(access ?? {})) if (level === 'hidden') delete data[field];
  const seen = actor
    ? personalDataAsSeen(model, actor.role, (f) => isParty(rec, f, actor.user.corpId), data)
    : data;
  const locked = childrenLocked(model, rec);
  return {
    id: rec.id,
    version: rec.version,
    [model.stateField]: rec.state,
    createdAt: rec.createdAt,
    updatedAt: rec.updatedAt,
    createdBy: rec.createdBy,
    createdByName: rec.createdByName,
    corpId: rec.createdCorpId,
    corpName: rec.createdCorpName,
    ...seen,
    ...(actor
      ? { actions: availableActions(model, rec, actor), editable: canUpdate(model, rec, actor) }
      : {}),
    ...(access ? { [FIELD_ACCESS_MEMBER]: access } : {}),
    // Its children (documents) cannot change now (model children.lockedStates): pages hide their uploads.
    ...(locked !== undefined ? { childrenLocked: locked } : {}),
  };
}
