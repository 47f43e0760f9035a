/**
 * A list's `poll` (pageTypes.ts ListPoll): while a row of the page shown is still changing on the server
 * (its `field` is one of `in`), read the page again every `intervalMs`. Nothing running or the list gone:
 * no timer runs. The browser tab hidden: no read until it shows again (then at once). The list itself
 * hidden (a kept-alive page the user left, an inactive tab: an ancestor not displayed): no read, only a
 * look each round whether it shows again.
 */
import { useEffect } from 'react';
import type { RefObject } from 'react';
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

/** Whether the element's ancestors are all displayed (the element itself may be a hidden marker). */
export function isDisplayed(element: Element | null | undefined): boolean {
  if (!element) return true;
  for (let at = element.parentElement; at; at = at.parentElement)
    if (getComputedStyle(at).display === 'none') return false;
  return true;
}

/**
 * Calls `refresh` `poll.intervalMs` after each answer (`answer` changes: new rows or a failed read) while
 * {@link isPolling} and `anchor` (an element inside the list) is displayed; answers whether it is polling.
 */
export function usePoll(
  poll: ListPoll | undefined,
  rows: readonly BizRecord[] | undefined,
  answer: unknown,
  refresh: () => void,
  anchor?: RefObject<Element | null>,
): boolean {
  const active = isPolling(poll, rows);
  const interval = poll?.intervalMs ?? POLL_INTERVAL_MS;
  useEffect(() => {
    if (!active) return undefined;
    /** The round came while the tab was hidden: read when it shows again. */
    let missed = false;
    let timer: ReturnType<typeof setTimeout>;
    const round = (): void => {
      if (document.visibilityState === 'hidden') missed = true;
      else if (!isDisplayed(anchor?.current)) timer = setTimeout(round, interval);
      else refresh();
    };
    timer = setTimeout(round, interval);
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
  }, [active, interval, answer, refresh, anchor]);
  return active;
}
