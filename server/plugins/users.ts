import { randomInt } from 'node:crypto';
import { validateUsername as validateUserName } from '@renderer/core/validators';
import { assignableRoles, MANAGER_ROLE } from '@contract/roles';
import { validatePassword, validatePersonName, validatePhone } from '@renderer/core/validators';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unlockUser } from '../auth/loginThrottle';
import { hashPassword } from '../auth/passwords';
import { roleInfo } from '../auth/roles';
import type { CurrentUser, ServerContext } from '../context';
import type { Queryable } from '../db/db';
import { localTimeSql } from '../db/localTime';
import { ApiError, ok } from '../errors';
import { API } from '@contract/api';
import { route } from '../routes';
import { actorOf } from '../models/modelRoutes';
import { checkUserField, keepAManager, logUserChange } from '../products/account/users';

/** The model of an enterprise's users (schemas/_models/corpUser.json). */
const USER_MODEL = 'corpUser';

/** One user of the administrator's enterprise as the user list shows it. */
export interface CorpUserItem {
  id: string;
  userName: string;
  personName: string;
  mobile: string;
  roles: Array<{ roleCode: string; roleName: string }>;
  /** The role codes (the 分配角色 dialog's checked boxes) and names (the 角色 column). */
  roleCodes: string[];
  roleNames: string;
  status: 'ENABLED' | 'DISABLED';
  createdAt: string;
}

interface UserRow {
  id: string;
  userName: string;
  personName: string;
  mobile: string;
  roles: string[] | null;
  /** The model corpUser's state (migration 082): the one fact `disabled` is generated from. */
  status: 'ENABLED' | 'DISABLED';
  createdAt: string;
  total?: number;
}

const toInt = (v: unknown, fallback: number, max: number): number => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

const item = (row: UserRow): CorpUserItem => ({
  id: row.id,
  userName: row.userName,
  personName: row.personName,
  mobile: row.mobile,
  roles: (row.roles ?? []).map((code) => ({ roleCode: code, roleName: roleInfo(code).name })),
  roleCodes: row.roles ?? [],
  roleNames: (row.roles ?? []).map((code) => roleInfo(code).name).join('、'),
  status: row.status,
  createdAt: row.createdAt,
});

/** Only the enterprise's administrator, acting as such, manages its users. */
function manager(req: FastifyRequest): CurrentUser {
  if (req.session!.currentRole !== MANAGER_ROLE) throw new ApiError('FORBIDDEN');
  return req.user!;
}

const check = checkUserField;

/** The roles asked for: a non-empty list of distinct roles the enterprise's kind may hold. */
function requestedRoles(user: CurrentUser, value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) throw new ApiError('ROLES_REQUIRED');
  const allowed = new Set<string>(assignableRoles(user.corpType));
  const roles = [...new Set(value.map(String))];
  for (const role of roles) {
    if (!allowed.has(role)) throw new ApiError('ROLE_NOT_ASSIGNABLE', { role: roleInfo(role).name });
  }
  return roles;
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

/** The enterprise's user `id`, locked; another enterprise's user is "not found" (nothing leaks). */
async function lockUser(
  tx: Queryable,
  corpId: string,
  id: string,
): Promise<{ roles: string[]; disabled: boolean }> {
  const r = await tx.query<{ disabled: boolean; roles: string[] | null }>(
    `select u.disabled,
            (select array_agg(role_code order by role_code) from user_roles ur where ur.user_id = u.id) as roles
       from users u where u.id = $1 and u.corp_id = $2 for update`,
    [id, corpId],
  );
  const row = r.rows[0];
  if (!row) throw new ApiError('USER_NOT_FOUND');
  return { roles: row.roles ?? [], disabled: row.disabled };
}

const logChange = (
  tx: Queryable,
  corpId: string,
  userId: string,
  actorId: string,
  action: string,
  before: string[],
  after: string[],
): Promise<void> => logUserChange(tx, { corpId, userId, actorId, action, before, after });

/**
 * Users and roles of an enterprise (my/enterprise-info/user/list), for its administrator
 * (ROLE_CORP_MANAGER): list, add with roles and a first password, edit name and mobile, change roles,
 * disable and enable, reset a user's password to a new one-time one.
 * Changes reach the affected user on its next request: user and user_roles writes notify the session
 * caches (ADR 0006), a role taken away falls back to one still held, a disabled user's sessions end.
 */
export async function usersPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  route<{ Querystring: { page?: string; size?: string; keyword?: string; status?: string } }>(
    app,
    API.users,
    async (req) => {
      const user = manager(req);
      const page = toInt(req.query.page, 1, 100000);
      const size = toInt(req.query.size, 10, 100);
      const where = ['u.corp_id = $1'];
      const params: unknown[] = [user.corpId];
      const keyword = req.query.keyword?.trim();
      if (keyword) {
        const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push(`(u.username like $${params.push(like)} or u.person_name like $${params.length})`);
      }
      if (req.query.status === 'ENABLED' || req.query.status === 'DISABLED')
        where.push(`u.state = $${params.push(req.query.status)}`);
      const r = await ctx.db.query<UserRow>(
        `select u.id, u.username as "userName", u.person_name as "personName", u.mobile, u.state as status,
                (select array_agg(role_code order by role_code) from user_roles ur where ur.user_id = u.id) as roles,
                ${localTimeSql('u.created_at')} as "createdAt", count(*) over ()::int as total
           from users u where ${where.join(' and ')}
          order by u.created_at, u.id limit ${size} offset ${(page - 1) * size}`,
        params,
      );
      const count =
        r.rows[0]?.total ??
        (
          await ctx.db.query<{ n: number }>(
            `select count(*)::int as n from users u where ${where.join(' and ')}`,
            params,
          )
        ).rows[0]!.n;
      return ok({ list: r.rows.map(item), pagecond: { count, page, size } });
    },
  );

  route(app, API.userRoleOptions, async (req) => {
    const user = manager(req);
    return ok(
      assignableRoles(user.corpType).map((code) => ({ roleCode: code, roleName: roleInfo(code).name })),
    );
  });

  route<{ Params: { id: string } }>(app, API.userRoleChanges, async (req) => {
    const user = manager(req);
    await lockUser(ctx.db, user.corpId, req.params.id);
    const r = await ctx.db.query(
      `select c.id::int as id, c.action, c.roles_before as "rolesBefore", c.roles_after as "rolesAfter",
              a.person_name as "actorName", ${localTimeSql('c.created_at')} as "createdAt"
         from user_role_changes c join users a on a.id = c.actor_id
        where c.user_id = $1 and c.corp_id = $2 order by c.id desc limit 100`,
      [req.params.id, user.corpId],
    );
    return ok(r.rows);
  });

  route<{ Body: { userName?: unknown; personName?: unknown; mobile?: unknown; roles?: unknown } }>(
    app,
    API.userAdd,
    async (req) => {
      const user = manager(req);
      const body = req.body ?? {};
      check('userName', validateUserName(body.userName));
      check('personName', validatePersonName(body.personName));
      check('mobile', validatePhone(body.mobile));
      const roles = requestedRoles(user, body.roles);
      const userName = String(body.userName);
      const password = initialPassword();
      const hash = await hashPassword(password);
      const created = await ctx.db.transaction(async (tx) => {
        const taken = await tx.query('select 1 from users where lower(username) = lower($1)', [userName]);
        if (taken.rows.length) throw new ApiError('USER_NAME_TAKEN', { userName });
        const id = `U${Date.now().toString(36).toUpperCase()}${randomInt(36 ** 4)
          .toString(36)
          .toUpperCase()}`;
        await tx.query(
          `insert into users (id, username, password_hash, person_name, mobile, corp_id, password_change_required)
           values ($1, $2, $3, $4, $5, $6, true)`,
          [id, userName, hash, String(body.personName), String(body.mobile), user.corpId],
        );
        for (const role of roles) {
          await tx.query('insert into user_roles (user_id, role_code) values ($1, $2)', [id, role]);
        }
        await logChange(tx, user.corpId, id, user.id, 'CREATE', [], roles);
        return id;
      });
      return ok({ id: created, userName, initialPassword: password });
    },
  );

  // 编辑, 停用 and 启用 are the update and transitions of the model corpUser (schemas/_models/corpUser.json),
  // run by the engine (version check, audit); these endpoints only find the record's version.
  const current = async (req: FastifyRequest<{ Params: { id: string } }>) => {
    manager(req);
    try {
      return await ctx.engine.get(actorOf(req), USER_MODEL, req.params.id);
    } catch (e) {
      if (e instanceof ApiError && ['RECORD_NOT_FOUND', 'RECORD_FORBIDDEN'].includes(e.code))
        throw new ApiError('USER_NOT_FOUND');
      throw e;
    }
  };

  route<{ Params: { id: string }; Body: { personName?: unknown; mobile?: unknown } }>(
    app,
    API.userUpdate,
    async (req) => {
      const rec = await current(req);
      const body = req.body ?? {};
      await ctx.engine.update(actorOf(req), USER_MODEL, req.params.id, {
        version: rec.version,
        personName: body.personName,
        mobile: body.mobile,
      });
      return ok(null);
    },
  );

  route<{ Params: { id: string }; Body: { roles?: unknown } }>(app, API.userRoles, async (req) => {
    const user = manager(req);
    const roles = requestedRoles(user, req.body?.roles);
    await ctx.db.transaction(async (tx) => {
      const before = await lockUser(tx, user.corpId, req.params.id);
      await tx.query('delete from user_roles where user_id = $1', [req.params.id]);
      for (const role of roles) {
        await tx.query('insert into user_roles (user_id, role_code) values ($1, $2)', [req.params.id, role]);
      }
      await keepAManager(tx, user.corpId);
      await logChange(tx, user.corpId, req.params.id, user.id, 'ROLES', before.roles, [...roles].sort());
    });
    return ok(null);
  });

  // A new one-time password for a user who forgot theirs: shown once to the administrator, changed by the
  // user at the next login (password_change_required); the user's sessions end and a login lockout lifts.
  route<{ Params: { id: string } }>(app, API.userResetPassword, async (req) => {
    const user = manager(req);
    if (req.params.id === user.id) throw new ApiError('USER_RESET_SELF');
    const password = initialPassword();
    const hash = await hashPassword(password);
    const userName = await ctx.db.transaction(async (tx) => {
      const before = await lockUser(tx, user.corpId, req.params.id);
      const r = await tx.query<{ userName: string }>(
        `update users set password_hash = $2, password_change_required = true where id = $1
         returning username as "userName"`,
        [req.params.id, hash],
      );
      const name = r.rows[0]!.userName;
      await tx.query('delete from sessions where user_id = $1', [req.params.id]);
      await unlockUser(tx, name);
      await logChange(tx, user.corpId, req.params.id, user.id, 'RESET_PASSWORD', before.roles, before.roles);
      return name;
    });
    return ok({ userName, initialPassword: password });
  });

  for (const [endpoint, action, state] of [
    [API.userDisable, 'disable', 'DISABLED'],
    [API.userEnable, 'enable', 'ENABLED'],
  ] as const) {
    route<{ Params: { id: string } }>(app, endpoint, async (req) => {
      const rec = await current(req);
      if (rec.state !== state)
        await ctx.engine.act(actorOf(req), USER_MODEL, req.params.id, action, { version: rec.version });
      return ok(null);
    });
  }
}
