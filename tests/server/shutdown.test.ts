import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signRequest } from '@/api/signature';
import { encryptPassword } from './helpers';
import { processExit, seededDataDir, startServerProcess } from './serverProcess';

const port = 18400 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;

const start = (dataDir: string) =>
  startServerProcess({ DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'no-dist') }, port);
const stopped = processExit;

describe('the server process', () => {
  it('shuts down cleanly on SIGTERM and keeps what was committed', async () => {
    const dataDir = await seededDataDir('scf-data-');
    const first = await start(dataDir);
    let cookie = '';
    let csrf = '';
    const call = async (method: string, path: string, body?: unknown) => {
      const url = `/api/web${path}`;
      const text = body === undefined ? '' : JSON.stringify(body);
      const res = await fetch(base + url, {
        method,
        headers: {
          ...(cookie ? { cookie } : {}),
          'x-csrf-token': csrf,
          'x-ccbscf-terminal-code': 'CORP_WEB_PC',
          'x-vrandom': signRequest({ method, path: url, rawQuery: '', body: text, csrfToken: csrf }),
          ...(text ? { 'content-type': 'application/json' } : {}),
        },
        ...(text ? { body: text } : {}),
      });
      const set = res.headers.get('set-cookie');
      if (set) cookie = set.split(';')[0]!;
      return (await res.json()) as { code: string; data: Record<string, string> };
    };
    csrf = (await call('GET', '/login')).data.csrfToken!;
    const key = (await call('GET', '/v1/auth/passwords/public-keys')).data.publicKey!;
    const password = encryptPassword(key, 'Demo@2026');
    const login = await call('POST', '/uaa/login', { username: 'core_operator', password });
    expect(login.code).toBe('0');
    csrf = login.data.csrfToken!;

    const exit = stopped(first);
    first.kill('SIGTERM');
    expect(await exit).toBe(0);

    // Same data directory: the session written before SIGTERM is still there.
    const second = await start(dataDir);
    try {
      const info = await call('GET', '/v2/security');
      expect(info.code).toBe('0');
      expect((info.data as unknown as { user3: { userName: string } }).user3.userName).toBe('core_operator');
    } finally {
      const done = stopped(second);
      second.kill('SIGTERM');
      expect(await done).toBe(0);
    }
  }, 90_000);
});
