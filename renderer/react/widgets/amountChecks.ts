/**
 * What is wrong with a typed amount or amount range, as the message the user reads. Pure (no antd):
 * the query form checks ranges with it before it searches.
 */
import {
  AMOUNT_DECIMALS,
  AMOUNT_MAX,
  AMOUNT_MIN,
  amountMaxMessage,
  amountMinMessage,
  compareMoney,
  formatAmount,
  isDecimal,
  VALIDATION_MESSAGES,
} from '@renderer/core';

/** What is wrong with an amount for the input's bounds, or null (empty is not wrong here). */
export function amountProblem(
  value: string | null | undefined,
  min: string = AMOUNT_MIN,
  max: string = AMOUNT_MAX,
  precision: number = AMOUNT_DECIMALS,
): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (!isDecimal(value)) return VALIDATION_MESSAGES.money;
  if (compareMoney(value, min) < 0) return amountMinMessage(formatAmount(min));
  if (compareMoney(value, max) > 0) return amountMaxMessage(formatAmount(max));
  const decimals = value.split('.')[1]?.length ?? 0;
  return decimals > precision ? VALIDATION_MESSAGES.money : null;
}

/** The message when the lower amount is above the upper one. */
export const AMOUNT_RANGE_ORDER_MESSAGE = VALIDATION_MESSAGES.amountRangeOrder;

/** What is wrong with a range (either amount, or their order), or null. */
export function amountRangeProblem(value: readonly unknown[] | null | undefined): string | null {
  const [low, high] = (Array.isArray(value) ? value : []).map((v) =>
    typeof v === 'string' && v !== '' ? v : undefined,
  );
  const own = amountProblem(low) ?? amountProblem(high);
  if (own) return own;
  if (low && high && isDecimal(low) && isDecimal(high) && compareMoney(low, high) > 0)
    return AMOUNT_RANGE_ORDER_MESSAGE;
  return null;
}
