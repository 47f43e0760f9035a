import { VALIDATION_MESSAGES } from './messages';
import { patternValidator } from './text';
import type { ValidatorResult } from './types';

/** A login name chosen at registration: 4-20 letters, digits or underscores, starting with a letter. */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,19}$/;

/** An SMS verification code: 6 digits. */
export const SMS_CODE_PATTERN = /^\d{6}$/;

/** Validates a login name. @returns true or the user-name message. */
export const validateUsername: (value: unknown) => ValidatorResult = patternValidator(
  USERNAME_PATTERN,
  VALIDATION_MESSAGES.username,
);

/** Validates an SMS code. @returns true or '请输入6位数字验证码'. */
export const validateSmsCode: (value: unknown) => ValidatorResult = patternValidator(
  SMS_CODE_PATTERN,
  VALIDATION_MESSAGES.smsCode,
);
