/**
 * The server's error catalogue (Fastify lib/errors.js style): every error a handler can raise has a
 * stable code, a Chinese message shown to the user and an HTTP status. This is the platform's part;
 * each product brings its own catalogue (products/<product>/server/errors.ts, thrown through
 * {@link errorsOf}), and server/products checks that no code is defined twice.
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
  TERMINAL_INVALID: { status: 400, message: '终端标识无效' },
  BAD_REQUEST: { status: 200, message: '请求参数错误' },
  // The input boundary (server/inputBoundary.ts) and database errors a request can cause.
  BODY_INVALID: { status: 200, message: '提交的数据格式不正确' },
  BODY_TOO_COMPLEX: { status: 200, message: '提交的数据过多、过长或层级过深' },
  TEXT_INVALID: { status: 200, message: '提交的内容含有不允许的字符（空字符或不完整的文字编码）' },
  UPLOAD_INVALID: { status: 200, message: '上传的数据不完整或格式不正确，请重新上传' },
  // The uploaded file is not the one the request signed (x-scf-file-md5, ADR 0001 amendment).
  FILE_HASH_MISMATCH: { status: 200, message: '上传的文件与签名不符，请重新上传' },
  DATA_INVALID: { status: 200, message: '提交的数据超出允许范围，请检查后重试' },
  DATA_CONFLICT: { status: 200, message: '数据与已有记录冲突，请刷新后重试' },
  BUSY: { status: 200, message: '系统繁忙，请稍后重试' },
  DB_UNAVAILABLE: { status: 503, message: '网络异常，请您稍后重试。' },
  RATE_LIMITED: { status: 200, message: '操作过于频繁，请稍后再试' },
  DATE_ORDER_INVALID: { status: 200, message: '{title}须晚于{after}' },
  // A list filter's lower bound above its upper bound: refused, not an empty list.
  RANGE_ORDER_INVALID: { status: 200, message: '{title}：{order}' },
  VALIDATION_FAILED: { status: 200, message: '提交的信息有误，请检查后重试' },
  LOGIN_FAILED: { status: 200, message: '用户名或密码错误' },
  SOFT_KEY_INVALID: { status: 200, message: '该证书不是平台签发的软证书，请先生成软证书' },
  // A user token (GET /corp/v1/auth/token) presented late, twice, forged, or of a disabled user.
  USER_TOKEN_INVALID: { status: 200, message: '登录凭证无效或已过期，请重新登录' },
  LOGIN_LOCKED: { status: 200, message: '登录失败次数过多，账户已锁定，请{minutes}分钟后再试' },
  PASSWORD_DECRYPT_FAILED: { status: 200, message: '密码加密信息无效，请刷新页面后重试' },
  CORP_CANCELLED: {
    status: 200,
    message: '非常抱歉！查询到您的企业在工商局已经注销，暂时限制登录。如有疑问，请及时联系平台客服。',
  },
  SIGNATURE_REQUIRED: { status: 200, message: '该操作需要使用UKEY签名' },
  PRODUCT_NOT_OPENABLE: { status: 200, message: '贵企业类型不能开通{product}' },
  // A create or transition on a product the acting enterprise has not opened (server/models/productOpening.ts).
  PRODUCT_NOT_OPENED: { status: 200, message: '贵企业尚未开通{product}产品，请先申请开通' },
  ROLE_NOT_HELD: { status: 200, message: '当前用户没有该角色' },
  // Users and roles of an enterprise (my/enterprise-info/user/list).
  USER_INVALID: { status: 200, message: '{message}' },
  USER_NAME_TAKEN: { status: 200, message: '用户名“{userName}”已被使用，请换一个' },
  USER_NOT_FOUND: { status: 200, message: '用户不存在' },
  USER_DISABLED: { status: 200, message: '该用户已停用，请联系贵企业管理员' },
  ROLES_REQUIRED: { status: 200, message: '请至少选择一个角色' },
  ROLE_NOT_ASSIGNABLE: { status: 200, message: '不能给贵企业用户分配“{role}”角色' },
  LAST_MANAGER: { status: 200, message: '贵企业至少需要保留一名启用的管理员' },
  USER_RESET_SELF: { status: 200, message: '不能重置自己的密码，请在个人信息中修改密码' },
  // Person info (my/person-info/index).
  PERSON_FIELD_INVALID: { status: 200, message: '{message}' },
  PERSON_OLD_PASSWORD_WRONG: { status: 200, message: '原密码错误' },
  PERSON_PASSWORD_SAME: { status: 200, message: '新密码不能与原密码相同' },
  PASSWORD_CHANGE_REQUIRED: { status: 200, message: '您正在使用初始密码，请先修改密码后再使用平台' },
  PERSON_MOBILE_SAME: { status: 200, message: '新手机号码与当前手机号码相同' },
  // UKEY signing: why a sign record was refused (server/ukey/verifier.ts).
  UKEY_ORIGINAL_INVALID: { status: 200, message: '签名原文无效，请重新签名' },
  UKEY_ORIGINAL_FOREIGN: { status: 200, message: '签名原文不是签发给当前登录会话的，请重新签名' },
  UKEY_ORIGINAL_USED: { status: 200, message: '签名原文已被使用，请重新签名' },
  UKEY_ORIGINAL_EXPIRED: { status: 200, message: '签名原文已过期，请重新签名' },
  UKEY_CERT_INVALID: { status: 200, message: 'UKEY证书格式错误' },
  UKEY_NOT_BOUND: { status: 200, message: '该UKEY未绑定到贵企业，不能用于签名' },
  UKEY_CERT_MISMATCH: { status: 200, message: '签名证书与该UKEY绑定的证书不一致' },
  UKEY_CERT_UNTRUSTED: { status: 200, message: 'UKEY证书不是由平台认可的证书颁发机构签发' },
  UKEY_CERT_EXPIRED: { status: 200, message: 'UKEY证书已过期或尚未生效' },
  UKEY_CERT_REVOKED: { status: 200, message: 'UKEY证书已被吊销' },
  UKEY_RECORD_MISMATCH: { status: 200, message: '签名信息与UKEY证书不一致' },
  UKEY_SIGNATURE_INVALID: { status: 200, message: 'UKEY签名验证失败' },
  UKEY_PUBLIC_KEY_INVALID: { status: 200, message: '软证书公钥格式错误' },
  UKEY_PROOF_INVALID: { status: 200, message: '软证书密钥持有证明验证失败' },
  // Business models (server/models) and files (server/files); ADR 0007.
  RECORD_INVALID: { status: 200, message: '{message}' },
  RECORD_NOT_FOUND: { status: 200, message: '记录不存在或已被删除' },
  RECORD_FORBIDDEN: { status: 403, message: '贵企业无权访问该记录' },
  READ_FORBIDDEN: { status: 403, message: '当前角色无权查看{title}' },
  CREATE_FORBIDDEN: { status: 403, message: '当前角色无权新建{title}' },
  UPDATE_FORBIDDEN: { status: 403, message: '当前角色无权修改该{title}' },
  ACTION_ROLE_FORBIDDEN: { status: 403, message: '当前角色无权执行“{action}”操作' },
  ACTION_PARTY_FORBIDDEN: { status: 403, message: '贵企业不是该业务的办理方，无权执行“{action}”操作' },
  ACTION_STATE_INVALID: { status: 200, message: '当前状态为“{state}”，不能执行“{action}”操作' },
  NOT_EDITABLE: { status: 200, message: '当前状态为“{state}”，不能修改' },
  DELETE_FORBIDDEN: { status: 403, message: '当前角色无权删除该{title}' },
  NOT_DELETABLE: { status: 200, message: '当前状态为“{state}”，不能删除' },
  VERSION_CONFLICT: { status: 200, message: '数据已被他人修改，请刷新后重试' },
  VERSION_REQUIRED: { status: 200, message: '缺少数据版本号，请刷新后重试' },
  REASON_REQUIRED: { status: 200, message: '请填写{title}' },
  REASON_TOO_LONG: { status: 200, message: '{title}不能超过{max}个字符' },
  QUERY_INVALID: { status: 200, message: '查询条件“{title}”格式不正确' },
  SORT_INVALID: { status: 200, message: '不支持按“{field}”排序' },
  SUMMARY_INVALID: { status: 200, message: '不支持对“{field}”合计' },
  BATCH_EMPTY: { status: 200, message: '请选择要操作的记录' },
  BATCH_TOO_LARGE: { status: 200, message: '一次最多操作{max}条记录' },
  BATCH_ITEM_INVALID: { status: 200, message: '批量操作的记录编号有误或重复' },
  EXPORT_COLUMNS_INVALID: { status: 200, message: '导出列“{field}”不存在' },
  EXPORT_NOT_FOUND: { status: 200, message: '导出任务不存在' },
  EXPORT_NOT_READY: { status: 200, message: '导出文件尚未生成，请稍后再试' },
  EXPORT_FAILED: { status: 200, message: '导出失败，请到下载中心重新导出' },
  EXPORT_NOT_RETRYABLE: { status: 200, message: '只有失败的导出任务可以重新导出' },
  IMPORT_NOT_SUPPORTED: { status: 200, message: '{title}不支持批量导入' },
  IMPORT_FILE_INVALID: { status: 200, message: '请上传由导入模板填写的 .xlsx 文件' },
  IMPORT_HEADER_INVALID: {
    status: 200,
    message: '导入文件的表头与模板不一致（第{column}列应为“{title}”），请下载模板后填写',
  },
  IMPORT_EMPTY: { status: 200, message: '导入文件中没有数据行' },
  IMPORT_TOO_MANY: { status: 200, message: '一次最多导入{max}行' },
  IMPORT_TOO_LARGE: { status: 200, message: '导入文件解压后超过{mb}MB，请只保留模板中的数据行后重新上传' },
  IMPORT_ROW_INVALID: { status: 200, message: '第{row}行：{reason}' },
  // Every refused row of an import at once (server/models/modelEngine.ts importRowsError).
  IMPORT_ROWS_INVALID: { status: 200, message: '导入文件中有{count}处错误：{reasons}' },
  IMPORT_VALUE_INVALID: { status: 200, message: '{title}：找不到“{value}”' },
  // A rate column of an import takes percentages (server/lists/imports.ts importedRate).
  IMPORT_RATE_AMBIGUOUS: {
    status: 200,
    message:
      '{title}按百分比填写（如 96.50 表示 96.50%）：“{value}”像是小数写法，如指 {percent}% 请填写 {percent}；确实不足 1% 请写作 {value}%',
  },
  AGGREGATE_INVALID: { status: 200, message: '不支持的统计方式：{what}' },
  CORP_INVALID: { status: 200, message: '{title}：企业不存在或不可选' },
  REF_INVALID: { status: 200, message: '{title}：记录不存在或无权访问' },
  // Invariants across records declared in the models (server/models/invariants.ts).
  RELATED_BLOCKED: { status: 200, message: '{message}：{records}' },
  DOCUMENTS_LOCKED: {
    status: 200,
    message: '{owner}{no}当前状态为“{state}”，{documents}已锁定，不能上传、替换或删除',
  },
  CORP_PRODUCT_NOT_OPENED: { status: 200, message: '{title}：{corp}尚未开通{product}业务，不可选' },
  FIELD_WRITE_FORBIDDEN: { status: 200, message: '当前角色无权填写或修改“{title}”' },
  // A field hidden from the role named in a filter, sort, aggregate, export or import (server/models/fieldAccess.ts).
  FIELD_HIDDEN: { status: 200, message: '当前角色无权查看“{title}”' },
  // A filter, sort or group on personal data the role sees masked (server/models/personalFields.ts).
  FIELD_MASKED: { status: 200, message: '当前角色不能按“{title}”查询、排序或统计' },
  FILE_REQUIRED: { status: 200, message: '请先上传文件' },
  FILE_MISSING: { status: 200, message: '请选择要上传的文件' },
  FILE_TYPE_INVALID: {
    status: 200,
    message: '不支持的文件类型，仅支持doc、docx、xls、xlsx、pdf、jpeg、jpg、png、zip、rar',
  },
  FILE_CONTENT_MISMATCH: { status: 200, message: '文件内容与扩展名“{ext}”不符，请上传真实的{ext}文件' },
  FILE_TOO_LARGE: { status: 200, message: '文件大小不能超过{max}' },
  FILE_EMPTY: { status: 200, message: '文件内容为空，请重新选择' },
  FILE_NAME_INVALID: { status: 200, message: '文件名不能超过{max}个字符' },
  FILE_CATEGORY_INVALID: { status: 200, message: '不支持的资料类别：{category}' },
  FILE_UPLOAD_CLOSED: { status: 200, message: '当前状态为“{state}”，不能上传或删除文件' },
  FILE_NOT_FOUND: { status: 200, message: '文件不存在或已被删除' },
  FILE_LINK_INVALID: { status: 403, message: '下载链接无效或已过期，请重新获取' },
  NOT_FOUND: { status: 404, message: '请求的资源不存在' },
  INTERNAL: { status: 500, message: '网络异常，请您稍后重试。' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** One catalogue entry: HTTP status and the message template (`{name}` placeholders). */
export interface ErrorDef {
  status: number;
  message: string;
}

/** A catalogue of errors by code (the platform's or a product's). */
export type ErrorCatalogue = Readonly<Record<string, ErrorDef>>;

type Params = Record<string, string | number>;

/** The prefix every server error code carries on the wire, e.g. `SCF.LOGIN_FAILED`. */
export const CODE_PREFIX = 'SCF.';

/** An error with a catalogue code; the error handler turns it into `{code, message, data}`. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly data: unknown;

  constructor(code: ErrorCode, params?: Params, data?: unknown);
  /** An error of another catalogue (a product's; see {@link errorsOf}). */
  constructor(code: string, params: Params, data: unknown, catalogue: ErrorCatalogue);
  constructor(code: string, params: Params = {}, data: unknown = null, catalogue: ErrorCatalogue = ERRORS) {
    const def = catalogue[code];
    if (!def) throw new Error(`Unknown error code ${code}`);
    super(def.message.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`)));
    this.code = code;
    this.status = def.status;
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

/** A typed constructor of a product's errors: `const creditError = errorsOf(CREDIT_ERRORS)`. */
export function errorsOf<C extends ErrorCatalogue>(
  catalogue: C,
): (code: keyof C & string, params?: Params, data?: unknown) => ApiError {
  return (code, params = {}, data = null) => new ApiError(code, params, data, catalogue);
}
