import { assignableRoles, MANAGER_ROLE } from '@contract/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { roleInfo } from '../auth/roles';
import type { CurrentUser, ServerContext } from '../context';
import { localTimeSql } from '../db/localTime';
import { ApiError, ok } from '../errors';
import { API } from '@contract/api';
import { route } from '../routes';

/** One user of the administrator's enterprise as the user list shows it. */
export interface CorpUserItem {
  id: string;
  /** The model corpUser's version: the list's actions run the model's update and transitions. */
  version: number;
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
  version: number;
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
  version: row.version,
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

/**
 * Users and roles of an enterprise (my/enterprise-info/user/list), for its administrator
 * (ROLE_CORP_MANAGER): the list with each user's roles, the roles the enterprise's kind may assign, and a
 * user's role-change history. Adding, editing, assigning roles, disabling, enabling and resetting a
 * password are the model corpUser's create, update and transitions (schemas/_models/corpUser.json, their
 * effects and services in server/products/account/users.ts), through the models API.
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
        `select u.id, u.version, u.username as "userName", u.person_name as "personName", u.mobile, u.state as status,
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
    const found = await ctx.db.query('select 1 from users where id = $1 and corp_id = $2', [
      req.params.id,
      user.corpId,
    ]);
    // Another enterprise's user is "not found" (nothing leaks).
    if (!found.rows.length) throw new ApiError('USER_NOT_FOUND');
    const r = await ctx.db.query(
      `select c.id::int as id, c.action, c.roles_before as "rolesBefore", c.roles_after as "rolesAfter",
              a.person_name as "actorName", ${localTimeSql('c.created_at')} as "createdAt"
         from user_role_changes c join users a on a.id = c.actor_id
        where c.user_id = $1 and c.corp_id = $2 order by c.id desc limit 100`,
      [req.params.id, user.corpId],
    );
    return ok(r.rows);
  });
}
