import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionMatrix, matrixWorld, rule, type MatrixRule } from './authorizationMatrix';
import {
  act,
  as,
  body,
  count,
  create,
  getRecord,
  list,
  modelsServer,
  step,
  type ModelsTestServer,
} from './modelsHelpers';

/**
 * Bank accounts of an enterprise (my/enterprise-info/info): the authorisation matrix over their
 * actions (written by hand: an operator or director proposes, a director or the administrator approves,
 * rejects, disables, enables again or sets the default; only within the own enterprise), then the lifecycle, the
 * one default per enterprise and bad input through the API.
 */
const PROPOSERS = [
  'ROLE_CORE_OPERATOR',
  'ROLE_CORP_OPERATOR',
  'ROLE_UNIT_OPERATOR',
  'ROLE_CORE_DIRECTOR',
  'ROLE_CORP_DIRECTOR',
  'ROLE_UNIT_DIRECTOR',
];
const APPROVERS = ['ROLE_CORE_DIRECTOR', 'ROLE_CORP_DIRECTOR', 'ROLE_UNIT_DIRECTOR', 'ROLE_CORP_MANAGER'];
const acc = (action: string, from: string, roles: string[]): MatrixRule =>
  rule('corpBankAccount', 'corp_bank_account', action, from, roles, 'corp_id');

const RULES: MatrixRule[] = [
  acc('submit', 'BA1', PROPOSERS),
  acc('approve', 'BA2', APPROVERS),
  acc('reject', 'BA2', APPROVERS),
  acc('disable', 'BA3', APPROVERS),
  rule(
    'corpBankAccount',
    'corp_bank_account',
    'setDefault',
    'BA3',
    APPROVERS,
    'corp_id',
    'is_default is not true',
  ),
  acc('enable', 'BA4', APPROVERS),
];

const world = matrixWorld([]);

describe('authorisation matrix: role × bank-account action × enterprise', () => {
  actionMatrix(world, RULES, { signature: false });
});

describe('bank accounts', () => {
  let s: ModelsTestServer;
  beforeAll(async () => {
    s = await modelsServer();
  });
  afterAll(async () => {
    await s.app.close();
    await s.db.close();
  });

  const good = {
    accountName: '测试账户',
    accountNo: '11050162540000000888',
    bankCode: '105',
    branchCode: '105100000017',
  };

  it('is in effect only after the director approves; another enterprise never sees it', async () => {
    const op = await as(s.app, 'chain_operator');
    const dir = await as(s.app, 'chain_director');
    const other = await as(s.app, 'core_director');
    const created = body(await create(op, 'corpBankAccount', good));
    expect(created.code, created.message).toBe('0');
    const id = String(created.data.id);
    expect(created.data.status).toBe('BA1');
    await step(op, 'corpBankAccount', id, 'submit');
    expect(body(await getRecord(dir, 'corpBankAccount', id)).data.status).toBe('BA2');
    await step(dir, 'corpBankAccount', id, 'approve');
    expect(body(await getRecord(op, 'corpBankAccount', id)).data.status).toBe('BA3');

    const res = await getRecord(other, 'corpBankAccount', id);
    expect(body(res).code).not.toBe('0');
    const theirs = await list(other, 'corpBankAccount', { size: '100' });
    expect(JSON.stringify(theirs)).not.toContain(id);
  });

  it('refuses a bad 账号 or 联行号 with a coded message and writes nothing', async () => {
    const op = await as(s.app, 'chain_operator');
    const before = await count(s, 'corp_bank_account');
    const badAccount = body(await create(op, 'corpBankAccount', { ...good, accountNo: '12ab' }));
    expect(badAccount.code).toBe('SCF.RECORD_INVALID');
    const badBranch = body(await create(op, 'corpBankAccount', { ...good, branchCode: '10510000001' }));
    expect(badBranch.code).toBe('SCF.RECORD_INVALID');
    expect(badBranch.message).toContain('联行号');
    const missing = body(await create(op, 'corpBankAccount', { ...good, accountName: '' }));
    expect(missing.code).not.toBe('0');
    expect(await count(s, 'corp_bank_account')).toBe(before);
    // A query post proposes nothing.
    const query = await as(s.app, 'chain_query');
    expect((await create(query, 'corpBankAccount', good)).statusCode).toBe(403);
    expect(await count(s, 'corp_bank_account')).toBe(before);
  });

  it('keeps exactly one default account per enterprise; a disabled account is enabled again', async () => {
    const dir = await as(s.app, 'unit_director');
    const corpId = async () =>
      String(
        (await s.db.query<{ corp_id: string }>("select corp_id from users where username = 'unit_director'"))
          .rows[0]!.corp_id,
      );
    const corp = await corpId();
    const defaults = async () =>
      (
        await s.db.query<{ id: string }>(
          'select id from corp_bank_account where corp_id = $1 and is_default is true',
          [corp],
        )
      ).rows.map((r) => r.id);
    const inEffect = (
      await s.db.query<{ id: string }>(
        "select id from corp_bank_account where corp_id = $1 and state = 'BA3' order by id",
        [corp],
      )
    ).rows.map((r) => r.id);
    // The seed makes one account of each enterprise its default.
    const [a] = await defaults();
    const b = inEffect.find((id) => id !== a);
    expect(a && inEffect.includes(a)).toBe(true);
    if (!a || !b) throw new Error('the seed has two accounts in effect, one of them the default');
    expect((await defaults()).length).toBe(1);
    const again = body(
      await act(dir, 'corpBankAccount', a, 'setDefault', {
        version: body(await getRecord(dir, 'corpBankAccount', a)).data.version,
      }),
    );
    expect(again.code).toBe('SCF.BANK_ACCOUNT_ALREADY_DEFAULT');
    expect(again.message).toContain('已是本企业的默认账户');

    await step(dir, 'corpBankAccount', b, 'setDefault');
    expect(await defaults()).toEqual([b]);
    expect(body(await getRecord(dir, 'corpBankAccount', a)).data.isDefault).toBeNull();

    // Another enterprise's director can neither set nor see it.
    const other = await as(s.app, 'core_director');
    const foreign = await act(other, 'corpBankAccount', a, 'setDefault', { version: 1 });
    expect(body(foreign).code).not.toBe('0');
    expect(await defaults()).toEqual([b]);

    // Disabling the default clears it; enabling brings the account back in effect, not as the default.
    await step(dir, 'corpBankAccount', b, 'disable', { reason: '账户已销户' });
    expect(await defaults()).toEqual([]);
    const enabled = await step(dir, 'corpBankAccount', b, 'enable');
    expect(enabled.status).toBe('BA3');
    expect(enabled.isDefault).toBeNull();
    // An account not in effect cannot become the default.
    const pending = (
      await s.db.query<{ id: string }>(
        "select id from corp_bank_account where corp_id = $1 and state = 'BA2' limit 1",
        [corp],
      )
    ).rows[0]!.id;
    const refused = await act(dir, 'corpBankAccount', pending, 'setDefault', {
      version: body(await getRecord(dir, 'corpBankAccount', pending)).data.version,
    });
    expect(body(refused).code).not.toBe('0');
    expect(await defaults()).toEqual([]);
  });
});
