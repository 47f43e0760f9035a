/**
 * Calendar arithmetic on `YYYY-MM-DD` strings, done in UTC day numbers so the host's time zone
 * never shifts a date.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;
const DAY_MS = 86_400_000;

/** Units accepted by `dateAdd` and `dateDiff`. */
export type DateUnit = 'day' | 'week' | 'month' | 'year';

const UNITS: ReadonlySet<string> = new Set(['day', 'week', 'month', 'year']);

/** Whether `unit` is a {@link DateUnit}. */
export function isDateUnit(unit: unknown): unit is DateUnit {
  return typeof unit === 'string' && UNITS.has(unit);
}

interface Ymd {
  y: number;
  m: number;
  d: number;
}

/** Parses the date part of `YYYY-MM-DD[ T...]`; `null` if absent or not a real calendar date. */
export function parseDate(value: unknown): Ymd | null {
  if (typeof value !== 'string') return null;
  const match = DATE.exec(value.trim());
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return { y, m, d };
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function dayNumber({ y, m, d }: Ymd): number {
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Formats a date as `YYYY-MM-DD`. */
export function formatDate({ y, m, d }: Ymd): string {
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/**
 * Adds `amount` units to a date. Adding months or years keeps the day when it exists and clamps to
 * the month's last day otherwise (`2024-01-31` + 1 month = `2024-02-29`). `null` on invalid input.
 */
export function dateAdd(value: unknown, amount: unknown, unit: DateUnit): string | null {
  const date = parseDate(value);
  if (!date || typeof amount !== 'number' || !Number.isInteger(amount)) return null;
  if (unit === 'day' || unit === 'week') {
    const days = unit === 'week' ? amount * 7 : amount;
    const shifted = new Date(Date.UTC(date.y, date.m - 1, date.d + days));
    return formatDate({ y: shifted.getUTCFullYear(), m: shifted.getUTCMonth() + 1, d: shifted.getUTCDate() });
  }
  const months = date.y * 12 + (date.m - 1) + (unit === 'year' ? amount * 12 : amount);
  const y = Math.floor(months / 12);
  const m = months - y * 12 + 1;
  return formatDate({ y, m, d: Math.min(date.d, daysInMonth(y, m)) });
}

/**
 * Whole units from `from` to `to` (negative when `to` is earlier). Months and years count complete
 * periods consistently with {@link dateAdd}: the largest `k` with `dateAdd(early, k) <= late`, so
 * `2024-01-31` → `2024-02-29` is 1 month and `2024-01-15` → `2024-02-14` is 0. `null` on invalid input.
 */
export function dateDiff(from: unknown, to: unknown, unit: DateUnit): number | null {
  const a = parseDate(from);
  const b = parseDate(to);
  if (!a || !b) return null;
  const days = dayNumber(b) - dayNumber(a);
  if (unit === 'day') return days;
  if (unit === 'week') return Math.trunc(days / 7);
  const sign = days >= 0 ? 1 : -1;
  const [early, late] = sign === 1 ? [a, b] : [b, a];
  let months = (late.y - early.y) * 12 + (late.m - early.m);
  const reached = parseDate(dateAdd(formatDate(early), months, 'month'));
  if (reached && dayNumber(reached) > dayNumber(late)) months -= 1;
  const whole = unit === 'year' ? Math.trunc(months / 12) : months;
  return whole === 0 ? 0 : sign * whole;
}

/** Today's date (`YYYY-MM-DD`) for a clock reading, in local time or at a fixed UTC offset. */
export function dateOf(instant: Date, utcOffsetMinutes?: number): string {
  if (utcOffsetMinutes === undefined) {
    return formatDate({ y: instant.getFullYear(), m: instant.getMonth() + 1, d: instant.getDate() });
  }
  const shifted = new Date(instant.getTime() + utcOffsetMinutes * 60_000);
  return formatDate({ y: shifted.getUTCFullYear(), m: shifted.getUTCMonth() + 1, d: shifted.getUTCDate() });
}
