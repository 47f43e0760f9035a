import { VALIDATION_MESSAGES } from './messages';
import type { ValidatorResult } from './types';

/** Shortest password (spec section 9). */
export const PASSWORD_MIN_LENGTH = 6;
/** Longest password (spec section 9). */
export const PASSWORD_MAX_LENGTH = 20;

/**
 * Shape of a password: 6-20 non-blank characters, not all of one class (upper case, lower case,
 * digits, symbols = anything else).
 */
export const PASSWORD_PATTERN = /^(?![A-Z]+$)(?![a-z]+$)(?!\d+$)(?![^A-Za-z\d]+$)\S{6,20}$/u;

const CHARACTER_CLASSES = [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z\d]/] as const;

/**
 * Validates a password: 6-20 characters (code points), none of them whitespace, and at least two of
 * upper case letters, lower case letters, digits and symbols (any other character).
 * @returns true or '密码为6-20位非空字符，且至少包含大写字母、小写字母、数字、符号中的两种'.
 */
export function validatePassword(value: unknown): ValidatorResult {
  if (typeof value !== 'string') return VALIDATION_MESSAGES.password;
  const length = Array.from(value).length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH || /\s/.test(value)) {
    return VALIDATION_MESSAGES.password;
  }
  const classes = CHARACTER_CLASSES.filter((pattern) => pattern.test(value)).length;
  return classes >= 2 ? true : VALIDATION_MESSAGES.password;
}
