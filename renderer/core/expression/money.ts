/**
 * Exact money arithmetic on decimal strings via BigInt cents (amounts reach 99999999999999.98,
 * beyond exact doubles). Local to the expression language on purpose: `renderer/core/format` is a
 * sibling module and the expression language must not depend on it.
 */

const MONEY = /^([+-]?)(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{0,2}))?$/;

/**
 * Parses an amount into cents.
 * - `null`, `undefined` and blank strings are `0n` (an empty form field adds nothing);
 * - strings like `'1234.5'`, `'-0.01'`, `'1,234.56'`, and finite numbers with at most two decimals;
 * - anything else (more than two decimals, letters, `NaN`, objects) is `null`.
 */
export function parseCents(value: unknown): bigint | null {
  if (value === null || value === undefined) return 0n;
  let text: string;
  if (typeof value === 'string') text = value.trim();
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else if (typeof value === 'bigint') return value * 100n;
  else return null;
  if (text === '') return 0n;
  const match = MONEY.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction] = match;
  if (whole === '' && (fraction === undefined || fraction === '')) return null;
  const cents = BigInt(whole.replaceAll(',', '') || '0') * 100n + BigInt((fraction ?? '').padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

/** Formats cents as a decimal string with exactly two decimals, e.g. `-1234.50`. */
export function formatCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = (abs / 100n).toString();
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Sums amounts exactly (arrays are flattened one level); `null` if any amount is invalid. */
export function moneyAdd(values: readonly unknown[]): string | null {
  let total = 0n;
  for (const value of values.flatMap((v) => (Array.isArray(v) ? (v as unknown[]) : [v]))) {
    const cents = parseCents(value);
    if (cents === null) return null;
    total += cents;
  }
  return formatCents(total);
}

/** `a - b - c...` exactly; `null` if any amount is invalid. */
export function moneySub(first: unknown, rest: readonly unknown[]): string | null {
  let total = parseCents(first);
  for (const value of rest) {
    const cents = parseCents(value);
    if (total === null || cents === null) return null;
    total -= cents;
  }
  return total === null ? null : formatCents(total);
}

/** `-1`, `0` or `1` comparing `a` with `b` exactly; `null` if either amount is invalid. */
export function moneyCmp(a: unknown, b: unknown): number | null {
  const x = parseCents(a);
  const y = parseCents(b);
  if (x === null || y === null) return null;
  return x < y ? -1 : x > y ? 1 : 0;
}
