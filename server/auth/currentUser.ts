import type { CurrentUser } from '../context';
import type { Queryable } from '../db/db';

/** The user with its enterprise and roles; null when unknown or disabled (a disabled user has no session). */
export async function loadUser(db: Queryable, userId: string): Promise<CurrentUser | null> {
  const r = await db.query<{
    id: string;
    username: string;
    person_name: string;
    mobile: string;
    user_type: string;
    enable_switch_version: boolean;
    home_url: string | null;
    corp_id: string;
    corp_name: string;
    corp_type: CurrentUser['corpType'];
    registry_status: string;
    password_change_required: boolean;
    roles: string[] | null;
  }>(
    `select u.id, u.username, u.person_name, u.mobile, u.user_type, u.enable_switch_version, u.home_url,
            u.password_change_required,
            c.id as corp_id, c.name as corp_name, c.corp_type, c.registry_status,
            (select array_agg(role_code order by role_code) from user_roles ur where ur.user_id = u.id) as roles
       from users u join corps c on c.id = u.corp_id where u.id = $1 and not u.disabled`,
    [userId],
  );
  const row = r.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    username: row.username,
    personName: row.person_name,
    mobile: row.mobile,
    userType: row.user_type,
    enableSwitchVersion: row.enable_switch_version,
    homeUrl: row.home_url,
    corpId: row.corp_id,
    corpName: row.corp_name,
    corpType: row.corp_type,
    corpCancelled: row.registry_status === 'CANCELLED',
    passwordChangeRequired: row.password_change_required,
    roles: row.roles ?? [],
  };
}
