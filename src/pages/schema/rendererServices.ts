import type { KeptForms, RendererRequest } from '@renderer';
import { call, fetchHolidays, request, STORAGE_KEYS, type ApiResponse, type QueryParams } from '@/api';
import { encryptPassword } from '@/api/passwordCipher';
import type { HttpClient } from '@/api/http';
import { createUkeySigner } from '@/ukey';
import { API, API_BASE, pathOf } from '@contract/api';

/** The renderer's request function on the client `http()` gives. */
export const rendererRequestOn =
  (http: () => HttpClient): RendererRequest =>
  async <T>(options: Parameters<RendererRequest>[0]): Promise<T> => {
    const response = await http().request<ApiResponse<T>>({
      method: options.method,
      url: options.url,
      params: options.params as QueryParams | undefined,
      data: options.data,
      signal: options.signal,
      onUploadProgress: options.onUploadProgress,
    });
    return response.data.data;
  };

/**
 * The renderer's request function on the portal's one HTTP client, so schema pages get every
 * convention of spec section 7 (signature, CSRF, tunnelled PUT/DELETE) and the error rules of section 8.
 */
export const rendererRequest: RendererRequest = rendererRequestOn(request);

/** Hardware keys through the local signing agent (src/ukey). */
export const portalSigner = createUkeySigner();

/** Spec section 7's fallback download path of a stored file, `/v1/files/download/{id}`. */
const STORED_FILE = /^\/v1\/files\/download\/([^/?#]+)$/;

/**
 * A stored file opens at the address the presigned-URL call gives (spec section 7: the object store's own
 * when `useOss`, else this server's signed link); only when that call fails, at the fallback path. The
 * window opens at once (still the user's click, which popup blockers require) and goes there when known.
 */
export async function openStoredFile(
  id: string,
  open: (url: string) => Window | null = (url) => window.open(url, '_blank'),
): Promise<string> {
  const target = open('');
  let address = `${API_BASE}${pathOf(API.fileDownload, { key: id })}`;
  try {
    const info = await call(API.filePresignedUrl, { query: { pkFile: id, isAttachment: true } });
    if (info.url) address = info.url;
  } catch {
    // The fallback path serves the same file through this server.
  }
  if (target) {
    target.opener = null;
    target.location.href = address;
  } else window.location.assign(address);
  return address;
}

/** Downloads open in a new window under the API base (file links need no custom headers). */
export function openDownload(url: string, params?: Record<string, unknown>): void {
  const stored = STORED_FILE.exec(url);
  if (stored && !params) {
    void openStoredFile(decodeURIComponent(stored[1]!));
    return;
  }
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {}))
    if (v !== undefined && v !== null) query.append(k, String(v));
  const qs = query.toString();
  window.open(`${API_BASE}${url}${qs ? `?${qs}` : ''}`, '_blank', 'noopener');
}

/** Holidays of region R_156 (spec section 9), which date pickers with `"disable": ["holidays"]` disable. */
export const portalHolidays = (): Promise<readonly string[]> => fetchHolidays();

/** A password a form sends (`form.submit.encrypt`), encrypted with the server's current public key. */
export async function portalEncrypt(plain: string): Promise<string> {
  const key = await call(API.passwordKey);
  return encryptPassword(plain, key.publicKey);
}

/** Kept forms in localStorage, one entry for all (logout clears it: src/session/storage.ts). */
export const portalKeptForms: KeptForms = {
  load(name) {
    const kept = readAll()[name];
    if (!kept || typeof kept !== 'object') return {};
    return Object.fromEntries(
      Object.entries(kept).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  },
  store(name, values) {
    const all = readAll();
    all[name] = values;
    window.localStorage.setItem(STORAGE_KEYS.keptForms, JSON.stringify(all));
  },
  clear(name) {
    const all = readAll();
    delete all[name];
    if (Object.keys(all).length) window.localStorage.setItem(STORAGE_KEYS.keptForms, JSON.stringify(all));
    else window.localStorage.removeItem(STORAGE_KEYS.keptForms);
  },
};

function readAll(): Record<string, unknown> {
  try {
    const all: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.keptForms) ?? '{}');
    return all && typeof all === 'object' ? (all as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
