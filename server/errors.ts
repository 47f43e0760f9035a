/**
 * The server's one error catalogue (Fastify lib/errors.js style): every error a handler can raise has a
 * stable code, a Chinese message shown to the user and an HTTP status.
 *
 * Business errors answer HTTP 200 with `code !== '0'` so the portal can show the message (spec section 8:
 * a non-200 status is shown as the generic network message). 401/403 make the portal go to the login page.
 */
export const ERRORS = {
  AUTH_REQUIRED: { status: 401, message: '登录已失效，请重新登录' },
  FORBIDDEN: { status: 403, message: '您没有权限执行该操作' },
  CSRF_INVALID: { status: 403, message: '安全校验失败，请刷新页面后重试' },
  SIGNATURE_MISSING: { status: 400, message: '请求签名缺失' },
  SIGNATURE_INVALID: { status: 400, message: '请求签名校验失败' },
  REQUEST_EXPIRED: { status: 400, message: '请求已过期，请检查本机时间后重试' },
  REQUEST_REPLAYED: { status: 400, message: '重复的请求已被拒绝' },
  BAD_REQUEST: { status: 200, message: '请求参数错误' },
  VALIDATION_FAILED: { status: 200, message: '提交的信息有误，请检查后重试' },
  LOGIN_FAILED: { status: 200, message: '用户名或密码错误' },
  LOGIN_LOCKED: { status: 200, message: '登录失败次数过多，账户已锁定，请{minutes}分钟后再试' },
  PASSWORD_DECRYPT_FAILED: { status: 200, message: '密码加密信息无效，请刷新页面后重试' },
  CORP_CANCELLED: {
    status: 200,
    message: '非常抱歉！查询到您的企业在工商局已经注销，暂时限制登录。如有疑问，请及时联系平台客服。',
  },
  SIGNATURE_REQUIRED: { status: 200, message: '该操作需要使用UKEY签名' },
  PRODUCT_ALREADY_OPENED: { status: 200, message: '贵企业已开通该产品' },
  PRODUCT_APPLICATION_PENDING: { status: 200, message: '该产品的开通申请正在审核中，请勿重复提交' },
  ROLE_NOT_HELD: { status: 200, message: '当前用户没有该角色' },
  NOT_FOUND: { status: 404, message: '请求的资源不存在' },
  INTERNAL: { status: 500, message: '网络异常，请您稍后重试。' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** The prefix every server error code carries on the wire, e.g. `SCF.LOGIN_FAILED`. */
export const CODE_PREFIX = 'SCF.';

/** An error with a catalogue code; the error handler turns it into `{code, message, data}`. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly data: unknown;

  constructor(code: ErrorCode, params: Record<string, string | number> = {}, data: unknown = null) {
    const template: string = ERRORS[code].message;
    super(template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`)));
    this.code = code;
    this.status = ERRORS[code].status;
    this.data = data;
  }

  /** The wire code, e.g. `SCF.CSRF_INVALID`. */
  get wireCode(): string {
    return CODE_PREFIX + this.code;
  }
}

/** Success envelope of every API answer. */
export function ok<T>(data: T): { code: '0'; message: string; data: T } {
  return { code: '0', message: '成功', data };
}
