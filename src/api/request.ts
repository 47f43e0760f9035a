import axios, {
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import {
  parseBody,
  type HttpClient,
  type HttpRequestOptions,
  type HttpResponse,
  type Transport,
  type WireRequest,
} from './http';
import {
  API_BASE,
  BASE_PATH,
  LOGIN_PATH,
  REQUEST_TIMEOUT_MS,
  STORAGE_KEYS,
  TERMINAL_CODE,
} from './constants';
import {
  ApiRequestError,
  CLOCK_UNKNOWN_MESSAGE,
  FILE_UNREADABLE_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  REQUEST_EXPIRED_CODE,
  REQUEST_EXPIRED_MESSAGE,
  userMessage,
} from './errors';
import { serializeParams, type QueryParams } from './params';
import { signRequest, signUpload } from './signature';
import { pathOf, type Endpoint, type RequestOf, type ResponseOf } from '@contract/api';
import { noteWrite } from '@renderer/react/context/writes';

/** The envelope of every answer. */
export interface ApiResponse<T> {
  code: string;
  message: string;
  data: T;
}

/** What the request layer needs from the browser; tests hand in their own. */
export interface RequestEnvironment {
  localStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  location: { pathname: string; search: string };
  redirect: (url: string) => void;
  now: () => number;
}

const REAL_METHOD_HEADER = 'X-SCF-REAL-HTTP-METHOD';
const TUNNELLED = new Set(['PUT', 'DELETE', 'PATCH']);
/** Pages from which a 401/403 does not redirect to the login page again. */
const NO_AUTH_REDIRECT = /^\/cv3\/(login|register)(\/|$)/;

/**
 * Set when the page navigates to the logout address: an answer still in flight then comes back 401, and its
 * redirect to the login page (with `?redirect=` to here) must not overtake the logout's own navigation.
 */
let loggingOut = false;
export function startLogout(): void {
  loggingOut = true;
}

export function browserEnvironment(): RequestEnvironment {
  return {
    localStorage: window.localStorage,
    sessionStorage: window.sessionStorage,
    location: window.location,
    redirect: (url) => {
      if (!loggingOut) window.location.assign(url);
    },
    now: () => Date.now(),
  };
}

/** Path + query of the login page that brings the user back to where they were. */
export function loginRedirectUrl(location: { pathname: string; search: string }): string {
  return `${BASE_PATH.slice(0, -1)}${LOGIN_PATH}?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}

/** A request config carrying the call as the portal made it (the interceptors rebuild the wire from it). */
interface PortalConfig extends InternalAxiosRequestConfig {
  portal?: { options: HttpRequestOptions; retried: boolean };
}

/**
 * A transport (tests' recording one) as axios's adapter. Like axios's XMLHttpRequest adapter, it sends no
 * Content-Type with no body or a multipart one (the browser writes the boundary's).
 */
function adapterOf(transport: Transport): AxiosAdapter {
  return async (config) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(AxiosHeaders.from(config.headers).toJSON()))
      if (value !== undefined && value !== null) headers.set(name, String(value));
    if (typeof config.data !== 'string') headers.delete('Content-Type');
    const answer = await transport({
      method: (config.method ?? 'get').toLowerCase(),
      baseURL: config.baseURL ?? '',
      url: config.url ?? '',
      headers,
      data: config.data as WireRequest['data'],
      timeout: config.timeout ?? REQUEST_TIMEOUT_MS,
      signal: config.signal as AbortSignal | undefined,
      onUploadProgress: config.onUploadProgress as WireRequest['onUploadProgress'],
    });
    return { ...answer, statusText: '', config, headers: answer.headers };
  };
}

/**
 * The portal's one HTTP client: an axios instance whose request interceptor applies every request
 * convention of spec section 7 (tunnelled method, cache-busting `v`, terminal code, CSRF token, the
 * signature on the server's clock) and whose response interceptor applies the error rules of spec section 8
 * (and signs again once on the server's time when the PC clock is off). `transport` replaces the network
 * (tests hand in a recording one).
 */
export function createRequest(env: RequestEnvironment, transport?: Transport): HttpClient {
  const clock = new ServerClock();
  const instance = axios.create({
    baseURL: API_BASE,
    timeout: REQUEST_TIMEOUT_MS,
    // Bodies are serialised (and signed) by the interceptor; answers are judged by their code, not status.
    transformRequest: [(data: unknown) => data],
    transformResponse: [(data: unknown) => (typeof data === 'string' ? parseBody(data) : data)],
    validateStatus: () => true,
    adapter: transport ? adapterOf(transport) : 'xhr',
  });

  instance.interceptors.request.use(async (config: PortalConfig) => {
    const options: HttpRequestOptions = config.portal?.options ?? {
      method: config.method,
      url: config.url ?? '',
      params: config.params as QueryParams | undefined,
      data: config.data,
      signal: config.signal as AbortSignal | undefined,
      onUploadProgress: config.onUploadProgress as HttpRequestOptions['onUploadProgress'],
    };
    config.portal = { options, retried: config.portal?.retried ?? false };
    // Outside any try: a file that cannot be read is the user's to fix, not a network failure.
    const wire = await prepare(options, env, clock.offset);
    config.method = wire.method;
    config.url = wire.url;
    config.params = undefined;
    config.data = wire.data;
    wire.headers.forEach((value, name) => config.headers.set(name, value));
    return config;
  });

  instance.interceptors.response.use(
    async (response: AxiosResponse) => {
      const config = response.config as PortalConfig;
      const body = response.data as Partial<ApiResponse<unknown>> | undefined;
      const learned = clock.learn(response.headers as Record<string, unknown>, env.now());
      if (body?.code === REQUEST_EXPIRED_CODE) {
        // The PC clock is off: sign again with the server's time (learned from this answer) once.
        if (learned && config.portal && !config.portal.retried)
          return instance.request({
            portal: { options: config.portal.options, retried: true },
          } as PortalConfig);
        throw new ApiRequestError(
          REQUEST_EXPIRED_CODE,
          learned ? REQUEST_EXPIRED_MESSAGE : CLOCK_UNKNOWN_MESSAGE,
          response.status,
        );
      }
      if (response.status === 401 || response.status === 403) {
        onUnauthorised(env);
        throw new ApiRequestError(
          body?.code ?? `HTTP_${response.status}`,
          NETWORK_ERROR_MESSAGE,
          response.status,
        );
      }
      const code = typeof body?.code === 'string' ? body.code : undefined;
      if (response.status === 200 && code === '0') return response;
      throw new ApiRequestError(
        code ?? `HTTP_${response.status}`,
        userMessage(response.status, code, body?.message),
        response.status,
        body?.data,
      );
    },
    (error: unknown) => {
      // No answer came (network, timeout, abort); a refusal of the interceptor itself passes as it is.
      throw error instanceof ApiRequestError ? error : new ApiRequestError('NETWORK', NETWORK_ERROR_MESSAGE);
    },
  );

  const send = async <T>(options: HttpRequestOptions): Promise<HttpResponse<T>> =>
    (await instance.request(options as PortalConfig)) as unknown as HttpResponse<T>;
  return {
    request: (options) => send(options),
    get: (url, options) => send({ method: 'get', url, params: options?.params }),
    post: (url, data, options) => send({ method: 'post', url, data, params: options?.params }),
    put: (url, data, options) => send({ method: 'put', url, data, params: options?.params }),
    delete: (url, options) => send({ method: 'delete', url, params: options?.params }),
  };
}

/**
 * The server's clock as seen from here, learned from every answer's `Date` header: request signatures carry
 * server time, so a PC clock minutes or days off still works (the server accepts ±5 minutes). `Date` has a
 * one-second resolution, so differences under a minute are left alone.
 */
export class ServerClock {
  static readonly SLACK_MS = 60_000;
  offset = 0;

  /** Updates the offset from an answer's headers; false when they carry no usable `Date`. */
  learn(headers: Record<string, unknown> | undefined, localNow: number): boolean {
    const date = headers?.date ?? headers?.Date;
    const server = typeof date === 'string' ? Date.parse(date) : NaN;
    if (Number.isNaN(server)) return false;
    // The header is truncated to the second: its middle is the best guess.
    const diff = server + 500 - localNow;
    this.offset = Math.abs(diff) > ServerClock.SLACK_MS ? diff : 0;
    return true;
  }
}

async function prepare(
  options: HttpRequestOptions,
  env: RequestEnvironment,
  clockOffset: number,
): Promise<WireRequest> {
  const headers = new Headers();
  const method = (options.method ?? 'get').toUpperCase();
  let wireMethod = method;
  if (TUNNELLED.has(method)) {
    wireMethod = 'POST';
    headers.set(REAL_METHOD_HEADER, method);
  }

  const params: QueryParams = { ...(options.params ?? {}) };
  if (method === 'GET') params.v = env.now();
  const query = serializeParams(params);
  const [path = '', existing = ''] = options.url.split('?');
  const rawQuery = [existing, query].filter(Boolean).join('&');

  let body = '';
  let data: string | FormData | undefined;
  let file: Uint8Array | undefined;
  let fields: Array<[string, string]> = [];
  if (wireMethod !== 'GET') {
    if (typeof FormData !== 'undefined' && options.data instanceof FormData) {
      // The browser builds the multipart body (and its boundary header): the file and the fields before
      // it are signed through their md5s instead (ADR 0001, amendment).
      data = options.data;
      ({ file, fields } = await formParts(options.data));
    } else {
      body =
        options.data === undefined
          ? ''
          : typeof options.data === 'string'
            ? options.data
            : JSON.stringify(options.data);
      data = body === '' ? undefined : body;
      if (body !== '') headers.set('Content-Type', 'application/json;charset=UTF-8');
    }
  }

  const csrfToken = env.localStorage.getItem(STORAGE_KEYS.csrfToken) ?? '';
  headers.set('X-CCBSCF-TERMINAL-CODE', TERMINAL_CODE);
  headers.set('X-CSRF-TOKEN', csrfToken);
  const signed = {
    method,
    path: `${API_BASE}${path}`,
    rawQuery,
    csrfToken,
    timestamp: env.now() + clockOffset,
  };
  if (file) {
    for (const [name, value] of Object.entries(signUpload({ ...signed, file, fields })))
      headers.set(name, value);
  } else {
    headers.set('x-vrandom', signRequest({ ...signed, body }));
  }

  return {
    method: wireMethod.toLowerCase(),
    baseURL: API_BASE,
    url: rawQuery ? `${path}?${rawQuery}` : path,
    headers,
    data,
    timeout: REQUEST_TIMEOUT_MS,
    signal: options.signal,
    onUploadProgress: options.onUploadProgress,
  };
}

/**
 * The bytes of a multipart body's file (the first, the only one the server takes), if it has one, and the
 * text fields before it (the ones the server reads, signed with it).
 */
async function formParts(
  form: FormData,
): Promise<{ file: Uint8Array | undefined; fields: Array<[string, string]> }> {
  const fields: Array<[string, string]> = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      fields.push([name, value]);
      continue;
    }
    try {
      return { file: new Uint8Array(await value.arrayBuffer()), fields };
    } catch {
      throw new ApiRequestError('FILE_UNREADABLE', FILE_UNREADABLE_MESSAGE);
    }
  }
  return { file: undefined, fields };
}

function onUnauthorised(env: RequestEnvironment): void {
  env.sessionStorage.removeItem(STORAGE_KEYS.currentRole);
  env.localStorage.removeItem(STORAGE_KEYS.homepage);
  if (!NO_AUTH_REDIRECT.test(env.location.pathname)) env.redirect(loginRedirectUrl(env.location));
}

let shared: HttpClient | null = null;

/** The portal's shared instance (created on first use, in the browser). */
export function request(): HttpClient {
  shared ??= createRequest(browserEnvironment());
  return shared;
}

/**
 * Calls a hand-written endpoint (contract/api.ts) with its path parameters, query and body, and returns
 * `data` of a code-'0' answer; anything else throws ApiRequestError. `R` names the answer's type where
 * the descriptor leaves it open.
 */
export async function call<R = unknown, E extends Endpoint = Endpoint>(
  endpoint: E,
  input: RequestOf<E> = {} as RequestOf<E>,
): Promise<unknown extends R ? ResponseOf<E> : R> {
  const answer = await request().request<ApiResponse<unknown extends R ? ResponseOf<E> : R>>({
    method: endpoint.method.toLowerCase(),
    url: pathOf(endpoint, input.params),
    ...(input.query ? { params: input.query } : {}),
    ...(input.body !== undefined ? { data: input.body } : {}),
  });
  return answer.data.data;
}

/** Calls the API and returns `data` of a code-'0' answer; anything else throws ApiRequestError. */
export async function apiGet<T>(url: string, params?: QueryParams): Promise<T> {
  return (await request().get<ApiResponse<T>>(url, { params })).data.data;
}

// A write of a hand-written page tells the tab's lists to load again, as the renderer's do (writes.ts).
export async function apiPost<T>(url: string, body?: unknown, params?: QueryParams): Promise<T> {
  const data = (await request().post<ApiResponse<T>>(url, body, { params })).data.data;
  noteWrite();
  return data;
}

export async function apiPut<T>(url: string, body?: unknown, params?: QueryParams): Promise<T> {
  const data = (await request().put<ApiResponse<T>>(url, body, { params })).data.data;
  noteWrite();
  return data;
}

export async function apiDelete<T>(url: string, params?: QueryParams): Promise<T> {
  const data = (await request().delete<ApiResponse<T>>(url, { params })).data.data;
  noteWrite();
  return data;
}
