import { fromCents, mulRate, shiftDecimal, toCents, toScaled } from '@renderer/core/format';

/** One funder's part of a joint deal: its ratio (percent, up to 2 decimals) and its share amount. */
export interface FunderShare {
  funderCorpId: string;
  funderName?: string | null;
  ratio: string;
  shareAmount?: string;
  approvedDate?: string | null;
}

/** The ratios' total in percent with two decimals ('100.00' when they add up). */
export function ratioTotal(funders: readonly FunderShare[]): string {
  const total = funders.reduce((sum, f) => sum + toScaled(f.ratio, 2), 0n);
  return fromCents(total);
}

/**
 * Share amounts of a joint deal, exact to the cent and adding up to `amount`: each funder but the last
 * gets round_half_up(amount × ratio / 100, 2), the last the remainder.
 * @example shareAmounts('1000000.01', ['60', '40']) → ['600000.01', '400000.00']
 */
export function shareAmounts(amount: string, ratios: readonly string[]): string[] {
  const parts = ratios.slice(0, -1).map((r) => mulRate(amount, shiftDecimal(r, -2), 2));
  const given = parts.reduce((sum, p) => sum + toCents(p), 0n);
  return [...parts, fromCents(toCents(amount) - given)];
}
