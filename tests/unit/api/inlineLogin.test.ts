import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/api/constants';
import { inlineLoginTarget, login } from '@/api/session';
import type { HttpClient } from '@/api/http';
import { CORP_WEB_SYSTEM_TYPE } from '@contract/session';
import { harness } from './harness';

const bootstrap = (inlineLogin: boolean, systemType: string) => ({
  status: 200,
  body: {
    code: '0',
    message: '成功',
    data: { loggedIn: inlineLogin, inlineLogin, systemType, csrfToken: 'T1' },
  },
});
const success = {
  status: 200,
  body: { code: '0', message: '成功', data: { redirectUrl: '/cv3/abs/core/index/query' } },
};

describe('spec section 7, GET /login: the inline-login rule', () => {
  it('an inline login of another system goes where GET /uaa/login/success says', async () => {
    const h = harness('/cv3/login/login', '');
    h.queue = [bootstrap(true, 'BANK_WEB'), success];
    expect(await inlineLoginTarget(h.instance)).toBe('/cv3/abs/core/index/query');
    expect(h.sent.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([
      'get /login',
      'get /uaa/login/success',
    ]);
    expect(h.sent[0]!.headers.get('X-CCBSCF-TERMINAL-CODE')).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.csrfToken)).toBe('T1');
  });

  it('the corporate web itself, or no inline login, stays on the login form', async () => {
    for (const answer of [bootstrap(true, CORP_WEB_SYSTEM_TYPE), bootstrap(false, 'BANK_WEB')]) {
      const h = harness('/cv3/login/login', '');
      h.queue = [answer, success];
      expect(await inlineLoginTarget(h.instance)).toBeNull();
      expect(h.sent).toHaveLength(1);
    }
  });

  it('a login waits for the page’s own GET /login: never two anonymous sessions at once', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const first = new Promise((resolve) => (answer = resolve));
    const get = vi.fn((url: string) =>
      get.mock.calls.length === 1 ? first : Promise.reject(new Error(`stop at ${url}`)),
    );
    const http = { get, post: vi.fn() } as unknown as HttpClient;
    const page = inlineLoginTarget(http);
    const loggingIn = login('chain_query', 'x', http).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 20));
    expect(get).toHaveBeenCalledTimes(1);
    answer({ data: { code: '0', message: '成功', data: bootstrap(false, 'CORP_WEB').body.data } });
    await page;
    await loggingIn;
    expect(get.mock.calls.map((c) => c[0])).toEqual(['/login', '/login']);
  });
});
