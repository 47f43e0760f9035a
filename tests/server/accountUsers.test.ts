import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatePassword } from '@renderer/core/validators';
import { initialPassword } from '@server/products/account/users';
import { Browser, encryptPassword, loggedIn, testServer, type TestServer } from './helpers';

/**
 * Users and roles of an enterprise (my/enterprise-info/user/list): the account centre's list, role options
 * and history, and the model corpUser's create, update and transitions through the models API (the
 * one-time passwords are their services' results).
 */
let s: TestServer;
beforeAll(async () => {
  s = await testServer();
});
afterAll(async () => {
  await s.app.close();
  await s.db.close();
});

const USERS = '/corp/v1/corps/users';
const MODEL = '/biz/v1/models/corpUser';
const menuPaths = (data: { menus3: Array<{ childMenuResources: Array<{ menuBrief: string }> }> }) =>
  data.menus3.flatMap((m) => m.childMenuResources.map((c) => c.menuBrief));

async function idOf(username: string): Promise<string> {
  return (await s.db.query<{ id: string }>('select id from users where username = $1', [username])).rows[0]!
    .id;
}

async function addUser(
  b: Browser,
  username: string,
  roles: string[],
): Promise<{ id: string; initialPassword: string }> {
  const res = (
    await b.call('POST', `${MODEL}/records`, {
      body: { username, personName: '测试用户', mobile: '13912345678', roles },
    })
  ).json();
  expect(res.code, res.message).toBe('0');
  expect(res.data.result.userName).toBe(username);
  // These tests act as the new user at once; the forced change of the initial password has its own test.
  await s.db.query('update users set password_change_required = false where id = $1', [res.data.id]);
  return { id: res.data.id, initialPassword: res.data.result.initialPassword };
}

/** Runs a transition of the model corpUser on the user's current version (1 when it cannot be read). */
async function userAction(
  b: Browser,
  id: string,
  action: string,
  body: Record<string, unknown> = {},
): Promise<{
  code: string;
  message: string;
  data: Record<string, never> & { result: Record<string, string> };
}> {
  const current = (await b.call('GET', `${MODEL}/records/${id}`)).json();
  const version = current.data?.version ?? 1;
  return (
    await b.call('POST', `${MODEL}/records/${id}/actions/${action}`, { body: { version, ...body } })
  ).json();
}

/** 编辑 through the model's update, on the user's current version. */
async function editUser(b: Browser, id: string, body: Record<string, unknown>) {
  const current = (await b.call('GET', `${MODEL}/records/${id}`)).json();
  return (
    await b.call('PUT', `${MODEL}/records/${id}`, { body: { version: current.data?.version ?? 1, ...body } })
  ).json();
}

async function loginAs(userName: string, password: string): Promise<Browser> {
  const b = new Browser(s.app);
  const res = (await b.login(userName, password)).json();
  expect(res.code, res.message).toBe('0');
  return b;
}

describe('users and roles', () => {
  it('lists only the administrator’s own enterprise, with roles and status', async () => {
    const m = await loggedIn(s.app, 'corp_manager');
    const data = (await m.call('GET', USERS, { query: { size: '100' } })).json().data;
    const names = data.list.map((u: { userName: string }) => u.userName).sort();
    expect(names).toEqual([
      'chain_director',
      'chain_operator',
      'chain_purchase',
      'chain_query',
      'corp_manager',
    ]);
    expect(data.pagecond.count).toBe(5);
    const manager = data.list.find((u: { userName: string }) => u.userName === 'corp_manager');
    expect(manager).toMatchObject({
      status: 'ENABLED',
      roles: [{ roleCode: 'ROLE_CORP_MANAGER', roleName: '管理员' }],
    });
    const byKeyword = (await m.call('GET', USERS, { query: { keyword: '周敏' } })).json().data;
    expect(byKeyword.list.map((u: { userName: string }) => u.userName)).toEqual(['chain_query']);
    const options = (await m.call('GET', `${USERS}/role-options`)).json().data;
    expect(options.map((o: { roleCode: string }) => o.roleCode)).toEqual([
      'ROLE_CORP_OPERATOR',
      'ROLE_CORP_DIRECTOR',
      'ROLE_CORP_QUERY',
      'ROLE_CORP_PURCHASE',
      'ROLE_CORP_MANAGER',
    ]);
  });

  it('refuses every user action to roles other than the administrator (403)', async () => {
    const target = await idOf('chain_query');
    for (const username of ['chain_operator', 'chain_director', 'core_operator', 'fin_product_manager']) {
      const b = await loggedIn(s.app, username);
      const calls: Array<[string, string, unknown?]> = [
        ['GET', USERS],
        ['GET', `${USERS}/role-options`],
        ['GET', `${USERS}/${target}/role-changes`],
        [
          'POST',
          `${MODEL}/records`,
          { username: 'intruder1', personName: '张三', mobile: '13912345678', roles: ['ROLE_CORP_QUERY'] },
        ],
        [
          'POST',
          `${MODEL}/records/${target}/actions/assignRoles`,
          { version: 1, roles: ['ROLE_CORP_MANAGER'] },
        ],
        ['POST', `${MODEL}/records/${target}/actions/disable`, { version: 1 }],
        ['POST', `${MODEL}/records/${target}/actions/enable`, { version: 1 }],
        ['POST', `${MODEL}/records/${target}/actions/resetPassword`, { version: 1 }],
        ['PUT', `${MODEL}/records/${target}`, { version: 1, personName: '张三', mobile: '13912345678' }],
      ];
      for (const [method, path, body] of calls) {
        const res = await b.call(method, path, body === undefined ? {} : { body });
        expect(res.statusCode, `${username} ${method} ${path}`).toBe(403);
      }
    }
    const roles = await s.db.query('select role_code from user_roles where user_id = $1', [target]);
    expect(roles.rows).toEqual([{ role_code: 'ROLE_CORP_QUERY' }]);
    expect((await s.db.query("select 1 from users where username = 'intruder1'")).rows).toEqual([]);
  });

  it('never touches another enterprise’s users', async () => {
    const m = await loggedIn(s.app, 'corp_manager');
    const foreign = await idOf('core_operator');
    expect((await m.call('GET', `${USERS}/${foreign}/role-changes`)).json().code).toBe('SCF.USER_NOT_FOUND');
    // The model's records of another enterprise: refused as any record another enterprise holds.
    for (const [method, path, body] of [
      [
        'POST',
        `${MODEL}/records/${foreign}/actions/assignRoles`,
        { version: 1, roles: ['ROLE_CORP_MANAGER'] },
      ],
      ['POST', `${MODEL}/records/${foreign}/actions/disable`, { version: 1 }],
      ['POST', `${MODEL}/records/${foreign}/actions/resetPassword`, { version: 1 }],
      ['PUT', `${MODEL}/records/${foreign}`, { version: 1, personName: '张三', mobile: '13912345678' }],
    ] as const) {
      const res = (await m.call(method, path, { body })).json();
      expect(res.code).toBe('SCF.RECORD_FORBIDDEN');
    }
    const row = await s.db.query<{ disabled: boolean; roles: string[] }>(
      `select disabled, array(select role_code from user_roles where user_id = u.id) as roles from users u where id = $1`,
      [foreign],
    );
    expect(row.rows[0]).toEqual({ disabled: false, roles: ['ROLE_CORE_OPERATOR'] });
    const person = await s.db.query('select person_name from users where id = $1', [foreign]);
    expect(person.rows[0]).not.toEqual({ person_name: '张三' });
  });

  it('shows another enterprise’s administrator none of the users through the models API, not even by id', async () => {
    // A second enterprise's administrator: a copy of core_operator (its enterprise and password).
    await s.db.query(
      `insert into users (id, username, password_hash, person_name, mobile, corp_id)
       select 'U_OTHER_MANAGER', 'other_manager', password_hash, '他企管理员', '13900000001', corp_id
         from users where username = 'core_operator'`,
    );
    await s.db.query(
      `insert into user_roles (user_id, role_code) values ('U_OTHER_MANAGER', 'ROLE_CORP_MANAGER')`,
    );
    const other = await loggedIn(s.app, 'other_manager');
    const own = await loggedIn(s.app, 'corp_manager');
    const target = await idOf('corp_manager');
    const MODEL = '/biz/v1/models/corpUser';
    const theirs = (await other.call('GET', `${MODEL}/records`, { query: { size: '100' } })).json();
    expect(theirs.code).toBe('0');
    const ids = theirs.data.list.map((r: { id: string }) => r.id);
    expect(ids).toContain('U_OTHER_MANAGER');
    expect(ids).not.toContain(target);
    const mine = (await own.call('GET', `${MODEL}/records`, { query: { size: '100' } })).json();
    expect(mine.data.list.map((r: { id: string }) => r.id)).toContain(target);
    expect((await other.call('GET', `${MODEL}/records/${target}`)).json().code).toBe('SCF.RECORD_FORBIDDEN');
    for (const action of ['disable', 'enable'])
      expect(
        (
          await other.call('POST', `${MODEL}/records/${target}/actions/${action}`, { body: { version: 1 } })
        ).json().code,
      ).toBe('SCF.RECORD_FORBIDDEN');
    const edit = await other.call('PUT', `${MODEL}/records/${target}`, {
      body: { version: 1, personName: '张三', mobile: '13912345678' },
    });
    expect(edit.json().code).toBe('SCF.RECORD_FORBIDDEN');
    const row = await s.db.query('select person_name, state from users where id = $1', [target]);
    expect(row.rows[0]).toEqual({ person_name: '韩雪', state: 'ENABLED' });
  });

  it('validates a new user with clear messages', async () => {
    const m = await loggedIn(s.app, 'corp_manager');
    const post = async (body: Record<string, unknown>) =>
      (
        await m.call('POST', `${MODEL}/records`, {
          body: {
            username: 'valid_name',
            personName: '李四',
            mobile: '13912345678',
            roles: ['ROLE_CORP_QUERY'],
            ...body,
          },
        })
      ).json();
    expect(await post({ username: '1abc' })).toMatchObject({
      code: 'SCF.USER_INVALID',
      message: '用户名为4-20位字母、数字或下划线，须以字母开头',
      data: { fieldErrors: { username: '用户名为4-20位字母、数字或下划线，须以字母开头' } },
    });
    expect(await post({ mobile: '12345678901' })).toMatchObject({
      message: '请输入正确的手机号码',
      // Shown under the form's field too.
      data: { fieldErrors: { mobile: '请输入正确的手机号码' } },
    });
    expect((await post({ personName: '' })).code).toBe('SCF.USER_INVALID');
    expect(await post({ roles: [] })).toMatchObject({
      code: 'SCF.ROLES_REQUIRED',
      message: '请至少选择一个角色',
    });
    expect(await post({ roles: ['ROLE_CORE_DIRECTOR'] })).toMatchObject({
      code: 'SCF.ROLE_NOT_ASSIGNABLE',
      message: '不能给贵企业用户分配“核心企业主管岗”角色',
    });
    expect(await post({ username: 'Chain_Operator' })).toMatchObject({
      code: 'SCF.USER_NAME_TAKEN',
      message: '用户名“Chain_Operator”已被使用，请换一个',
    });
    // A refused service leaves no user behind: the record, its roles and its audit are rolled back.
    expect((await s.db.query("select 1 from users where username = 'valid_name'")).rows).toEqual([]);
    expect(
      (
        await s.db.query(
          "select 1 from user_role_changes c join users u on u.id = c.user_id where u.username = 'valid_name'",
        )
      ).rows,
    ).toEqual([]);
  });

  it('adds a user whose first password logs in with the given role and its menu', async () => {
    const m = await loggedIn(s.app, 'corp_manager');
    const added = await addUser(m, 'sup_clerk', ['ROLE_CORP_QUERY']);
    expect(validatePassword(added.initialPassword)).toBe(true);
    const u = await loginAs('sup_clerk', added.initialPassword);
    const sec = (await u.call('GET', '/v2/security')).json().data;
    expect(sec.currentRole3.roleCode).toBe('ROLE_CORP_QUERY');
    expect(sec.user3.corpId).toBe('SUP001');
    expect(menuPaths(sec)).not.toContain('/my/enterprise-info/user/list');
    const list = (await m.call('GET', USERS, { query: { keyword: 'sup_clerk' } })).json().data.list;
    expect(list[0]).toMatchObject({ userName: 'sup_clerk', personName: '测试用户', mobile: '13912345678' });
  });

  it('a user with the initial password must change it before anything else; the change frees the user', async () => {
    const m = await loggedIn(s.app, 'corp_manager');
    const res = (
      await m.call('POST', `${MODEL}/records`, {
        body: {
          username: 'sup_first',
          personName: '测试用户',
          mobile: '13912345679',
          roles: ['ROLE_CORP_OPERATOR'],
        },
      })
    ).json();
    const first = res.data.result.initialPassword as string;
    const u = await loginAs('sup_first', first);
    const before = (await u.call('GET', '/v2/security')).json().data;
    expect(before.user3.passwordChangeRequired).toBe(true);
    const refused = (await u.call('GET', '/corp/v1/auth/token')).json();
    const business = (await u.call('GET', '/corp/v1/corps/users')).json();
    expect([refused.code, business.code]).toEqual([
      'SCF.PASSWORD_CHANGE_REQUIRED',
      'SCF.PASSWORD_CHANGE_REQUIRED',
    ]);
    expect(business.message).toBe('您正在使用初始密码，请先修改密码后再使用平台');
    expect((await u.call('GET', '/corp/v1/persons/me')).json().code).toBe('0');

    const key = (await u.call('GET', '/v1/auth/passwords/public-keys')).json().data.publicKey as string;
    const changed = (
      await u.call('POST', '/corp/v1/persons/me/password', {
        body: {
          oldPassword: encryptPassword(key, first),
          password: encryptPassword(key, 'Own@20261'),
          confirmPassword: encryptPassword(key, 'Own@20261'),
        },
      })
    ).json();
    expect(changed.code, changed.message).toBe('0');
    expect((await u.call('GET', '/v2/security')).json().data.user3.passwordChangeRequired).toBe(false);
    expect((await u.call('GET', '/corp/v1/sys/messages')).json().code).toBe('0');
    const demo = (await loggedIn(s.app, 'chain_operator').then((b) => b.call('GET', '/v2/security'))).json();
    expect(demo.data.user3.passwordChangeRequired).toBe(false);
  });

  it('gives and takes roles; the user’s next request acts in a role it still holds', async () => {
    const m = await loggedIn(s.app, 'corp_manager');
    const added = await addUser(m, 'sup_roles', ['ROLE_CORP_QUERY']);
    const u = await loginAs('sup_roles', added.initialPassword);
    const before = (await u.call('GET', '/v2/security')).json().data;
    expect(before.roles3.map((r: { roleCode: string }) => r.roleCode)).toEqual(['ROLE_CORP_QUERY']);

    // Given the administrator role too: the next request offers it and its menu.
    const given = await userAction(m, added.id, 'assignRoles', {
      roles: ['ROLE_CORP_QUERY', 'ROLE_CORP_MANAGER'],
    });
    expect(given.code, given.message).toBe('0');
    expect(given.data.result).toEqual({ roleCodes: ['ROLE_CORP_MANAGER', 'ROLE_CORP_QUERY'] });
    const both = (
      await u.call('GET', '/v2/security', { query: { currentRole3: 'ROLE_CORP_MANAGER' } })
    ).json().data;
    expect(both.currentRole3.roleCode).toBe('ROLE_CORP_MANAGER');
    expect(menuPaths(both)).toContain('/my/enterprise-info/user/list');
    expect((await u.call('GET', USERS)).json().code).toBe('0');

    // The administrator role taken away while the user acts in it: the next request falls back.
    await userAction(m, added.id, 'assignRoles', { roles: ['ROLE_CORP_OPERATOR'] });
    expect((await u.call('GET', USERS)).statusCode).toBe(403);
    const after = (await u.call('GET', '/v2/security')).json().data;
    expect(after.currentRole3.roleCode).toBe('ROLE_CORP_OPERATOR');
    expect(menuPaths(after)).not.toContain('/my/enterprise-info/user/list');

    const history = (await m.call('GET', `${USERS}/${added.id}/role-changes`)).json().data;
    expect(
      history.map((h: { action: string; rolesBefore: string[]; rolesAfter: string[] }) => [
        h.action,
        h.rolesBefore,
        h.rolesAfter,
      ]),
    ).toEqual([
      ['ROLES', ['ROLE_CORP_MANAGER', 'ROLE_CORP_QUERY'], ['ROLE_CORP_OPERATOR']],
      ['ROLES', ['ROLE_CORP_QUERY'], ['ROLE_CORP_MANAGER', 'ROLE_CORP_QUERY']],
      ['CREATE', [], ['ROLE_CORP_QUERY']],
    ]);
    expect(history[0].actorName).toBe('韩雪');
  });

  it('disables a user: its session ends, it cannot log in; enabling restores it', async () => {
    const m = await loggedIn(s.app, 'corp_manager');
    const added = await addUser(m, 'sup_gone', ['ROLE_CORP_OPERATOR']);
    const u = await loginAs('sup_gone', added.initialPassword);
    expect((await userAction(m, added.id, 'disable')).code).toBe('0');
    expect((await u.call('GET', '/v2/security')).json().code).toBe('SCF.AUTH_REQUIRED');
    const refused = (await new Browser(s.app).login('sup_gone', added.initialPassword)).json();
    expect(refused).toMatchObject({ code: 'SCF.USER_DISABLED', message: '该用户已停用，请联系贵企业管理员' });
    // A wrong password learns nothing about the state.
    expect((await new Browser(s.app).login('sup_gone', 'Wrong@2026')).json().code).toBe('SCF.LOGIN_FAILED');
    const listed = (await m.call('GET', USERS, { query: { status: 'DISABLED' } })).json().data.list;
    expect(listed.map((x: { userName: string }) => x.userName)).toEqual(['sup_gone']);
    expect((await userAction(m, added.id, 'enable')).code).toBe('0');
    await loginAs('sup_gone', added.initialPassword);
  });

  it('resets a password to a new one-time one: shown once, the old one and the sessions end', async () => {
    const m = await loggedIn(s.app, 'corp_manager');
    const added = await addUser(m, 'sup_forgot', ['ROLE_CORP_OPERATOR']);
    const u = await loginAs('sup_forgot', added.initialPassword);
    // Five wrong passwords lock the name for this client; the reset lifts the lock.
    const guesser = new Browser(s.app);
    for (let i = 0; i < 5; i++) await guesser.login('sup_forgot', 'Wrong@2026');
    expect((await guesser.login('sup_forgot', added.initialPassword)).json().code).toBe('SCF.LOGIN_LOCKED');
    const reset = await userAction(m, added.id, 'resetPassword');
    expect(reset.code, reset.message).toBe('0');
    expect(reset.data.result.userName).toBe('sup_forgot');
    expect(validatePassword(reset.data.result.initialPassword)).toBe(true);
    expect(reset.data.result.initialPassword).not.toBe(added.initialPassword);
    expect((await u.call('GET', '/v2/security')).json().code).toBe('SCF.AUTH_REQUIRED');
    expect((await new Browser(s.app).login('sup_forgot', added.initialPassword)).json().code).toBe(
      'SCF.LOGIN_FAILED',
    );
    expect((await guesser.login('sup_forgot', reset.data.result.initialPassword)).json().code).toBe('0');
    const row = await s.db.query('select password_change_required as p from users where id = $1', [added.id]);
    expect(row.rows[0]).toEqual({ p: true });
    const changes = (await m.call('GET', `${USERS}/${added.id}/role-changes`)).json().data;
    expect(changes[0]).toMatchObject({ action: 'RESET_PASSWORD' });
    // Never its own: that is 修改密码 in the person info.
    const self = await idOf('corp_manager');
    const selfVersion = (await m.call('GET', `${MODEL}/records/${self}`)).json().data.version;
    expect(await userAction(m, self, 'resetPassword')).toMatchObject({
      code: 'SCF.USER_RESET_SELF',
      message: '不能重置自己的密码，请在个人信息中修改密码',
    });
    // Refused inside the action's transaction: no new version, no audit line.
    expect((await m.call('GET', `${MODEL}/records/${self}`)).json().data.version).toBe(selfVersion);
    const audited = await s.db.query(
      "select 1 from biz_audit where model = 'corpUser' and record_id = $1 and action = 'resetPassword'",
      [self],
    );
    expect(audited.rows).toEqual([]);
  });

  it('edits a user’s name and mobile with the shared rules', async () => {
    const m = await loggedIn(s.app, 'corp_manager');
    const added = await addUser(m, 'sup_renamed', ['ROLE_CORP_QUERY']);
    const put = (body: Record<string, unknown>) => editUser(m, added.id, body);
    expect(await put({ personName: '王五', mobile: '123' })).toMatchObject({
      code: 'SCF.USER_INVALID',
      message: '请输入正确的手机号码',
      data: { fieldErrors: { mobile: '请输入正确的手机号码' } },
    });
    // The user name it logs in with never changes.
    expect((await put({ personName: '王五', mobile: '13987654321', username: 'renamed' })).code).toBe('0');
    const listed = (await m.call('GET', USERS, { query: { keyword: 'sup_renamed' } })).json().data.list;
    expect(listed[0]).toMatchObject({
      personName: '王五',
      mobile: '13987654321',
      roleCodes: ['ROLE_CORP_QUERY'],
      roleNames: '链属企业查询岗',
    });
  });

  it('never leaves the enterprise without an enabled administrator', async () => {
    const m = await loggedIn(s.app, 'corp_manager');
    const self = await idOf('corp_manager');
    const dropSelf = await userAction(m, self, 'assignRoles', { roles: ['ROLE_CORP_QUERY'] });
    expect(dropSelf).toMatchObject({
      code: 'SCF.LAST_MANAGER',
      message: '贵企业至少需要保留一名启用的管理员',
    });
    expect((await userAction(m, self, 'disable')).code).toBe('SCF.LAST_MANAGER');
    const roles = await s.db.query('select role_code from user_roles where user_id = $1', [self]);
    expect(roles.rows).toEqual([{ role_code: 'ROLE_CORP_MANAGER' }]);

    // With a second administrator, the first may step down; then the second is the last one.
    const second = await addUser(m, 'sup_admin2', ['ROLE_CORP_MANAGER']);
    expect(
      (await userAction(m, self, 'assignRoles', { roles: ['ROLE_CORP_QUERY', 'ROLE_CORP_MANAGER'] })).code,
    ).toBe('0');
    const admin2 = await loginAs('sup_admin2', second.initialPassword);
    expect((await userAction(admin2, second.id, 'disable')).code).toBe('0');
    expect((await admin2.call('GET', '/v2/security')).json().code).toBe('SCF.AUTH_REQUIRED');
    expect((await userAction(m, self, 'disable')).code).toBe('SCF.LAST_MANAGER');
    expect((await userAction(m, second.id, 'enable')).code).toBe('0');
  });

  it('makes first passwords that pass the password rule', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = initialPassword();
      expect(validatePassword(p)).toBe(true);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });
});
