import { errorsOf, type ErrorCatalogue } from '@server/errors';

/** The reverse factoring product's errors (wire codes `SCF.<CODE>`). */
export const FACTORING_REVERSE_ERRORS = {
  REVERSE_PAYABLE_NOT_FINANCEABLE: {
    status: 200,
    message: '应付账款{no}不是贵企业可融资的已确权应付账款',
  },
  REVERSE_FINANCE_EXCEEDS: { status: 200, message: '融资金额不能超过应付账款金额{amount}元' },
  REVERSE_PAYABLE_MATURED: { status: 200, message: '应付账款{no}已到期，不能融资' },
  REVERSE_PAYABLE_NOT_OURS: { status: 200, message: '应付账款{no}不是贵企业登记的应付账款' },
  REVERSE_DOCUMENTS_MISSING: {
    status: 200,
    message: '应付账款{no}尚未上传确权函，请先上传确权材料再确认',
  },
  REVERSE_DOCUMENTS_CLOSED: {
    status: 200,
    message: '应付账款{no}已由供应商签署确权，不能再上传或删除确权材料',
  },
} as const satisfies ErrorCatalogue;

export const reverseError = errorsOf(FACTORING_REVERSE_ERRORS);
