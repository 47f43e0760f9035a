/**
 * A date field's window relative to today in China (UTC+8), declared once on the model field
 * (`"dayWindow": {"min": 1, "max": 365, "message": "…"}`): the models engine refuses a value outside
 * it and the form page shows the same message before submit.
 */
import { dateAdd, dateOf, parseDate } from '@renderer/core/expression/dates';
import { CHINA_UTC_OFFSET_MINUTES } from '@renderer/core/format';

/** Days from today (inclusive bounds; 1 = tomorrow) and the message shown outside them. */
export interface DayWindow {
  readonly min?: number;
  readonly max?: number;
  readonly message: string;
}

/** Today in China as YYYY-MM-DD. */
export function chinaToday(now: Date = new Date()): string {
  return dateOf(now, CHINA_UTC_OFFSET_MINUTES);
}

/**
 * Whether `day` (YYYY-MM-DD) lies inside the window around `today`. Values that are no date are left
 * to the `date` format (true here).
 */
export function inDayWindow(day: unknown, window: DayWindow, today: string): boolean {
  if (typeof day !== 'string' || !parseDate(day)) return true;
  const date = day.slice(0, 10);
  if (window.min !== undefined && date < (dateAdd(today, window.min, 'day') ?? '')) return false;
  if (window.max !== undefined && date > (dateAdd(today, window.max, 'day') ?? '9999-12-31')) return false;
  return true;
}
