/**
 * Registration, password reset and SMS codes: the facts the portal and the server share.
 * Field rules themselves live in renderer/core/validators (both sides import them).
 */

/**
 * What an SMS code is for; a code of one purpose never verifies another. CHANGE_MOBILE (person info) is
 * sent to the new phone of the logged-in user asking for it.
 */
export const SMS_PURPOSES = ['REGISTER', 'RESET_PASSWORD', 'CHANGE_MOBILE'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/**
 * What the portal says once a code was asked for. A reset names a user and a phone, and the server answers
 * a pair that does not match exactly like one that does (README, registration): the text promises the code
 * only to the phone bound to that user name, so it neither lies nor tells which phones exist.
 */
export const SMS_SENT_MESSAGES: Readonly<Record<SmsPurpose, string>> = {
  REGISTER: '验证码已发送，请注意查收短信',
  RESET_PASSWORD: '若手机号是该用户名绑定的手机号，验证码已发送至该手机，请注意查收短信',
  CHANGE_MOBILE: '验证码已发送，请注意查收短信',
};

/** The SMS code policy (the emulated gateway and the real one alike). */
export const SMS_POLICY = {
  /** Digits of a code. */
  codeLength: 6,
  /** A code is valid this long after it was sent. */
  ttlSeconds: 5 * 60,
  /** One code per phone, purpose and client address per this many seconds (the button's countdown). */
  resendSeconds: 60,
  /** Wrong entries after which the code is void and a new one must be requested. */
  maxAttempts: 5,
  /**
   * Codes per phone per day for one client address: a stranger asking for someone's phone spends their own
   * quota, never the owner's.
   */
  dailyMax: 10,
  /** Messages actually sent to one phone per day, whoever asked (a flooding ceiling). */
  phoneDailyMax: 30,
  /** Codes one client address may request per hour (over all phones). */
  clientHourlyMax: 30,
} as const;

/** An agreement the registrant must read and accept (the register page's agreement books). */
export interface AgreementBook {
  code: string;
  title: string;
  version: string;
  paragraphs: readonly string[];
}

export const AGREEMENT_BOOKS: readonly AgreementBook[] = [
  {
    code: 'PLATFORM_SERVICE',
    title: '《供应链金融服务平台服务协议》',
    version: '2026.1',
    paragraphs: [
      '一、本协议由注册企业（以下简称“用户”）与平台运营方共同订立，用户完成注册即视为已阅读、理解并接受本协议全部条款。',
      '二、用户应保证所提交的企业名称、统一社会信用代码、法定代表人信息及联系人信息真实、准确、完整，并在信息变更时及时更新。',
      '三、用户应妥善保管账户、密码及UKEY，因用户保管不善造成的损失由用户自行承担。',
      '四、用户通过平台办理的信用凭证、保理、ABS等业务，以双方在平台上签署的业务协议为准。',
      '五、平台将按照法律法规及监管要求保存业务数据与操作记录。',
    ],
  },
  {
    code: 'PRIVACY',
    title: '《隐私政策》',
    version: '2026.1',
    paragraphs: [
      '一、平台仅为办理业务之必要收集企业信息、法定代表人身份信息、联系人手机号码等信息。',
      '二、平台采取加密传输、访问控制等措施保护用户信息，未经用户同意不向第三方提供，法律法规另有规定的除外。',
      '三、用户可在账户中心查询、更正其信息，或联系平台客服注销账户。',
    ],
  },
  {
    code: 'DIGITAL_CERTIFICATE',
    title: '《数字证书使用协议》',
    version: '2026.1',
    paragraphs: [
      '一、数字证书（UKEY）用于在平台上对业务操作进行电子签名，经签名的电子数据与手写签名或盖章具有同等法律效力。',
      '二、用户应确保数字证书仅由其授权人员使用，证书遗失或泄露时应立即办理挂失或注销。',
    ],
  },
];

/** The codes a registration must accept (all of them). */
export const AGREEMENT_CODES: readonly string[] = AGREEMENT_BOOKS.map((a) => a.code);

/** What the register page sends (`POST /v1/register`); the password travels RSA-encrypted like the login's. */
export interface RegisterRequest {
  enterpriseName: string;
  creditCode: string;
  legalName: string;
  legalIdCard: string;
  username: string;
  contactName: string;
  mobile: string;
  smsCode: string;
  password: string;
  agreements: string[];
}

/** What the reset-password page sends (`POST /v1/auth/passwords/reset`); both passwords encrypted. */
export interface ResetPasswordRequest {
  username: string;
  mobile: string;
  smsCode: string;
  password: string;
  confirmPassword: string;
}

/** The real-name (face check) state of an enterprise's legal person. */
export const REALNAME_STATES = ['NONE', 'PENDING', 'VERIFIED', 'FAILED'] as const;
export type RealnameState = (typeof REALNAME_STATES)[number];

/**
 * The enterprise's real-name state as /my/enterprise-info/realname shows it (its labels: the dictionary
 * `realnameState`): the legal person checked (the ID card masked by the caller's role), why the last check
 * failed, where the phone opens a check still running, whether the caller's role may start one, and the
 * legal person the business licence names (ADR 0015).
 */
export interface RealnameStatus {
  state: RealnameState;
  corpName: string;
  legalName: string;
  legalIdCard: string;
  reason: string | null;
  checkId: string | null;
  /** The portal path the phone opens while the check runs (`/h5/face?token=…`), else null. */
  h5Path: string | null;
  mayStart: boolean;
  licenceLegalName: string;
}
