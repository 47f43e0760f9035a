import { addMoney, fromCents, rescaleHalfUp, subMoney, toCents, toScaled } from '@renderer/core/format';

const RATE_SCALE = 6;
/** Factoring interest counts a year as 360 days (国内商业保理惯例). */
export const DAYS_PER_YEAR = 360n;

export type InterestMode = 'PRE' | 'POST';

/**
 * Interest of a factoring loan, exact and rounded half up once: round(amount × annualRate × days / 360, 2).
 * @example factoringInterest('1000000.00', '0.072', 90) === '18000.00'
 */
export function factoringInterest(amount: string, annualRate: string, days: number): string {
  const scaled = toCents(amount) * toScaled(annualRate, RATE_SCALE) * BigInt(Math.max(days, 0));
  // One guard digit for the half-up step: dividing first would round twice.
  return fromCents(rescaleHalfUp((scaled * 10n) / DAYS_PER_YEAR, RATE_SCALE + 1, 0));
}

/**
 * What the factor pays out and gets back. 利息前置 (PRE): the interest is deducted when lending, the
 * repayment is the finance amount. 利息后置 (POST): the whole amount is lent and the interest is repaid
 * with it.
 */
export function loanFigures(
  amount: string,
  annualRate: string,
  days: number,
  mode: InterestMode,
): { interest: string; loanAmount: string; repayAmount: string } {
  const interest = factoringInterest(amount, annualRate, days);
  return mode === 'PRE'
    ? { interest, loanAmount: subMoney(amount, interest), repayAmount: fromCents(toCents(amount)) }
    : { interest, loanAmount: fromCents(toCents(amount)), repayAmount: addMoney(amount, interest) };
}
