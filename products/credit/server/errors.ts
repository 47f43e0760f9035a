import { errorsOf, type ErrorCatalogue } from '@server/errors';

/** The credit voucher product's errors (wire codes `SCF.<CODE>` like the platform's). */
export const CREDIT_ERRORS = {
  AMOUNT_EXCEEDS_AVAILABLE: { status: 200, message: '{title}不能超过凭证剩余可用金额{available}元' },
  AMOUNT_MISMATCH: { status: 200, message: '{title}合计{sum}元须等于{target}{amount}元' },
  LIMIT_NOT_FOUND: { status: 200, message: '{corp}没有生效的信用凭证额度' },
  LIMIT_INSUFFICIENT: { status: 200, message: '可用额度不足：可用{available}元，需要{amount}元' },
  LIMIT_DUPLICATE: { status: 200, message: '该企业已有生效的同产品额度' },
  LIMIT_DIST_UNCHANGED: { status: 200, message: '调整后额度与调整前额度（{before}元）相同，无需调整' },
  LIMIT_DIST_BELOW_USED: {
    status: 200,
    message: '调整后额度不能低于该企业已用和冻结的分配额度合计{used}元',
  },
  LIMIT_DIST_PENDING: { status: 200, message: '该企业有待审核的额度分配申请（{distNo}），请审核后再申请' },
  LIMIT_DIST_STALE: { status: 200, message: '该企业的分配额度已变更（现为{current}元），请重新申请' },
  VOUCHER_NOT_USABLE: { status: 200, message: '凭证{voucherNo}不是贵企业持有的有效凭证' },
  VOUCHER_EXPIRED: { status: 200, message: '凭证{voucherNo}已到期，不能转让或融资' },
  VOUCHER_NOT_MATURED: { status: 200, message: '凭证{voucherNo}尚未到期（实际到期日{date}），不能兑付' },
  VOUCHER_BUSY: { status: 200, message: '凭证{voucherNo}有正在办理的转让或融资，请办结后再兑付' },
  CASH_DUPLICATE: { status: 200, message: '凭证{voucherNo}已有兑付申请' },
  TRANSFER_SELF: { status: 200, message: '受让方不能是转让方本身' },
  INVOICE_DUPLICATE: { status: 200, message: '发票（号码{no}）已提交过，请勿重复使用' },
} as const satisfies ErrorCatalogue;

/** Builds a credit error to throw: `throw creditError('VOUCHER_EXPIRED', { voucherNo })`. */
export const creditError = errorsOf(CREDIT_ERRORS);
