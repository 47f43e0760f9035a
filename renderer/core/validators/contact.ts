import { VALIDATION_MESSAGES } from './messages';
import { asText, patternValidator } from './text';
import type { ValidatorResult } from './types';

/** Mainland mobile number: 11 digits, '1' then 3-9 (spec section 5). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/**
 * E-mail address: a dot-separated local part of the characters RFC 5322 allows unquoted, '@', and a
 * domain of letter/digit/hyphen labels ending in an alphabetic top-level label of 2-63 letters.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Telephone: a fixed line with its area code (010-12345678, 05718765432) or a mobile number. */
export const TELEPHONE_PATTERN = /^(?:0\d{2,3}-?\d{7,8}|1[3-9]\d{9})$/;

/** Longest address SMTP can carry (RFC 5321: 64-character local part, 254 characters in all). */
const EMAIL_MAX_LENGTH = 254;
const EMAIL_LOCAL_MAX_LENGTH = 64;

/** Validates a mobile number. @returns true or '请输入正确的手机号码'. */
export const validatePhone: (value: unknown) => ValidatorResult = patternValidator(
  PHONE_PATTERN,
  VALIDATION_MESSAGES.phone,
);

/**
 * Validates a telephone number (see {@link TELEPHONE_PATTERN}).
 * @returns true or '请输入正确的电话号码（固定电话如010-12345678，或11位手机号码）'.
 */
export const validateTelephone: (value: unknown) => ValidatorResult = patternValidator(
  TELEPHONE_PATTERN,
  VALIDATION_MESSAGES.telephone,
);

/** Validates an e-mail address (see {@link EMAIL_PATTERN}). @returns true or '请输入正确的邮箱'. */
export function validateEmail(value: unknown): ValidatorResult {
  const text = asText(value);
  if (text === null || text.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(text)) {
    return VALIDATION_MESSAGES.email;
  }
  const local = text.slice(0, text.lastIndexOf('@'));
  return local.length <= EMAIL_LOCAL_MAX_LENGTH ? true : VALIDATION_MESSAGES.email;
}
