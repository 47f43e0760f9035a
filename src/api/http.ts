/**
 * The portal's HTTP types. The request layer is one axios instance (request.ts) whose interceptors apply the
 * conventions of spec sections 7 and 8; axios's XMLHttpRequest adapter sends, with upload progress.
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

/**
 * Sends a wire request in place of the network (tests' recording one, the axios instance's adapter then);
 * rejects only when no answer came (network, timeout, abort).
 */
export type Transport = (request: WireRequest) => Promise<HttpResponse<unknown>>;

/** An answer's body: JSON when it parses, the text otherwise ('' for none). */
export function parseBody(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
