import { errorsOf, type ErrorCatalogue } from '../../errors';

/** The account centre's finance errors: enterprise profiles, electronic account, bills, invoices. */
export const ACCOUNT_FINANCE_ERRORS = {
  ACCOUNT_PROFILE_EXISTS: { status: 200, message: '本企业已填写{title}，请在列表中修改' },
  EACCOUNT_EXISTS: { status: 200, message: '本企业已有电子账户{accountNo}，不能重复开户' },
  EACCOUNT_NOT_ACTIVE: { status: 200, message: '本企业没有已开户的电子账户，请先开户并激活' },
  EACCOUNT_BALANCE_NOT_ZERO: { status: 200, message: '电子账户余额为{balance}元，余额为0才能注销' },
  EACCOUNT_TX_PENDING: { status: 200, message: '电子账户有结果未明的交易{txNo}，请先查询交易结果' },
  EACCOUNT_BALANCE_INSUFFICIENT: {
    status: 200,
    message: '电子账户余额不足：可用余额{balance}元，需支付{amount}元',
  },
  INVOICE_INFO_MISSING: { status: 200, message: '请先在企业信息的开票信息中填写本企业的开票信息' },
  ACCOUNT_DOCUMENT_NOT_READY: { status: 200, message: '发票尚未开具，暂不能下载' },
} as const satisfies ErrorCatalogue;

/** Builds an account finance error to throw: `throw accountError('EACCOUNT_NOT_ACTIVE')`. */
export const accountError = errorsOf(ACCOUNT_FINANCE_ERRORS);
