import type { Transport, WireRequest } from '@/api/http';
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

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface Harness {
  env: RequestEnvironment & { redirects: string[] };
  sent: WireRequest[];
  /** The next answer the fake transport gives: status, body and headers (or a queue of answers). */
  answer: Answer | Error;
  /** Answers given before `answer`, first first. */
  queue: Answer[];
  instance: ReturnType<typeof createRequest>;
}

/** The real request pipeline with a recording transport in place of the network. */
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
    sent: [] as WireRequest[],
    answer: { status: 200, body: { code: '0', message: '成功', data: { ok: true } } } as Harness['answer'],
    queue: [] as Answer[],
  };
  const h = partial as Omit<Harness, 'instance'> as Harness;
  const transport: Transport = async (request) => {
    h.sent.push(request);
    const answer = h.queue.shift() ?? h.answer;
    if (answer instanceof Error) throw answer;
    return { data: answer.body, status: answer.status, headers: answer.headers ?? {} };
  };
  h.instance = createRequest(h.env, transport);
  return h;
}
