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

/** How strong a password looks, for the hint under the password field. */
export type PasswordStrength = 'weak' | 'medium' | 'strong';

/** The hint's words (弱/中/强). */
export const PASSWORD_STRENGTH_LABELS: Readonly<Record<PasswordStrength, string>> = {
  weak: '弱',
  medium: '中',
  strong: '强',
};

/**
 * The strength hint: weak when the password breaks the rule, strong with three or more character
 * classes and at least 10 characters (or all four classes), medium otherwise.
 */
export function passwordStrength(value: string): PasswordStrength {
  if (validatePassword(value) !== true) return 'weak';
  const classes = CHARACTER_CLASSES.filter((pattern) => pattern.test(value)).length;
  if (classes === 4 || (classes === 3 && Array.from(value).length >= 10)) return 'strong';
  return 'medium';
}

/** Validates the repeated password: it must equal the first. @returns true or '两次输入的密码不一致'. */
export function validatePasswordConfirm(password: unknown, confirm: unknown): ValidatorResult {
  return typeof confirm === 'string' && confirm === password ? true : VALIDATION_MESSAGES.passwordConfirm;
}
