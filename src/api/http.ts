/**
 * The portal's HTTP client on the browser's own `fetch` (and XMLHttpRequest where an upload reports
 * progress, which fetch cannot). It replaced axios, whose 56 kB (raw) were a quarter of what the login page
 * loaded before its first paint; the request conventions themselves live in request.ts.
 */
import type { QueryParams } from './params';

export interface UploadProgress {
  loaded: number;
  total?: number;
}

/** One call as the portal's code makes it. */
export interface HttpRequestOptions {
  method?: string;
  url: string;
  params?: QueryParams;
  data?: unknown;
  signal?: AbortSignal;
  onUploadProgress?: (e: UploadProgress) => void;
}

export interface HttpResponse<T> {
  status: number;
  data: T;
  /** Answer headers, names in lower case. */
  headers: Record<string, string>;
}

export interface HttpClient {
  request<T>(options: HttpRequestOptions): Promise<HttpResponse<T>>;
  get<T>(url: string, options?: { params?: QueryParams }): Promise<HttpResponse<T>>;
  post<T>(url: string, data?: unknown, options?: { params?: QueryParams }): Promise<HttpResponse<T>>;
  put<T>(url: string, data?: unknown, options?: { params?: QueryParams }): Promise<HttpResponse<T>>;
  delete<T>(url: string, options?: { params?: QueryParams }): Promise<HttpResponse<T>>;
}

/** One call as it goes on the wire: the method and path after tunnelling, the exact body that was signed. */
export interface WireRequest {
  /** Lower case. */
  method: string;
  baseURL: string;
  /** Path and query, relative to `baseURL`. */
  url: string;
  headers: Headers;
  data?: string | FormData;
  timeout: number;
  signal?: AbortSignal;
  onUploadProgress?: (e: UploadProgress) => void;
}

/** Sends a wire request; rejects only when no answer came (network, timeout, abort). */
export type Transport = (request: WireRequest) => Promise<HttpResponse<unknown>>;

/** An answer's body: JSON when it parses, the text otherwise ('' for none). */
function parseBody(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** fetch, or XMLHttpRequest when the caller follows the upload's progress. */
export const browserTransport: Transport = (request) =>
  request.onUploadProgress ? xhrTransport(request) : fetchTransport(request);

async function fetchTransport(request: WireRequest): Promise<HttpResponse<unknown>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeout);
  const abort = (): void => controller.abort();
  request.signal?.addEventListener('abort', abort);
  try {
    const response = await fetch(request.baseURL + request.url, {
      method: request.method.toUpperCase(),
      headers: request.headers,
      body: request.data,
      credentials: 'same-origin',
      signal: controller.signal,
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    return { status: response.status, data: parseBody(await response.text()), headers };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', abort);
  }
}

function xhrTransport(request: WireRequest): Promise<HttpResponse<unknown>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method.toUpperCase(), request.baseURL + request.url);
    xhr.timeout = request.timeout;
    request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (e) =>
      request.onUploadProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : undefined });
    xhr.onload = () => {
      const headers: Record<string, string> = {};
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: xhr.status, data: parseBody(xhr.responseText), headers });
    };
    xhr.onerror = xhr.ontimeout = xhr.onabort = () => reject(new Error('no answer'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(request.data ?? null);
  });
}
