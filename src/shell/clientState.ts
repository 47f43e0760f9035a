/** Spec section 9 client constants and the pure rules behind the client state. */
export const WIDE_SCREEN_MIN_WIDTH = 1480;
export const RESIZE_DEBOUNCE_MS = 200;
export const DEFAULT_WIDTH = 1200;
export const DEFAULT_HEIGHT = 600;
export const POPUP_AUTO_CLOSE_MS = 3000;
export const CHUNK_TIMEOUT_MS = 120_000;
export const CHAT_WINDOW = { width: 900, height: 700 } as const;

export type ScreenSize = 'WIDE' | 'MINI';

/**
 * Spec section 3's client state keeps the enterprise's info for the order, gpc and ezt products: products of
 * the wider platform this portal does not offer (ADR 0015). Each holds the user's enterprise once the
 * session says the enterprise opened that product, else null.
 */
export const CORP_INFO_PRODUCTS = ['order', 'gpc', 'ezt'] as const;
export type CorpInfoProduct = (typeof CORP_INFO_PRODUCTS)[number];

export interface ProductCorpInfo {
  corpId: string;
  corpName: string;
  corpType: string;
}

export function productCorpInfo(
  user: ProductCorpInfo,
  opened: Readonly<Record<string, boolean>>,
): Record<CorpInfoProduct, ProductCorpInfo | null> {
  const info = { corpId: user.corpId, corpName: user.corpName, corpType: user.corpType };
  return Object.fromEntries(CORP_INFO_PRODUCTS.map((p) => [p, opened[p] === true ? info : null])) as Record<
    CorpInfoProduct,
    ProductCorpInfo | null
  >;
}

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
