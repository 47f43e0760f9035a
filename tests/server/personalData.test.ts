import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTERPRISE_PROFILE_API } from '@contract/enterprise';
import { maskPersonalData, personalDataFor, seesPersonalData } from '@contract/personalData';
import { as, body, modelsServer, type ModelsTestServer } from './modelsHelpers';

let s: ModelsTestServer;
beforeAll(async () => {
  s = await modelsServer();
});
afterAll(async () => {
  await s.close();
});

describe('personal data by role (contract/personalData.ts)', () => {
  it('masks the ends-kept way, whole only for operators, directors and the administrator', () => {
    expect(maskPersonalData('idCard', '11010519491231002X')).toBe('1101****002X');
    expect(maskPersonalData('mobile', '13800000002')).toBe('138****0002');
    expect(maskPersonalData('bankAccount', '6217000010001234')).toBe('6217****1234');
    expect(maskPersonalData('mobile', '1380')).toBe('****');
    expect(maskPersonalData('idCard', maskPersonalData('idCard', '11010519491231002X'))).toBe('1101****002X');
    expect(['ROLE_CORE_OPERATOR', 'ROLE_UNIT_DIRECTOR', 'ROLE_CORP_MANAGER'].map(seesPersonalData)).toEqual([
      true,
      true,
      true,
    ]);
    expect(
      ['ROLE_CORE_QUERY', 'ROLE_CORE_PURCHASE', 'ROLE_FIN_CLIENT_MANAGER', 'ROLE_CORP_DEFAULT', null].map(
        seesPersonalData,
      ),
    ).toEqual([false, false, false, false, false]);
    expect(personalDataFor('ROLE_CORE_QUERY', 'mobile', '')).toBe('');
  });

  it('gives a query role masked ID numbers and phones on the profile and every other answer', async () => {
    const corp = (
      await s.db.query<{ legal_id_card: string; contact_mobile: string }>(
        "select legal_id_card, contact_mobile from corps where id = 'CORE001'",
      )
    ).rows[0]!;
    const mobileOf = async (username: string) =>
      (await s.db.query<{ mobile: string }>('select mobile from users where username = $1', [username]))
        .rows[0]!.mobile;
    expect(corp.legal_id_card.length).toBeGreaterThan(8);

    const query = await as(s.app, 'core_query');
    const profile = body(await query.call('GET', ENTERPRISE_PROFILE_API)).data;
    expect(profile).toMatchObject({
      legalIdCard: maskPersonalData('idCard', corp.legal_id_card),
      contactMobile: maskPersonalData('mobile', corp.contact_mobile),
    });
    const mine = maskPersonalData('mobile', await mobileOf('core_query'));
    expect(body(await query.call('GET', '/v2/security')).data.user3.mobile).toBe(mine);
    expect(body(await query.call('GET', '/corp/v1/persons/me')).data.mobile).toBe(mine);
    const realname = body(await query.call('GET', '/corp/v1/realname/status')).data;
    expect(realname.legalIdCard).not.toContain(corp.legal_id_card.slice(4, -4));

    const operator = await as(s.app, 'core_operator');
    expect(body(await operator.call('GET', ENTERPRISE_PROFILE_API)).data).toMatchObject({
      legalIdCard: corp.legal_id_card,
      contactMobile: corp.contact_mobile,
    });
    expect(body(await operator.call('GET', '/v2/security')).data.user3.mobile).toBe(
      await mobileOf('core_operator'),
    );
  });
});
