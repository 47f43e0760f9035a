/**
 * Finance arithmetic shared by the products (they never import each other: tests/unit/contract/productImports.test.ts):
 * the interest of a loan at a monthly rate, as credit's 融资 and delivery and reverse factoring compute it.
 */
import { fromCents, rescaleHalfUp, toCents, toScaled } from '@renderer/core/format';

const RATE_SCALE = 6;
const DAYS_PER_MONTH = 30n;

/**
 * Interest of a loan at a monthly rate over some days (30-day months), exact and rounded half up once:
 * round(loan × monthlyRate × days / 30, 2).
 * @example financeInterest('900000.00', '0.005', 90) === '13500.00'
 */
export function financeInterest(loan: string, monthlyRate: string, days: number): string {
  const cents = toCents(loan);
  const rate = toScaled(monthlyRate, RATE_SCALE);
  // cents × rate × days has RATE_SCALE extra decimals; dividing by 30 first would round twice.
  const scaled = cents * rate * BigInt(Math.max(days, 0));
  const divisor = DAYS_PER_MONTH;
  const quotientScaled = (scaled * 10n) / divisor; // one guard digit for the half-up step
  return fromCents(rescaleHalfUp(quotientScaled, RATE_SCALE + 1, 0));
}
