import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTERPRISE_PROFILE_API } from '@contract/enterprise';
import { actionMatrix, matrixWorld, rule } from './authorizationMatrix';
import type { Browser } from './helpers';
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
 * Enterprise master data (my/enterprise-info/info-update): an operator proposes a change, a
 * director or the administrator approves (the enterprise changes only then, once, if nobody changed it in
 * between) or rejects it; the values before stay with the change; bad values refused with the registration
 * rules; the authorisation matrix over approve and reject; another enterprise never sees or changes it.
 */
const MODEL = 'corpInfoChange';
const APPROVERS = ['ROLE_CORE_DIRECTOR', 'ROLE_CORP_DIRECTOR', 'ROLE_UNIT_DIRECTOR', 'ROLE_CORP_MANAGER'];
const OPERATORS = ['core_operator', 'chain_operator', 'unit_operator'];

const profileOf = async (b: Browser): Promise<Record<string, unknown>> => {
  const res = (await b.call('GET', ENTERPRISE_PROFILE_API)).json();
  expect(res.code, JSON.stringify(res)).toBe('0');
  return res.data as Record<string, unknown>;
};

describe('authorisation matrix: role × enterprise-information-change action × enterprise', () => {
  const world = matrixWorld([]);
  // Two waiting changes per enterprise, one for each action (only one may wait at a time through the API,
  // so the first is put aside while the second is proposed).
  beforeAll(async () => {
    const { app, db } = world.s;
    for (const username of OPERATORS) {
      const op = await as(app, username);
      const ids: string[] = [];
      for (const purpose of ['matrix-approve', 'matrix-reject']) {
        const res = body(
          await create(op, MODEL, { registeredAddress: `${purpose}测试地址1号`, changeReason: purpose }),
        );
        expect(res.code, JSON.stringify(res)).toBe('0');
        ids.push(String(res.data.id));
        await db.query("update corp_info_change set state = 'CI3' where id = $1", [res.data.id]);
      }
      await db.query("update corp_info_change set state = 'CI1' where id = any($1)", [ids]);
    }
  }, 120_000);
  actionMatrix(
    world,
    [
      rule(
        MODEL,
        'corp_info_change',
        'approve',
        'CI1',
        APPROVERS,
        'corp_id',
        "change_reason = 'matrix-approve'",
      ),
      rule(
        MODEL,
        'corp_info_change',
        'reject',
        'CI1',
        APPROVERS,
        'corp_id',
        "change_reason = 'matrix-reject'",
      ),
    ],
    { signature: false },
  );
});

describe('enterprise information change', () => {
  let s: ModelsTestServer;
  beforeAll(async () => {
    s = await modelsServer();
  });
  afterAll(async () => {
    await s.app.close();
    await s.db.close();
  });

  it('changes the enterprise only when a director approves; the values before stay with the change', async () => {
    const op = await as(s.app, 'chain_operator');
    const dir = await as(s.app, 'chain_director');
    const before = await profileOf(op);
    expect(before.legalName).toBe('王志强');
    const created = body(
      await create(op, MODEL, {
        enterpriseName: '链属供应商（更名）有限公司',
        legalName: '刘德明',
        legalIdCard: '11010519491231002X',
        changeReason: '工商变更',
      }),
    );
    expect(created.code, created.message).toBe('0');
    expect(created.data).toMatchObject({
      status: 'CI1',
      beforeEnterpriseName: before.enterpriseName,
      beforeLegalName: '王志强',
      enterpriseName: '链属供应商（更名）有限公司',
      creditCode: before.creditCode, // left empty: stays
      contactMobile: before.contactMobile,
    });
    const id = String(created.data.id);
    // Not yet: the enterprise and the session still carry the old name.
    expect((await profileOf(op)).enterpriseName).toBe(before.enterpriseName);
    expect((await op.call('GET', '/corp/v1/persons/me')).json().data.corpName).toBe(before.enterpriseName);

    const second = body(await create(op, MODEL, { contactName: '钱多多', changeReason: '联系人变更' }));
    expect(second.code).toBe('SCF.CORP_INFO_CHANGE_PENDING');
    expect(second.message).toContain(String(created.data.changeNo));

    // The proposer's post may not approve.
    expect((await act(op, MODEL, id, 'approve', { version: created.data.version })).statusCode).toBe(403);
    await step(dir, MODEL, id, 'approve');
    const after = await profileOf(op);
    expect(after).toMatchObject({
      enterpriseName: '链属供应商（更名）有限公司',
      legalName: '刘德明',
      legalIdCard: '11010519491231002X',
      creditCode: before.creditCode,
      registeredAddress: before.registeredAddress,
      profileVersion: Number(before.profileVersion) + 1,
    });
    expect((await op.call('GET', '/corp/v1/persons/me')).json().data.corpName).toBe(
      '链属供应商（更名）有限公司',
    );
    const kept = body(await getRecord(op, MODEL, id)).data;
    expect(kept).toMatchObject({ status: 'CI2', beforeEnterpriseName: before.enterpriseName });
  });

  it('refuses bad values with the registration rules and writes nothing', async () => {
    const op = await as(s.app, 'unit_operator');
    const rows = await count(s, 'corp_info_change');
    const version = (await profileOf(op)).profileVersion;
    const refused = async (values: Record<string, unknown>, code: string, text: string) => {
      const res = body(await create(op, MODEL, { changeReason: '测试', ...values }));
      expect(res.code, JSON.stringify(values)).toBe(code);
      expect(res.message).toContain(text);
    };
    await refused({ creditCode: '91350100M000100Y44' }, 'SCF.RECORD_INVALID', '统一社会信用代码');
    await refused({ legalIdCard: '110105198001011239' }, 'SCF.RECORD_INVALID', '身份证');
    await refused({ enterpriseName: '企'.repeat(81) }, 'SCF.RECORD_INVALID', '企业名称');
    await refused({ contactMobile: '12345' }, 'SCF.RECORD_INVALID', '手机');
    await refused({}, 'SCF.CORP_INFO_UNCHANGED', '至少修改一项');
    const core = await as(s.app, 'core_operator');
    await refused(
      { creditCode: String((await profileOf(core)).creditCode) },
      'SCF.CORP_CREDIT_CODE_TAKEN',
      '已被其他企业使用',
    );
    expect((await create(op, MODEL, { contactName: '钱多多' })).json().code).toBe('SCF.RECORD_INVALID');
    expect(await count(s, 'corp_info_change')).toBe(rows);
    expect((await profileOf(op)).profileVersion).toBe(version);
    // A query post proposes nothing.
    const query = await as(s.app, 'unit_query');
    expect((await create(query, MODEL, { contactName: '钱多多', changeReason: '测试' })).statusCode).toBe(
      403,
    );
    expect(await count(s, 'corp_info_change')).toBe(rows);
  });

  it('a rejected change, a stale one and a self-approved one leave the enterprise as it was', async () => {
    const op = await as(s.app, 'core_operator');
    const dir = await as(s.app, 'core_director');
    const before = await profileOf(op);
    const propose = async (b: Browser, contactName: string) => {
      const res = body(await create(b, MODEL, { contactName, changeReason: '联系人离职' }));
      expect(res.code, res.message).toBe('0');
      return String(res.data.id);
    };

    const rejected = await propose(op, '钱多多');
    const noReason = await act(dir, MODEL, rejected, 'reject', { version: 1, reason: '' });
    expect(body(noReason).code).not.toBe('0');
    await step(dir, MODEL, rejected, 'reject', { reason: '联系人信息有误' });
    expect(body(await getRecord(op, MODEL, rejected)).data.status).toBe('CI3');
    expect(await profileOf(op)).toEqual(before);

    const self = await propose(dir, '孙小美');
    const own = body(await act(dir, MODEL, self, 'approve', { version: 1 }));
    expect(own.code).toBe('SCF.CORP_INFO_SELF_APPROVAL');
    await step(dir, MODEL, self, 'reject', { reason: '由经办岗重新申请' });

    const stale = await propose(op, '周一鸣');
    // Something else changed the enterprise after the proposal (another change applied in between).
    const corpName = String((await op.call('GET', '/corp/v1/persons/me')).json().data.corpName);
    await s.db.query('update corps set profile_version = profile_version + 1 where name = $1', [corpName]);
    const res = body(await act(dir, MODEL, stale, 'approve', { version: 1 }));
    expect(res.code).toBe('SCF.CORP_INFO_STALE');
    expect(body(await getRecord(op, MODEL, stale)).data.status).toBe('CI1');
    expect((await profileOf(op)).contactName).toBe(before.contactName);

    // Another enterprise neither sees nor decides it; the profile route shows only the caller's enterprise.
    const other = await as(s.app, 'chain_director');
    expect(body(await getRecord(other, MODEL, stale)).code).not.toBe('0');
    expect(body(await act(other, MODEL, stale, 'reject', { version: 1, reason: 'x' })).code).not.toBe('0');
    expect(JSON.stringify(await list(other, MODEL, { size: '100' }))).not.toContain(stale);
    expect((await profileOf(other)).enterpriseName).not.toBe(before.enterpriseName);
  });
});
