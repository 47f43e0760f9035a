import { MANAGER_ROLE } from '@contract/roles';
import { validatePersonName, validatePhone } from '@renderer/core/validators';
import type { Queryable } from '../../db/db';
import { ApiError } from '../../errors';
import type { Effect } from '../../models/effects';

/** A refused field: its message, also under that field of the form (`data.fieldErrors`). */
export const checkUserField = (field: string, result: true | string): void => {
  if (result !== true)
    throw new ApiError('USER_INVALID', { message: result }, { fieldErrors: { [field]: result } });
};

/**
 * Refuses a change after which the enterprise has no enabled administrator; `leaving` is a user about to
 * be disabled in this transaction (not written yet). Every user row of the enterprise is locked first, so
 * two concurrent changes cannot both remove "the other" administrator.
 */
export async function keepAManager(tx: Queryable, corpId: string, leaving = ''): Promise<void> {
  await tx.query('select id from users where corp_id = $1 order by id for update', [corpId]);
  const r = await tx.query<{ n: number }>(
    `select count(*)::int as n from users u join user_roles ur on ur.user_id = u.id
      where u.corp_id = $1 and not u.disabled and ur.role_code = $2 and u.id <> $3`,
    [corpId, MANAGER_ROLE, leaving],
  );
  if ((r.rows[0]?.n ?? 0) === 0) throw new ApiError('LAST_MANAGER');
}

/** The user's roles, sorted (the role-change history keeps them before and after each step). */
export async function rolesOf(tx: Queryable, userId: string): Promise<string[]> {
  const r = await tx.query<{ role_code: string }>(
    'select role_code from user_roles where user_id = $1 order by role_code',
    [userId],
  );
  return r.rows.map((row) => row.role_code);
}

/** One step of the role-change history (the 分配角色 dialog's history, user_role_changes). */
export async function logUserChange(
  tx: Queryable,
  change: {
    corpId: string;
    userId: string;
    actorId: string;
    action: string;
    before: string[];
    after: string[];
  },
): Promise<void> {
  await tx.query(
    `insert into user_role_changes (corp_id, user_id, actor_id, action, roles_before, roles_after)
     values ($1, $2, $3, $4, $5, $6)`,
    [change.corpId, change.userId, change.actorId, change.action, change.before, change.after],
  );
}

const str = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));

/** 编辑: the shared name and phone rules, their messages under the fields; kept trimmed. */
const edit: Effect = async (c) => {
  const d = c.record.data;
  checkUserField('personName', validatePersonName(d.personName));
  checkUserField('mobile', validatePhone(d.mobile));
  d.personName = str(d.personName).trim();
  d.mobile = str(d.mobile).trim();
};

/** 停用 / 启用, kept in the history; a disabled user's sessions end now (the delete notifies the caches, ADR 0006). */
const switchTo =
  (action: 'DISABLE' | 'ENABLE'): Effect =>
  async (c) => {
    const corpId = str(c.record.data.corpId);
    if (action === 'DISABLE') {
      await keepAManager(c.tx, corpId, c.record.id);
      await c.tx.query('delete from sessions where user_id = $1', [c.record.id]);
    }
    const roles = await rolesOf(c.tx, c.record.id);
    await logUserChange(c.tx, {
      corpId,
      userId: c.record.id,
      actorId: c.user.id,
      action,
      before: roles,
      after: roles,
    });
  };

/** The effects the user model (schemas/_models/corpUser.json) names. */
export const userEffects: Readonly<Record<string, Effect>> = {
  'corpUser.edit': edit,
  'corpUser.disable': switchTo('DISABLE'),
  'corpUser.enable': switchTo('ENABLE'),
};
