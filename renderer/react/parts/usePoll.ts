/**
 * A list's `poll` (pageTypes.ts ListPoll): while a row of the page shown is still changing on the server
 * (its `field` is one of `in`), read the page again every `intervalMs`. Nothing running, the list gone, or
 * the browser tab hidden: no timer runs; a tab that shows again reads at once if it missed a round.
 */
import { useEffect } from 'react';
import type { BizRecord, ListPoll } from '@renderer/core';
import { readPath } from './conditions';

/** The default pause between two reads. */
export const POLL_INTERVAL_MS = 1000;

/** Whether a row of `rows` is still running by `poll`. */
export function isPolling(poll: ListPoll | undefined, rows: readonly BizRecord[] | undefined): boolean {
  if (!poll || !rows) return false;
  return rows.some((row) => {
    const value = readPath(row, poll.field);
    return (typeof value === 'string' || typeof value === 'number') && poll.in.includes(value);
  });
}

/**
 * Calls `refresh` `poll.intervalMs` after each answer (`answer` changes: new rows or a failed read) while
 * {@link isPolling}; answers whether it is polling.
 */
export function usePoll(
  poll: ListPoll | undefined,
  rows: readonly BizRecord[] | undefined,
  answer: unknown,
  refresh: () => void,
): boolean {
  const active = isPolling(poll, rows);
  const interval = poll?.intervalMs ?? POLL_INTERVAL_MS;
  useEffect(() => {
    if (!active) return undefined;
    /** The round came while the tab was hidden: read when it shows again. */
    let missed = false;
    const timer = setTimeout(() => {
      if (document.visibilityState === 'hidden') missed = true;
      else refresh();
    }, interval);
    const onVisibility = (): void => {
      if (!missed || document.visibilityState === 'hidden') return;
      missed = false;
      refresh();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active, interval, answer, refresh]);
  return active;
}
