import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createRequest, type RequestEnvironment } from '@/api/request';

export class MemoryStorage {
  private readonly map = new Map<string, string>();
  getItem(k: string): string | null {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.map.set(k, v);
  }
  removeItem(k: string): void {
    this.map.delete(k);
  }
}

export interface Harness {
  env: RequestEnvironment & { redirects: string[] };
  sent: InternalAxiosRequestConfig[];
  /** The next answer the fake transport gives: status and body. */
  answer: { status: number; body: unknown } | Error;
  instance: ReturnType<typeof createRequest>;
}

/** The real axios pipeline with a recording transport in place of the network. */
export function harness(pathname = '/cv3/credit/core/index/operator', search = '?tab=1'): Harness {
  const redirects: string[] = [];
  const partial = {
    env: {
      localStorage: new MemoryStorage(),
      sessionStorage: new MemoryStorage(),
      location: { pathname, search },
      redirect: (url: string) => void redirects.push(url),
      now: () => 1795300000000,
      redirects,
    },
    sent: [] as InternalAxiosRequestConfig[],
    answer: { status: 200, body: { code: '0', message: '成功', data: { ok: true } } } as Harness['answer'],
  };
  const h = partial as Omit<Harness, 'instance'> as Harness;
  const adapter: AxiosAdapter = async (config) => {
    h.sent.push(config);
    if (h.answer instanceof Error) throw h.answer;
    return { data: h.answer.body, status: h.answer.status, statusText: '', headers: {}, config };
  };
  h.instance = createRequest(h.env, adapter);
  return h;
}
