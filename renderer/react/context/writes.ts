/**
 * Screens that tell the truth (ADR 0014): a count of the writes this tab has made (and of the stale
 * screens it was told about), shared by every page of the tab. Lists, record pages and hand-written
 * pages that read it load again when it moves, so after any action or submit the affected lists and
 * details show what the server now holds — a kept-alive list (ABS 应收发行 待确认, chain 转让申请, UKEY
 * 申请记录) included — without each page listing what it affects.
 */
import { useSyncExternalStore } from 'react';
import type { RendererRequest, RendererRequestOptions } from './services';

let generation = 0;
const listeners = new Set<() => void>();

/** Tells every page that data may have changed (a write succeeded, or the server said a screen was stale). */
export function noteWrite(): void {
  generation += 1;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The current write count: a load keyed on it runs again after every write. */
export function useWriteGeneration(): number {
  return useSyncExternalStore(
    subscribe,
    () => generation,
    () => generation,
  );
}

/** Codes of a refusal that means the screen shows an old version of the record. */
export const STALE_CODES: readonly string[] = ['SCF.VERSION_CONFLICT', 'SCF.ACTION_STATE_INVALID'];

/** Whether a failed call says the screen was stale (another user changed the record). */
export function isStale(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && STALE_CODES.includes(code);
}

/**
 * What a stale screen's refusal says once the page has loaded the record again: 数据已被他人修改 asked
 * the user to refresh, which has been done.
 */
export function staleMessage(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === 'SCF.VERSION_CONFLICT') return '数据已被他人修改，已刷新为最新数据，请核对后再操作';
  return `${typeof message === 'string' ? message : '数据已变化'}，已刷新为最新数据`;
}

/** A request function that notes its successful writes and the stale screens it is told about. */
export function trackingWrites(request: RendererRequest): RendererRequest {
  return async <T>(options: RendererRequestOptions): Promise<T> => {
    try {
      const answer = await request<T>(options);
      if (options.method !== 'GET') noteWrite();
      return answer;
    } catch (error) {
      if (isStale(error)) noteWrite();
      throw error;
    }
  };
}
