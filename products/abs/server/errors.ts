import { errorsOf, type ErrorCatalogue } from '@server/errors';

/** The ABS/ABCP products' errors (wire codes `SCF.<CODE>` like the platform's). */
export const ABS_ERRORS = {
  ABS_PLAN_NOT_OURS: { status: 200, message: '专项计划{plan}不属于贵企业' },
  ABS_ASSET_NOT_OURS: { status: 200, message: '资产{no}的收款单位不是贵企业' },
  ABS_DOCUMENTS_CLOSED: { status: 200, message: '资产{no}不在待上传资料状态，不能上传或删除转让资料' },
  ABS_DOCUMENTS_REQUIRED: { status: 200, message: '请先上传{names}后再提交转让申请' },
  ABS_PACKET_EMPTY: { status: 200, message: '专项计划{plan}没有核心企业已确认转让的资产，不能封包' },
  ABS_SHELF_NOT_APPROVED: { status: 200, message: '储架{shelf}尚未获批，不能发行专项计划' },
  ABS_SHELF_NOT_OURS: { status: 200, message: '储架{shelf}不属于该核心企业' },
  ABS_SHELF_EXCEEDED: {
    status: 200,
    message: '储架{shelf}剩余可发行额度不足：总发行量{total}元，已发行量{issued}元，本次发行{amount}元',
  },
} as const satisfies ErrorCatalogue;

/** Builds an ABS error to throw: `throw absError('ABS_PLAN_NOT_OURS', { plan })`. */
export const absError = errorsOf(ABS_ERRORS);
