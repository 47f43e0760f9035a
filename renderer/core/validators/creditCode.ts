import { VALIDATION_MESSAGES } from './messages';
import type { ValidatorResult } from './types';

/**
 * Characters of a unified social credit code (GB 32100-2015) in value order: '0'-'9' are 0-9,
 * 'A' is 10 … 'Y' is 30; I, O, S, V and Z are never used.
 */
export const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** Shape of a unified social credit code: 18 characters of {@link CREDIT_CODE_ALPHABET}. */
export const CREDIT_CODE_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{18}$/;

/** Weights 3^(i-1) mod 31 of the first 17 characters. */
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

/**
 * The check character of the first 17 characters of a unified social credit code:
 * 31 − (Σ value × weight mod 31), where 31 is written '0'.
 * @throws RangeError when `first17` is not 17 characters of {@link CREDIT_CODE_ALPHABET}.
 */
export function creditCodeCheckChar(first17: string): string {
  if (!/^[0-9A-HJ-NPQRTUWXY]{17}$/.test(first17)) {
    throw new RangeError('creditCodeCheckChar needs 17 characters of the credit code alphabet');
  }
  let sum = 0;
  for (let index = 0; index < 17; index += 1) {
    sum += CREDIT_CODE_ALPHABET.indexOf(first17.charAt(index)) * (WEIGHTS[index] ?? 0);
  }
  return CREDIT_CODE_ALPHABET.charAt((31 - (sum % 31)) % 31);
}

/**
 * Validates a unified social credit code: 18 upper-case characters of {@link CREDIT_CODE_ALPHABET}
 * whose last one is the GB 32100-2015 check character, e.g. '91350100M000100Y43'.
 * @returns true or '请输入正确的统一社会信用代码'.
 */
export function validateCreditCode(value: unknown): ValidatorResult {
  if (typeof value !== 'string' || !CREDIT_CODE_PATTERN.test(value)) return VALIDATION_MESSAGES.creditCode;
  return creditCodeCheckChar(value.slice(0, 17)) === value.charAt(17) ? true : VALIDATION_MESSAGES.creditCode;
}
