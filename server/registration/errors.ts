import { errorsOf } from '../errors';

/** The error codes of registration, password reset, SMS codes and face checks. */
export const REGISTRATION_ERRORS = {
  REG_FIELD_INVALID: { status: 200, message: '{message}' },
  REG_AGREEMENTS_REQUIRED: { status: 200, message: '请阅读并同意全部协议' },
  REG_CREDIT_CODE_TAKEN: { status: 200, message: '该统一社会信用代码已注册，请勿重复注册' },
  REG_USERNAME_TAKEN: { status: 200, message: '该用户名已被使用，请更换' },
  SMS_TOO_FREQUENT: { status: 200, message: '验证码发送过于频繁，请{seconds}秒后再试' },
  SMS_DAILY_LIMIT: { status: 200, message: '该手机号今日获取验证码次数已达上限，请明天再试' },
  SMS_CLIENT_LIMIT: { status: 200, message: '获取验证码过于频繁，请稍后再试' },
  SMS_CODE_MISSING: { status: 200, message: '请先获取短信验证码' },
  SMS_CODE_WRONG: { status: 200, message: '验证码错误，还可输入{left}次' },
  SMS_CODE_EXPIRED: { status: 200, message: '验证码已过期，请重新获取' },
  SMS_CODE_LOCKED: { status: 200, message: '验证码错误次数过多，请重新获取' },
  RESET_ACCOUNT_MISMATCH: { status: 200, message: '用户名与手机号码不匹配' },
  FACE_CHECK_NOT_FOUND: { status: 200, message: '人脸识别任务不存在或已过期，请重新发起' },
  FACE_CHECK_DONE: { status: 200, message: '该人脸识别任务已完成' },
  REALNAME_ALREADY_VERIFIED: { status: 200, message: '贵企业已完成实名认证' },
} as const;

export const registrationError = errorsOf(REGISTRATION_ERRORS);
