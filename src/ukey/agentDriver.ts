import { UkeyDriverError, type UkeyDriver, type UkeyHandle } from './driver';
import type { UkeyAlgorithm } from '@contract/ukey';

/** Default address of the local signing agent (docs/decisions: the agent protocol). */
export const DEFAULT_AGENT_URL = 'http://127.0.0.1:18180';
/** localStorage key where a user (or a test) may point the portal at another agent address. */
export const AGENT_URL_STORAGE_KEY = 'ukeyAgentUrl';

const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?$/;

/** The agent address: the stored one if it is a loopback URL, else the default. */
export function agentUrl(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): string {
  const stored = storage?.getItem(AGENT_URL_STORAGE_KEY)?.replace(/\/+$/, '');
  return stored && LOOPBACK.test(stored) ? stored : DEFAULT_AGENT_URL;
}

export interface AgentDriverOptions {
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** Per call; signing waits longer (the user may be typing a PIN). */
  timeoutMs?: number;
  signTimeoutMs?: number;
}

interface AgentAnswer<T> {
  ok: boolean;
  data?: T;
  error?: { code?: string; message?: string };
}

function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * The browser side of the local signing agent protocol: JSON POSTs to `{base}/ukey/v1/{operation}` on
 * loopback, answered `{ok, data}` or `{ok: false, error: {code, message}}` with a certificate-kit code.
 */
export function createAgentDriver(options: AgentDriverOptions = {}): UkeyDriver {
  const base = (options.baseUrl ?? agentUrl()).replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));

  async function call<T>(
    op: string,
    body: Record<string, unknown> = {},
    timeoutMs = options.timeoutMs ?? 15000,
  ): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let res: Response;
    try {
      res = await doFetch(`${base}/ukey/v1/${op}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: controller.signal,
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch {
      throw new UkeyDriverError('UKEY签名助手未启动或无法连接', undefined, true);
    } finally {
      clearTimeout(timer);
    }
    let answer: AgentAnswer<T>;
    try {
      answer = (await res.json()) as AgentAnswer<T>;
    } catch {
      throw new UkeyDriverError(`UKEY签名助手应答无效（HTTP ${res.status}）`);
    }
    if (!answer.ok || answer.data === undefined) {
      throw new UkeyDriverError(
        answer.error?.message ?? `UKEY签名助手拒绝了请求（HTTP ${res.status}）`,
        answer.error?.code,
      );
    }
    return answer.data;
  }

  return {
    kind: 'agent',
    async version() {
      return (await call<{ version: string }>('version')).version;
    },
    async listKeys(): Promise<UkeyHandle[]> {
      return (await call<{ keys: UkeyHandle[] }>('keys')).keys;
    },
    async printNumber(keyId) {
      return (await call<{ printNumber: string }>('print-number', { keyId })).printNumber;
    },
    async selectCertificate(keyId) {
      return (await call<{ certificate: string }>('select-certificate', { keyId })).certificate;
    },
    async serialNumber(keyId) {
      return (await call<{ serialNumber: string }>('serial-number', { keyId })).serialNumber;
    },
    async algorithm(keyId) {
      return (await call<{ algorithm: UkeyAlgorithm }>('algorithm', { keyId })).algorithm;
    },
    async issuerDN(keyId) {
      return (await call<{ issuerDN: string }>('issuer-dn', { keyId })).issuerDN;
    },
    async subjectDN(keyId) {
      return (await call<{ subjectDN: string }>('subject-dn', { keyId })).subjectDN;
    },
    async sign(keyId, original, algorithm) {
      const data = base64Utf8(original);
      return (
        await call<{ signature: string }>('sign', { keyId, algorithm, data }, options.signTimeoutMs ?? 120000)
      ).signature;
    },
  };
}
