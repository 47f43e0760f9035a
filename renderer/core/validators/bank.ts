import { VALIDATION_MESSAGES } from './messages';
import { asText, patternValidator } from './text';
import type { ValidatorResult } from './types';

/** Corporate bank account: 8 to 32 digits (8+ per the domain guide; 32 bounds stored values). */
export const BANK_ACCOUNT_PATTERN = /^\d{8,32}$/;
/** Personal bank card: 16 to 19 digits (and the Luhn check, see {@link isLuhnValid}). */
export const BANK_CARD_PATTERN = /^\d{16,19}$/;
/** Bank code (联行号, CNAPS code): 12 digits. */
export const BANK_CODE_PATTERN = /^\d{12}$/;

/**
 * Whether a digit string passes the Luhn (mod 10) check used by bank cards.
 * @returns false for an empty string or any non-digit.
 */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The Luhn check digit to append to `payload` (a digit string). */
export function luhnCheckDigit(payload: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    if (isLuhnValid(payload + String(digit))) return String(digit);
  }
  throw new RangeError('luhnCheckDigit needs a string of digits');
}

/**
 * Validates a corporate bank account number: 8-32 digits, no spaces.
 * @returns true or '请输入正确的银行账号（8-32位数字）'.
 */
export const validateBankAccount: (value: unknown) => ValidatorResult = patternValidator(
  BANK_ACCOUNT_PATTERN,
  VALIDATION_MESSAGES.bankAccount,
);

/**
 * Validates a personal bank card number: 16-19 digits passing the Luhn check.
 * @returns true or '请输入正确的银行卡号'.
 */
export function validateBankCard(value: unknown): ValidatorResult {
  const text = asText(value);
  return text !== null && BANK_CARD_PATTERN.test(text) && isLuhnValid(text)
    ? true
    : VALIDATION_MESSAGES.bankCard;
}

/**
 * Validates a bank code (联行号): 12 digits.
 * @returns true or '请输入正确的联行号（12位数字）'.
 */
export const validateBankCode: (value: unknown) => ValidatorResult = patternValidator(
  BANK_CODE_PATTERN,
  VALIDATION_MESSAGES.bankCode,
);
