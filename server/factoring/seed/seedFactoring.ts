import { mulRate } from '@renderer/core/format';
import { addDays } from '../../models';
import { EngineSeeder } from '../../seed/engineSeeder';
import { USER_SIGN } from '../userSign';
import type { ModelEngine } from '../../models/modelEngine';

/** The loan steps in order: action and the demo user who runs it. */
const LOAN_STEPS: Array<[string, string]> = [
  ['submit', 'chain_operator'],
  ['approve', 'chain_director'],
  ['review', 'fin_client_manager'],
  ['factorApprove', 'fin_product_manager'],
  ['confirm', 'chain_operator'],
  ['ownerConfirm', 'core_operator'],
  ['sign', 'chain_director'],
  ['ownerSign', 'core_director'],
  ['lend', 'fin_client_manager'],
  ['repay', 'fin_client_manager'],
];

/** A demo loan: the number of steps done, or a refusal after some steps. */
const LOANS: Array<{ steps: number; refuse?: string }> = [
  ...Array.from({ length: LOAN_STEPS.length + 1 }, (_, steps) => ({ steps })),
  { steps: 2, refuse: 'reviewReject' },
];

/**
 * The joint deal's steps; `contract.*` steps run on each funder's contract (made when the last funder
 * approves), `funder` standing for that funder's product manager.
 */
const JOINT_STEPS: Array<[string, string]> = [
  ['submit', 'chain_operator'],
  ['approve', 'chain_director'],
  ['funderApprove', 'fin_product_manager'],
  ['funderApprove', 'fin2_product_manager'],
  ['contract.confirm', 'chain_operator'],
  ['contract.sign', 'chain_director'],
  ['contract.funderSign', 'funder'],
  ['lend', 'fin_client_manager'],
  ['repay', 'fin_client_manager'],
];
/** The product manager of each demo factor, who signs its joint contracts. */
const FUNDER_SIGNER: Record<string, string> = {
  FIN001: 'fin_product_manager',
  FIN003: 'fin2_product_manager',
};

/**
 * The standard factoring demo, made through the models engine as the demo users: the service agreement
 * (用户签约) of supplier 1 and the project department, receivables of supplier 1
 * on the core group in every status, a loan in every status (FL0 … FLD, FLX) with its history, and
 * joint deals of the two factors (60/40) in every status (JL0 … JLD, JLX), each funder's contract in every
 * status (JC1 … JC4).
 */
export async function seedFactoring(engine: ModelEngine): Promise<void> {
  const db = engine.db;
  if ((await db.query('select 1 from factoring_receivable limit 1').catch(() => null))?.rows.length) return;
  const s = await EngineSeeder.open({ engine });
  let n = 0;
  const act = async (
    model: string,
    rec: Record<string, unknown>,
    action: string,
    user: string,
    reason?: string,
  ) => s.as(user).act(model, String(rec.id), action, reason ? { reason } : {});
  const receivable = async (state: 'AR0' | 'AR1' | 'AR2'): Promise<Record<string, unknown>> => {
    n += 1;
    // Registered a few days back, so the operation logs read like a history.
    s.daysAgo(20 - (n % 15));
    let rec = await s.as('chain_operator').create('factoringReceivable', {
      debtorCorpId: 'CORE001',
      amount: `${(1_000_000 + n * 137_911).toString()}.${String(10 + n).slice(-2)}`,
      dueDate: addDays(s.today, 90 + n * 7),
      contractNo: `JC-2026-${String(100 + n)}`,
      contractName: '钢材采购合同',
      invoiceNos: [String(31_000_000 + n)],
      remark: '钢材货款',
    });
    if (state !== 'AR0') rec = await act('factoringReceivable', rec, 'submit', 'chain_operator');
    if (state === 'AR2') rec = await act('factoringReceivable', rec, 'approve', 'chain_director');
    return rec;
  };
  // 用户签约: supplier 1 and the project department signed the service agreement; the core group has not
  // (its director can try the flow), so applications of supplier 1 go through.
  s.daysAgo(40);
  for (const director of ['chain_director', 'unit_director']) {
    const sign = await s.as(director).create(USER_SIGN, { agreementRead: true });
    await act(USER_SIGN, sign, 'sign', director);
  }
  const account = {
    accountNo: '6227000012345678901',
    accountName: '华建建材供应有限公司',
    bankName: '中国建设银行股份有限公司北京西城支行',
    bankCode: '105100000017',
  };

  await receivable('AR0');
  await receivable('AR1');
  await receivable('AR2');
  for (const [i, loan] of LOANS.entries()) {
    const rec = await receivable('AR2');
    let record = await s.as('chain_operator').create('factoringLoan', {
      receivableId: rec.id,
      factorCorpId: 'FIN001',
      financeAmount: mulRate(String(rec.amount), '0.8', 2),
      annualRate: i % 2 ? '0.065' : '0.0725',
      interestMode: i % 2 ? 'PRE' : 'POST',
      recourse: i % 3 ? 'RECOURSE' : 'NON_RECOURSE',
      ...account,
      remark: '应收账款保理融资',
    });
    for (const [action, user] of LOAN_STEPS.slice(0, loan.steps))
      record = await act('factoringLoan', record, action, user);
    if (loan.refuse) await act('factoringLoan', record, loan.refuse, 'fin_client_manager', '资料不全');
  }
  // Joint deals (联合保理) of the two factors, 60/40, in every status (JL0 … JLD, and JLX).
  for (let steps = 0; steps <= JOINT_STEPS.length + 1; steps++) {
    const rec = await receivable('AR2');
    let record = await s.as('chain_operator').create('factoringJointLoan', {
      receivableId: rec.id,
      funders: [
        { funderCorpId: 'FIN001', ratio: '60' },
        { funderCorpId: 'FIN003', ratio: '40' },
      ],
      financeAmount: mulRate(String(rec.amount), '0.7', 2),
      annualRate: '0.068',
      interestMode: steps % 2 ? 'PRE' : 'POST',
      recourse: 'RECOURSE',
      ...account,
      remark: '联合保理融资',
    });
    const refuse = steps > JOINT_STEPS.length;
    for (const [action, user] of JOINT_STEPS.slice(0, refuse ? 2 : steps)) {
      if (!action.startsWith('contract.')) {
        record = await act('factoringJointLoan', record, action, user);
        continue;
      }
      const contracts = await db.query<{ id: string; funder: string }>(
        'select id, funder_corp_id as funder from factoring_joint_contract where loan_id = $1 order by id',
        [record.id],
      );
      for (const k of contracts.rows)
        await act(
          'factoringJointContract',
          k,
          action.slice('contract.'.length),
          user === 'funder' ? FUNDER_SIGNER[k.funder]! : user,
        );
    }
    if (refuse)
      await act('factoringJointLoan', record, 'funderReject', 'fin2_product_manager', '份额额度不足');
  }
}
