import { beforeAll, describe, expect, it } from 'vitest';
import {
  actionMatrix,
  matrixWorld,
  rule,
  SECOND_CORE_AND_FACTOR,
  type MatrixRule,
} from './authorizationMatrix';
import { as, body, count, create } from './modelsHelpers';

/**
 * Authorisation matrix of the account centre's finance actions and creates: each demo role (and
 * a second core group and factor) × each action × records of its own and other enterprises. Written by
 * hand from the design: an enterprise's director activates its electronic account; its operator or
 * director asks a transaction's result; its operator pays its bills; the issuing factor's client manager
 * issues and red-flushes invoices. (Closing an account needs an empty one: accountFinance.test.ts.)
 */
const OPS = ['ROLE_CORE_OPERATOR', 'ROLE_CORP_OPERATOR', 'ROLE_UNIT_OPERATOR'];
const DIRS = ['ROLE_CORE_DIRECTOR', 'ROLE_CORP_DIRECTOR', 'ROLE_UNIT_DIRECTOR'];
const FIN_CLIENT = ['ROLE_FIN_CLIENT_MANAGER'];

const RULES: MatrixRule[] = [
  rule('accountEAccount', 'account_e_account', 'activate', 'EA0', DIRS, 'corp_id'),
  rule('accountTx', 'account_tx', 'confirm', 'TX0', [...OPS, ...DIRS], 'corp_id'),
  rule(
    'accountBill',
    'account_bill',
    'pay',
    'BL0',
    OPS,
    'debtor_corp_id',
    "exists (select 1 from account_e_account a where a.corp_id = account_bill.debtor_corp_id and a.state = 'EA1' and a.balance >= account_bill.amount)",
  ),
  rule('accountInvoice', 'account_invoice', 'issue', 'IV0', FIN_CLIENT, 'seller_corp_id'),
  rule('accountInvoice', 'account_invoice', 'redFlush', 'IV1', FIN_CLIENT, 'seller_corp_id'),
];

const world = matrixWorld(SECOND_CORE_AND_FACTOR);

const EACCOUNT = {
  bindAccountName: '矩阵企业',
  bindAccountNo: '51050142610000000303',
  bindBankName: '中国建设银行成都高新支行',
  bindBankCode: '105651000303',
  mobile: '13800030003',
};

// The project department has no electronic account in the demo: it asks for one to be activated.
beforeAll(async () => {
  const res = await create(await as(world.s.app, 'unit_operator'), 'accountEAccount', EACCOUNT);
  expect(body(res).code).toBe('0');
});

describe('authorisation matrix: role × account finance action × enterprise', () => {
  actionMatrix(world, RULES, { signature: true });
});

describe('authorisation matrix: role × account finance create', () => {
  const CREATES: Array<[model: string, table: string, roles: string[], payload: Record<string, unknown>]> = [
    [
      'accountDockInfo',
      'account_dock_info',
      OPS,
      { contactName: '马晓东', contactMobile: '13911112222', contactEmail: 'm@example.com' },
    ],
    [
      'accountInvoiceInfo',
      'account_invoice_info',
      OPS,
      {
        invoiceTitle: '华建集团第二工程局有限公司',
        taxNo: '911100001000044477',
        invoiceType: 'special',
        registerAddress: '北京市西城区某路1号',
        registerPhone: '010-88886666',
        bankName: '中国建设银行',
        bankAccountNo: '11050162360000000999',
      },
    ],
    [
      'accountExpressInfo',
      'account_express_info',
      OPS,
      { receiverName: '马晓东', receiverMobile: '13911112222', address: '北京市西城区某路1号' },
    ],
    ['accountEAccount', 'account_e_account', OPS, EACCOUNT],
    ['accountTx', 'account_tx', OPS, { direction: 'in', amount: '1.00', counterpartyName: '矩阵对手' }],
    [
      'accountBill',
      'account_bill',
      FIN_CLIENT,
      {
        debtorCorpId: 'SUP001',
        billType: 'serviceFee',
        period: '2026-10',
        amount: '1.00',
        dueDate: '2026-12-31',
      },
    ],
  ];
  for (const [model, table, roles, payload] of CREATES) {
    it(`${model}: created only by ${roles.join('/')} for its own enterprise`, async () => {
      let created = 0;
      for (const actor of world.actors) {
        const before = await count(world.s, table);
        const res = await create(actor.browser, model, payload);
        const { code } = body(res);
        if (roles.includes(actor.role) && actor.corp !== 'SUP003') {
          // Past the role check; a business rule (one profile per enterprise, an active account) may still refuse.
          expect(res.statusCode, `${actor.label}: ${res.body}`).toBe(200);
          expect(code, `${actor.label}: ${res.body}`).toMatch(
            /^(0|SCF\.(ACCOUNT_PROFILE_EXISTS|EACCOUNT_EXISTS|EACCOUNT_NOT_ACTIVE))$/,
          );
          if (code === '0') {
            created++;
            const record = body(res).data;
            expect([record.corpId, record.issuerCorpId]).toContain(actor.corp);
          } else expect(await count(world.s, table)).toBe(before);
          continue;
        }
        expect(code, `${actor.label} must not create ${model}`).toBe(
          actor.corp === 'SUP003' ? 'SCF.CORP_CANCELLED' : 'SCF.CREATE_FORBIDDEN',
        );
        expect(await count(world.s, table)).toBe(before);
      }
      expect(created, model).toBeGreaterThan(0);
    });
  }
});
