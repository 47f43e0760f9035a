import { randomInt } from 'node:crypto';
import { assignableRoles, MANAGER_ROLE } from '@contract/roles';
import {
  validatePassword,
  validatePersonName,
  validatePhone,
  validateUsername,
} from '@renderer/core/validators';
import { unlockUser } from '../../auth/loginThrottle';
import { hashPassword } from '../../auth/passwords';
import { roleInfo } from '../../auth/roles';
import type { CurrentUser } from '../../context';
import type { Queryable } from '../../db/db';
import { ApiError } from '../../errors';
import type { ActionService, Effect, ServiceContext } from '../../models/effects';

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

/** The shared name and phone rules, their messages under the fields; kept trimmed. */
const checkPerson = (d: Record<string, unknown>): void => {
  checkUserField('personName', validatePersonName(d.personName));
  checkUserField('mobile', validatePhone(d.mobile));
  d.personName = str(d.personName).trim();
  d.mobile = str(d.mobile).trim();
};

/** 编辑: name and mobile; the user name a user logs in with never changes. */
const edit: Effect = async (c) => {
  checkPerson(c.record.data);
  c.record.data.username = c.before!.data.username;
};

/** 新增用户, before the row is written: the shared user name rule, a name nobody holds in any letter case. */
const add: Effect = async (c) => {
  const d = c.record.data;
  checkUserField('username', validateUsername(d.username));
  checkPerson(d);
  const userName = str(d.username);
  const taken = await c.tx.query('select 1 from users where lower(username) = lower($1)', [userName]);
  if (taken.rows.length) throw new ApiError('USER_NAME_TAKEN', { userName });
};

/** 分配角色 and 重置密码 leave a user enabled or disabled as it was (their `to` or their one outcome). */
const stay: Effect = async (c) => {
  if (c.before && c.before.state !== c.record.state) c.outcome(c.before.state);
};

/** The roles asked for: a non-empty list of distinct roles the enterprise's kind may hold. */
function requestedRoles(user: CurrentUser, value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) throw new ApiError('ROLES_REQUIRED');
  const allowed = new Set<string>(assignableRoles(user.corpType));
  const roles = [...new Set(value.map(String))];
  for (const role of roles) {
    if (!allowed.has(role)) throw new ApiError('ROLE_NOT_ASSIGNABLE', { role: roleInfo(role).name });
  }
  return roles.sort();
}

/**
 * A first password for a new user, shown once to the administrator: 12 characters from upper case, lower
 * case and digits (each at least once), so it passes the password rule of spec section 5.
 */
export function initialPassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789'];
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)]!);
  while (chars.length < 12) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  const password = chars.join('');
  if (validatePassword(password) !== true) throw new Error('initial password breaks the password rule');
  return password;
}

/**
 * A new one-time password for the user: hashed in place of the old one, to be changed at the next login
 * (password_change_required). Answers what the administrator is shown once.
 */
async function oneTimePassword(c: ServiceContext): Promise<{ userName: string; initialPassword: string }> {
  const password = initialPassword();
  await c.tx.query('update users set password_hash = $2, password_change_required = true where id = $1', [
    c.record.id,
    await hashPassword(password),
  ]);
  return { userName: str(c.record.data.username), initialPassword: password };
}

/** Replaces the user's roles; answers them sorted as they were before. */
async function setRoles(tx: Queryable, userId: string, roles: readonly string[]): Promise<string[]> {
  const before = await rolesOf(tx, userId);
  await tx.query('delete from user_roles where user_id = $1', [userId]);
  for (const role of roles)
    await tx.query('insert into user_roles (user_id, role_code) values ($1, $2)', [userId, role]);
  return before;
}

const history = (c: ServiceContext, action: string, before: string[], after: string[]): Promise<void> =>
  logUserChange(c.tx, {
    corpId: str(c.record.data.corpId),
    userId: c.record.id,
    actorId: c.user.id,
    action,
    before,
    after,
  });

/** 新增用户, once its row is written: its roles, a first password shown once, the history's first step. */
const addService: ActionService = async (c) => {
  const roles = requestedRoles(c.user, c.input.roles);
  await setRoles(c.tx, c.record.id, roles);
  const answer = await oneTimePassword(c);
  await history(c, 'CREATE', [], roles);
  return answer;
};

/** 分配角色: the roles asked for in place of the user's; the enterprise keeps an enabled administrator. */
const assignRoles: ActionService = async (c) => {
  const roles = requestedRoles(c.user, c.input.roles);
  const before = await setRoles(c.tx, c.record.id, roles);
  await keepAManager(c.tx, str(c.record.data.corpId));
  await history(c, 'ROLES', before, roles);
  return { roleCodes: roles };
};

/**
 * 重置密码 for a user who forgot theirs, never the administrator's own (修改密码 in the person info): a
 * new one-time password shown once; the user's sessions end and a login lockout lifts.
 */
const resetPassword: ActionService = async (c) => {
  if (c.record.id === c.user.id) throw new ApiError('USER_RESET_SELF');
  const answer = await oneTimePassword(c);
  await c.tx.query('delete from sessions where user_id = $1', [c.record.id]);
  await unlockUser(c.tx, answer.userName);
  const roles = await rolesOf(c.tx, c.record.id);
  await history(c, 'RESET_PASSWORD', roles, roles);
  return answer;
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
  'corpUser.add': add,
  'corpUser.edit': edit,
  'corpUser.stay': stay,
  'corpUser.disable': switchTo('DISABLE'),
  'corpUser.enable': switchTo('ENABLE'),
};

/** The services of the user model's actions that answer a one-time password or the roles given. */
export const userServices: Readonly<Record<string, ActionService>> = {
  'corpUser.add': addService,
  'corpUser.assignRoles': assignRoles,
  'corpUser.resetPassword': resetPassword,
};
