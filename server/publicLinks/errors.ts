import { errorsOf, type ErrorCatalogue } from '../errors';

/**
 * Refusals of a one-time public link (HTTP 200: the public page shows the message; a 401/403 would send
 * the visitor to the login page, which a counterparty without an account cannot use).
 */
export const PUBLIC_LINK_ERRORS = {
  PUBLIC_LINK_INVALID: { status: 200, message: '链接无效，请核对短信中的链接' },
  PUBLIC_LINK_EXPIRED: { status: 200, message: '链接已过期，请联系对方重新发送' },
  PUBLIC_LINK_USED: { status: 200, message: '该链接已使用，不能重复操作' },
  PUBLIC_LINK_MISMATCH: { status: 200, message: '链接与当前页面或业务不符' },
  PUBLIC_LINK_SIGNER_INVALID: { status: 200, message: '请填写签署人姓名（中文或英文，最多40个字）' },
  PUBLIC_LINK_AGREE_REQUIRED: { status: 200, message: '请阅读并勾选同意后再提交' },
  PUBLIC_LINK_NO_CONTACT: { status: 200, message: '{corp}没有可接收链接的联系人' },
} as const satisfies ErrorCatalogue;

export const publicLinkError = errorsOf(PUBLIC_LINK_ERRORS);
