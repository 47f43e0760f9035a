/** Spec section 9 client constants and the pure rules behind the client state. */
export const WIDE_SCREEN_MIN_WIDTH = 1480;
export const RESIZE_DEBOUNCE_MS = 200;
export const DEFAULT_WIDTH = 1200;
export const DEFAULT_HEIGHT = 600;
export const POPUP_AUTO_CLOSE_MS = 3000;
export const CHUNK_TIMEOUT_MS = 120_000;
export const CHAT_WINDOW = { width: 900, height: 700 } as const;

export type ScreenSize = 'WIDE' | 'MINI';

export function screenSize(width: number): ScreenSize {
  return width >= WIDE_SCREEN_MIN_WIDTH ? 'WIDE' : 'MINI';
}

/** Chat hours are 9:00-17:59:59 local time (the message says 18:00). */
export function isWithinChatHours(at: Date): boolean {
  const h = at.getHours();
  return h >= 9 && h < 18;
}

/** Calls `fn` once calls have stopped for `ms` (the resize debounce). */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  ms = RESIZE_DEBOUNCE_MS,
): (...args: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}
