import { describe } from 'vitest';
import {
  actionMatrix,
  matrixWorld,
  SECOND_CORE_AND_FACTOR,
  rule,
  type MatrixRule,
} from '../../../../tests/server/authorizationMatrix';

/**
 * Authorisation matrix of every credit action: each demo role (and roles of a second core group and a
 * second factor, added here) × each action × records of its own and of other enterprises. The expected
 * table below is written by hand from DOMAIN.md's two-step pattern, not read from the models: an action
 * is allowed exactly when the session's role is listed and the user's enterprise is the named party.
 */
const CORE_OP = 'ROLE_CORE_OPERATOR';
const CORE_DIR = 'ROLE_CORE_DIRECTOR';
const CORE_FINAL = 'ROLE_CORE_FINAL';
const CORE_PUR = 'ROLE_CORE_PURCHASE';
const CHAIN_OPS = ['ROLE_CORP_OPERATOR', 'ROLE_UNIT_OPERATOR'];
const CHAIN_DIRS = ['ROLE_CORP_DIRECTOR', 'ROLE_UNIT_DIRECTOR'];
const FIN_CLIENT = 'ROLE_FIN_CLIENT_MANAGER';
const FIN_PRODUCT = 'ROLE_FIN_PRODUCT_MANAGER';

const RULES: MatrixRule[] = [
  rule('creditIssue', 'credit_issue', 'confirmReceipt', 'IS0', [CORE_PUR], 'issuer_corp_id'),
  rule('creditIssue', 'credit_issue', 'approve', 'IS0', [CORE_DIR], 'issuer_corp_id'),
  rule('creditIssue', 'credit_issue', 'reject', 'IS0', [CORE_DIR], 'issuer_corp_id'),
  rule('creditIssue', 'credit_issue', 'discard', 'IS0', [CORE_OP], 'issuer_corp_id'),
  rule('creditIssue', 'credit_issue', 'finalApprove', 'IS1', [CORE_FINAL], 'issuer_corp_id'),
  rule('creditIssue', 'credit_issue', 'finalReject', 'IS1', [CORE_FINAL], 'issuer_corp_id'),
  rule('creditIssue', 'credit_issue', 'accept', 'IS2', CHAIN_OPS, 'supplier_corp_id'),
  rule('creditIssue', 'credit_issue', 'refuse', 'IS2', CHAIN_OPS, 'supplier_corp_id'),
  rule('creditIssue', 'credit_issue', 'withdraw', 'IS2', [CORE_OP], 'issuer_corp_id'),
  rule('creditIssue', 'credit_issue', 'confirmRefuse', 'IS3', CHAIN_DIRS, 'supplier_corp_id'),
  rule('creditIssue', 'credit_issue', 'cancelRefuse', 'IS3', CHAIN_DIRS, 'supplier_corp_id'),
  rule('creditIssue', 'credit_issue', 'approveWithdraw', 'IS5', [CORE_DIR], 'issuer_corp_id'),
  rule('creditIssue', 'credit_issue', 'rejectWithdraw', 'IS5', [CORE_DIR], 'issuer_corp_id'),
  rule('creditTransfer', 'credit_transfer', 'approve', 'TR0', CHAIN_DIRS, 'transferor_corp_id'),
  rule('creditTransfer', 'credit_transfer', 'reject', 'TR0', CHAIN_DIRS, 'transferor_corp_id'),
  rule('creditTransfer', 'credit_transfer', 'accept', 'TR1', CHAIN_OPS, 'pending_receiver_corp_ids'),
  rule('creditTransfer', 'credit_transfer', 'refuse', 'TR1', CHAIN_OPS, 'pending_receiver_corp_ids'),
  rule('creditFinance', 'credit_finance', 'submit', 'FI0', CHAIN_OPS, 'applicant_corp_id'),
  rule('creditFinance', 'credit_finance', 'approve', 'FI1', CHAIN_DIRS, 'applicant_corp_id'),
  rule('creditFinance', 'credit_finance', 'reject', 'FI1', CHAIN_DIRS, 'applicant_corp_id'),
  rule('creditFinance', 'credit_finance', 'platformApprove', 'FI2', [FIN_PRODUCT], 'fin_corp_id'),
  rule('creditFinance', 'credit_finance', 'platformReject', 'FI2', [FIN_PRODUCT], 'fin_corp_id'),
  rule('creditFinance', 'credit_finance', 'finApprove', 'FI3', [FIN_CLIENT], 'fin_corp_id'),
  rule('creditFinance', 'credit_finance', 'finReject', 'FI3', [FIN_CLIENT], 'fin_corp_id'),
  rule('creditFinance', 'credit_finance', 'loan', 'FI4', [FIN_CLIENT], 'fin_corp_id'),
  rule('creditFinance', 'credit_finance', 'loanApprove', 'FI5', [FIN_PRODUCT], 'fin_corp_id'),
  rule('creditFinance', 'credit_finance', 'loanReject', 'FI5', [FIN_PRODUCT], 'fin_corp_id'),
  rule('creditCash', 'credit_cash', 'submit', 'RD0', [CORE_OP], 'issuer_corp_id'),
  rule('creditCash', 'credit_cash', 'approve', 'RD1', [CORE_DIR], 'issuer_corp_id'),
  rule('creditCash', 'credit_cash', 'reject', 'RD1', [CORE_DIR], 'issuer_corp_id'),
  rule(
    'financeDocument',
    'finance_document',
    'submit',
    'DS0',
    [...CHAIN_OPS, CORE_OP],
    'uploader_corp_id',
    'file_id is not null',
  ),
  rule('financeDocument', 'finance_document', 'firstApprove', 'DS1', [FIN_CLIENT], 'fin_corp_id'),
  rule('financeDocument', 'finance_document', 'firstReject', 'DS1', [FIN_CLIENT], 'fin_corp_id'),
  rule('financeDocument', 'finance_document', 'secondApprove', 'DS2', [FIN_PRODUCT], 'fin_corp_id'),
  rule('financeDocument', 'finance_document', 'secondReject', 'DS2', [FIN_PRODUCT], 'fin_corp_id'),
  rule('financeDocument', 'finance_document', 'revise', 'DS4', [...CHAIN_OPS, CORE_OP], 'uploader_corp_id'),
  // Limits last: freezing one must not disturb the actions above.
  rule(
    'creditLimit',
    'credit_limit',
    'freeze',
    'LM1',
    [FIN_PRODUCT],
    'grantor_corp_id',
    "corp_id = 'UNIT001'",
  ),
  rule('creditLimit', 'credit_limit', 'unfreeze', 'LM2', [FIN_PRODUCT], 'grantor_corp_id'),
  rule('creditLimit', 'credit_limit', 'expire', 'LM2', [FIN_PRODUCT], 'grantor_corp_id'),
];

const world = matrixWorld(SECOND_CORE_AND_FACTOR);

describe('authorisation matrix: role × credit action × enterprise', () => {
  actionMatrix(world, RULES);
});
