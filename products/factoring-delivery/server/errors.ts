import { errorsOf, type ErrorCatalogue } from '@server/errors';

/** The delivery factoring product's errors (wire codes `SCF.<CODE>`). */
export const FACTORING_DELIVERY_ERRORS = {
  DELIVERY_NOT_WHITELISTED: { status: 200, message: '{supplier}不在{core}的到货保理白名单内，不能办理' },
  DELIVERY_WHITE_DUPLICATE: {
    status: 200,
    message: '{supplier}已在白名单中（待审核或已生效），请勿重复添加',
  },
  DELIVERY_PLAN_NOT_ACTIVE: { status: 200, message: '供货计划{no}不是贵企业执行中的供货计划' },
  DELIVERY_ORDER_EXCEEDS_PLAN: { status: 200, message: '到货金额不能超过供货计划金额{amount}元' },
  DELIVERY_ORDER_NOT_FINANCEABLE: {
    status: 200,
    message: '到货确认单{no}尚未经核心企业收货确认或已融资，不能申请融资',
  },
  DELIVERY_ORDER_NOT_OURS: { status: 200, message: '到货确认单{no}不是贵企业收货的到货确认单' },
  DELIVERY_DOCUMENTS_CLOSED: {
    status: 200,
    message: '到货确认单{no}已申请融资，不能再上传或删除应付账款确认材料',
  },
  DELIVERY_FINANCE_EXCEEDS: { status: 200, message: '融资金额不能超过{title}{amount}元' },
  DELIVERY_AGREEMENT_UNREAD: { status: 200, message: '请阅读三方协议至末尾并勾选同意后再提交' },
  DELIVERY_AGREEMENT_NOT_READ: { status: 200, message: '请阅读{title}至末尾并勾选同意后再签署' },
  DELIVERY_AGREEMENT_UNSIGNED: {
    status: 200,
    message: '{supplier}尚未签署{title}，请由主管岗签署后再申请融资',
  },
  DELIVERY_AGREEMENT_NOT_EFFECTIVE: {
    status: 200,
    message: '{title}尚待{party}签署，各方签署生效后方可申请融资',
  },
} as const satisfies ErrorCatalogue;

export const deliveryError = errorsOf(FACTORING_DELIVERY_ERRORS);
