import { beforeAll, describe, expect } from 'vitest';
import { body, create } from './modelsHelpers';
import {
  actionMatrix,
  matrixWorld,
  SECOND_CORE_AND_FACTOR,
  rule,
  type MatrixRule,
} from './authorizationMatrix';

/**
 * Authorisation matrix of every standard-factoring action: each demo role (and posts of a second core
 * group, a second factor and a second supplier, added here) × each action × records of its own and of
 * other enterprises. The table is written by hand from the lifecycle (DOMAIN.md: the creditor's operator
 * then director, the factor's client manager then product manager, the debtor's operator then director),
 * not read from the models: an action is allowed exactly when the role is listed and the user's
 * enterprise is the named party.
 */
const CORP_OP = ['ROLE_CORP_OPERATOR'];
const CORP_DIR = ['ROLE_CORP_DIRECTOR'];
const CORE_OP = 'ROLE_CORE_OPERATOR';
const CORE_DIR = 'ROLE_CORE_DIRECTOR';
const FIN_CLIENT = 'ROLE_FIN_CLIENT_MANAGER';
const FIN_PRODUCT = 'ROLE_FIN_PRODUCT_MANAGER';

const rec = (action: string, from: string, roles: string[]): MatrixRule =>
  rule('factoringReceivable', 'factoring_receivable', action, from, roles, 'creditor_corp_id');
const loan = (action: string, from: string, roles: string[], party: string): MatrixRule =>
  rule('factoringLoan', 'factoring_loan', action, from, roles, party);

const joint = (action: string, from: string, roles: string[], party: string, ready?: string): MatrixRule =>
  rule('factoringJointLoan', 'factoring_joint_loan', action, from, roles, party, ready);
const contract = (action: string, from: string, roles: string[], party: string): MatrixRule =>
  rule('factoringJointContract', 'factoring_joint_contract', action, from, roles, party);
const ALL_SIGNED =
  "not exists (select 1 from factoring_joint_contract c where c.loan_id = factoring_joint_loan.id and c.state <> 'JC4')";

// In lifecycle order: each allowed run moves a record on to the next rule's state.
const RULES: MatrixRule[] = [
  // 用户签约: an enterprise's own director signs its service agreement.
  rule(
    'factoringUserSign',
    'factoring_user_sign',
    'sign',
    'US0',
    ['ROLE_CORE_DIRECTOR', 'ROLE_CORP_DIRECTOR', 'ROLE_UNIT_DIRECTOR'],
    'corp_id',
  ),
  rec('submit', 'AR0', CORP_OP),
  rec('approve', 'AR1', CORP_DIR),
  rec('reject', 'AR1', CORP_DIR),
  loan('submit', 'FL0', CORP_OP, 'creditor_corp_id'),
  loan('approve', 'FL1', CORP_DIR, 'creditor_corp_id'),
  loan('reject', 'FL1', CORP_DIR, 'creditor_corp_id'),
  loan('review', 'FL2', [FIN_CLIENT], 'factor_corp_id'),
  loan('reviewReject', 'FL2', [FIN_CLIENT], 'factor_corp_id'),
  loan('factorApprove', 'FL3', [FIN_PRODUCT], 'factor_corp_id'),
  loan('factorReject', 'FL3', [FIN_PRODUCT], 'factor_corp_id'),
  loan('confirm', 'FL4', CORP_OP, 'creditor_corp_id'),
  loan('ownerConfirm', 'FL5', [CORE_OP], 'debtor_corp_id'),
  loan('sign', 'FL6', CORP_DIR, 'creditor_corp_id'),
  loan('ownerSign', 'FL7', [CORE_DIR], 'debtor_corp_id'),
  loan('lend', 'FL8', [FIN_CLIENT], 'factor_corp_id'),
  loan('repay', 'FL9', [FIN_CLIENT], 'factor_corp_id'),
  joint('submit', 'JL0', CORP_OP, 'creditor_corp_id'),
  joint('approve', 'JL1', CORP_DIR, 'creditor_corp_id'),
  joint('reject', 'JL1', CORP_DIR, 'creditor_corp_id'),
  joint('funderApprove', 'JL2', [FIN_PRODUCT], 'pending_funder_corp_ids'),
  joint('funderReject', 'JL2', [FIN_PRODUCT], 'pending_funder_corp_ids'),
  contract('confirm', 'JC1', CORP_OP, 'creditor_corp_id'),
  contract('sign', 'JC2', CORP_DIR, 'creditor_corp_id'),
  contract('funderSign', 'JC3', [FIN_PRODUCT], 'funder_corp_id'),
  // Only deals whose every funder's contract is signed can be lent.
  joint('lend', 'JL3', [FIN_CLIENT], 'lead_corp_id', ALL_SIGNED),
  joint('repay', 'JL4', [FIN_CLIENT], 'lead_corp_id'),
];

const world = matrixWorld([
  ...SECOND_CORE_AND_FACTOR,
  ['chain2_operator', 'SUP002', 'ROLE_CORP_OPERATOR'],
  ['chain2_director', 'SUP002', 'ROLE_CORP_DIRECTOR'],
]);

// The enterprises that have not signed the service agreement (the core groups, supplier 2) start it (待签约).
beforeAll(async () => {
  for (const director of ['core_director', 'core2_director', 'chain2_director']) {
    const actor = world.actors.find((a) => a.username === director)!;
    const res = await create(actor.browser, 'factoringUserSign', { agreementRead: true });
    expect(body(res).code, director).toBe('0');
  }
});

describe('authorisation matrix: role × factoring action × enterprise', () => {
  actionMatrix(world, RULES);
});
