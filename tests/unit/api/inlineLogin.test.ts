import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/api/constants';
import { inlineLoginTarget } from '@/api/session';
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
});
