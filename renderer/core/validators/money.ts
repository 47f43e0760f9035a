import { AMOUNT_MAX, AMOUNT_MIN, compareMoney, formatAmount } from '@renderer/core/format';
import { amountMaxMessage, amountMinMessage, VALIDATION_MESSAGES } from './messages';
import { asText } from './text';
import type { Validator, ValidatorResult } from './types';

/** Money: integer part of 1-14 digits without a leading zero, at most two decimals (spec section 5). */
export const MONEY_PATTERN = /^(?:0|[1-9]\d{0,13})(?:\.\d{1,2})?$/;

/** Bounds of an amount input; decimal strings, compared exactly. */
export interface AmountRange {
  /** Smallest accepted amount (inclusive). @default '0' */
  readonly min?: string;
  /** Largest accepted amount (inclusive). @default '99999999999999.98' */
  readonly max?: string;
}

/**
 * Validates a money value (see {@link MONEY_PATTERN}); numbers are read in their shortest decimal form.
 * @returns true, '金额不能为负数' for a negative amount, or '请输入正确的金额（整数部分不超过14位，最多两位小数）'.
 */
export function validateMoney(value: unknown): ValidatorResult {
  const text = asText(value);
  if (text !== null && text.startsWith('-') && MONEY_PATTERN.test(text.slice(1)) && Number(text) !== 0)
    return VALIDATION_MESSAGES.moneyNegative;
  return text !== null && MONEY_PATTERN.test(text) ? true : VALIDATION_MESSAGES.money;
}

/**
 * A validator for the amount input: a money value (see {@link validateMoney}) within `[min, max]`.
 * @returns a validator answering true, the money message, '金额不能小于…' or '金额不能大于…'.
 */
export function createAmountValidator(range: AmountRange = {}): Validator {
  const min = range.min ?? AMOUNT_MIN;
  const max = range.max ?? AMOUNT_MAX;
  return (value) => {
    const money = validateMoney(value);
    if (money !== true) return money;
    const text = asText(value) ?? '';
    if (compareMoney(text, min) < 0) return amountMinMessage(formatAmount(min));
    if (compareMoney(text, max) > 0) return amountMaxMessage(formatAmount(max));
    return true;
  };
}

/**
 * Validates an amount with the defaults of the amount input: money, 0 to 99999999999999.98.
 * @returns true, the money message or '金额不能大于99,999,999,999,999.98'.
 */
export const validateAmount: Validator = createAmountValidator();
