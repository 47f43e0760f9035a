/** The client's error catalogue (spec section 8). */
export const NETWORK_ERROR_MESSAGE = '网络异常，请您稍后重试。';
/** The server's code for "something went wrong", shown as the network message. */
export const GENERIC_ERROR_CODE = '99999999';
export const CORP_CANCELLED_MESSAGE =
  '非常抱歉！查询到您的企业在工商局已经注销，暂时限制登录。如有疑问，请及时联系平台客服。';
export const LOGOUT_CONFIRM_MESSAGE = '是否确认退出系统？';
export const OUT_OF_HOURS_MESSAGE = '现在是非工作时间，请您在9:00-18:00咨询';
export const BROWSER_TIP_MESSAGE = '平台暂不支持该浏览器，请使用Chrome浏览器或IE9及以上版本浏览器访问。';
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';
/** The server refused a signature timestamp even after the portal corrected for the server's clock. */
export const REQUEST_EXPIRED_CODE = 'SCF.REQUEST_EXPIRED';
export const REQUEST_EXPIRED_MESSAGE = '请求已过期，请检查本机时间后重试';
/** The server's clock could not be learned (no Date header): the PC clock must be right. */
export const CLOCK_UNKNOWN_MESSAGE =
  '无法获取服务器时间，请将本机时间调整为北京时间（误差不超过5分钟）后重试';

/** A chosen file could not be read to be signed (moved, deleted or locked since it was chosen). */
export const FILE_UNREADABLE_MESSAGE = '无法读取所选文件，请重新选择后上传';

/** A failed API call: `code` is the server's code, or 'HTTP_<status>' / 'NETWORK' for transport failures. */
export class ApiRequestError extends Error {
  readonly code: string;
  readonly status: number | undefined;
  readonly data: unknown;

  constructor(code: string, message: string, status?: number, data?: unknown) {
    super(message);
    this.name = 'ApiRequestError';
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

/** The message a user sees for an answer (spec section 8: empty, 99999999 or non-200 → network message). */
export function userMessage(
  status: number | undefined,
  code: string | undefined,
  message: string | undefined,
): string {
  if (status !== 200 || code === GENERIC_ERROR_CODE || !message) return NETWORK_ERROR_MESSAGE;
  return message;
}
