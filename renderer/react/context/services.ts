/**
 * What the host (the portal) hands the renderer: its request function, signer, navigation, the
 * current role and clock. The renderer reaches nothing else: no globals, no imports from the portal.
 */
import type { SignRecord } from '@contract/ukey';
import type { Dictionary } from '@renderer/core';

/** One API call, relative to the API base (`/biz/v1/models/...`). */
export interface RendererRequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Query parameters; arrays are sent as repeated parameters. */
  params?: Record<string, unknown>;
  /** JSON body, or FormData for uploads. */
  data?: unknown;
  /** Upload progress (FormData bodies). */
  onUploadProgress?: (event: { loaded: number; total?: number }) => void;
  signal?: AbortSignal;
}

/**
 * Performs a call and resolves with the answer's `data` (the envelope already checked). A failed
 * call rejects with an error whose `message` is Chinese and shown as is, with `code`, and for
 * validation errors `data.fieldErrors` (`{ field: message }`), shown on the form fields.
 */
export type RendererRequest = <T = unknown>(options: RendererRequestOptions) => Promise<T>;

/** The UKEY sign record the server receives (spec section 3, ADR 0005 §4): the contract's. */
export type { SignRecord };

/** Result of a signing flow: `code` 0 is success, 1-12 the spec's failure codes. */
export interface SignFlowResult {
  code: number;
  message: string;
  /** The key's own explanation (e.g. a certificate-kit error text with its code), shown under the message. */
  detail?: string;
  record?: SignRecord;
}

/** The host's UKEY signer (ADR 0005 §4): it fetches the original text itself. */
export interface Signer {
  sign(options: {
    onProgress?: (message: string) => void;
    context?: Record<string, unknown>;
  }): Promise<SignFlowResult>;
}

/** How the renderer navigates. */
export interface NavigateOptions {
  replace?: boolean;
  /** Open in a new window. */
  blank?: boolean;
}

/** A request error as the renderer reads it. */
export interface RendererError {
  message: string;
  code?: string;
  data?: unknown;
}

/**
 * Reads field errors from a failed call, by form path (`statements.0.billAmount`): either
 * `data.fieldErrors` `{ field: message }`, or the models engine's `data.errors`
 * `[{ field: '/statements/0/billAmount', message }]` (JSON pointers). The first message of a field wins.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const data = (error as RendererError | null)?.data as
    { fieldErrors?: unknown; errors?: unknown } | undefined;
  const out: Record<string, string> = {};
  const add = (field: string, message: unknown): void => {
    const text =
      typeof message === 'string'
        ? message
        : Array.isArray(message) && typeof message[0] === 'string'
          ? message[0]
          : undefined;
    if (field !== '' && text !== undefined && !(field in out)) out[field] = text;
  };
  // A hand-written endpoint names the one field it refuses (`{field}`, e.g. registration's checks).
  if (typeof (data as { field?: unknown } | undefined)?.field === 'string')
    add((data as { field: string }).field, (error as RendererError).message);
  if (data?.fieldErrors && typeof data.fieldErrors === 'object') {
    for (const [field, message] of Object.entries(data.fieldErrors)) add(field, message);
  }
  if (Array.isArray(data?.errors)) {
    for (const entry of data.errors as Array<{ field?: unknown; message?: unknown }>) {
      if (typeof entry?.field !== 'string') continue;
      const path = entry.field
        .replace(/^\//, '')
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
        .join('.');
      add(path, entry.message);
    }
  }
  return out;
}

/** The message to show for a failed call. */
export function errorMessage(error: unknown): string {
  const message = (error as RendererError | null)?.message;
  return typeof message === 'string' && message !== '' ? message : '操作失败，请稍后重试';
}

/** A dictionary lookup the host may provide (dictionaries are usually resolved at load time). */
export type Dictionaries = Readonly<Record<string, Dictionary>>;
