import type { RendererRequest } from '@renderer';
import { fetchHolidays, request, type ApiResponse, type QueryParams } from '@/api';
import type { HttpClient } from '@/api/http';
import { createUkeySigner } from '@/ukey';
import { API_BASE } from '@contract/api';

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

/** Downloads open in a new window under the API base (file links need no custom headers). */
export function openDownload(url: string, params?: Record<string, unknown>): void {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {}))
    if (v !== undefined && v !== null) query.append(k, String(v));
  const qs = query.toString();
  window.open(`${API_BASE}${url}${qs ? `?${qs}` : ''}`, '_blank', 'noopener');
}

/** Holidays of region R_156 (spec section 9), which date pickers with `"disable": ["holidays"]` disable. */
export const portalHolidays = (): Promise<readonly string[]> => fetchHolidays();
