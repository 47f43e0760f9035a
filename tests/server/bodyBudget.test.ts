import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@server/errors';
import { BodyBudget, INPUT_LIMITS } from '@server/inputBoundary';
import { TERMINAL_CODE } from '@/api/constants';
import { Browser, loggedIn, testServer, type TestServer } from './helpers';

/**
 * Request bodies are budgeted before they are parsed (server/inputBoundary.ts): by route and session, with
 * the byte and nesting limits checked while the body streams in. Hostile bodies sent by anyone (no session,
 * an anonymous one, an unknown URL) cost the server next to nothing, so a logged-in user is not slowed.
 */
let s: TestServer;
let port: number;
let user: Browser;
let anonymous: Browser;
beforeAll(async () => {
  s = await testServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  port = (s.app.server.address() as AddressInfo).port;
  user = await loggedIn(s.app, 'core_query');
  anonymous = new Browser(s.app);
  await anonymous.bootstrap();
});
afterAll(async () => {
  await s.app.close();
  await s.db.close();
});

const NESTED = Buffer.alloc(2 * 1024 * 1024, '[');

/** POSTs a body over a real socket; resolves with the answer's code, or 'closed' when the server hung up. */
function hostile(path: string, cookie = ''): Promise<string> {
  return new Promise((resolve) => {
    const req = request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path,
        headers: {
          'content-type': 'application/json',
          'content-length': NESTED.length,
          'x-ccbscf-terminal-code': TERMINAL_CODE,
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(String((JSON.parse(Buffer.concat(chunks).toString()) as { code: unknown }).code));
          } catch {
            resolve(`status ${res.statusCode}`);
          }
        });
      },
    );
    req.on('error', () => resolve('closed'));
    req.end(NESTED);
  });
}

async function timedGet(): Promise<number> {
  const start = performance.now();
  const res = await user.call('GET', '/corp/v1/auth/token');
  expect(res.json().code).toBe('0');
  return performance.now() - start;
}

describe('hostile bodies', () => {
  it('16 parallel 2 MB nested bodies from strangers barely delay a logged-in GET', async () => {
    const baseline: number[] = [];
    for (let i = 0; i < 10; i++) baseline.push(await timedGet());
    baseline.sort((a, b) => a - b);
    const typical = baseline[5]!;

    const cpu = process.cpuUsage();
    let done = false;
    const targets = [
      ['/api/web/no/such/route', ''],
      ['/cv3/anything', ''],
      ['/api/web/uaa/login', ''],
      ['/api/web/v1/register', anonymous.cookie],
    ] as const;
    const attack = Promise.all(
      Array.from({ length: 16 }, (_, i) => hostile(targets[i % 4]![0], targets[i % 4]![1])),
    ).finally(() => (done = true));
    const probes: number[] = [];
    while (!done) probes.push(await timedGet());
    const answers = await attack;
    const used = process.cpuUsage(cpu);
    const worst = Math.max(...probes) - typical;
    console.log(
      `hostile bodies: logged-in GET ${typical.toFixed(1)} ms typical, worst +${worst.toFixed(1)} ms over ` +
        `${probes.length} probes during the attack; server CPU ${((used.user + used.system) / 1000).toFixed(0)} ms; ` +
        `answers ${[...new Set(answers)].join(', ')}`,
    );
    for (const a of answers) expect(a).not.toMatch(/INTERNAL|status 5/);
    // The target is < 50 ms (the figures are printed above). The bounds only catch the bodies being read
    // whole again: before the budget the GET waited +1,305 ms and the attack cost 2,434 ms of CPU. With it,
    // clean-clone CI runs printed +58 to +356 ms and 154 to 332 ms of CPU on a loaded 2-core machine, so the
    // former bound of 300 ms failed a run for the machine's load, not for the server. CPU moves less with
    // the load than latency does.
    expect((used.user + used.system) / 1000).toBeLessThan(1200);
    expect(worst).toBeLessThan(1000);
  });
});

describe('body budgets by route and session', () => {
  const send = (b: Browser, path: string, body: unknown) => b.call('POST', path, { body });
  const big = { pad: 'x'.repeat(INPUT_LIMITS.anonymousBytes) };

  it('a caller who is not logged in may send small bodies only; a user may send more', async () => {
    expect((await send(anonymous, '/v1/register', big)).json().code).toBe('SCF.BODY_TOO_COMPLEX');
    expect((await send(anonymous, '/v1/register', { username: 'x' })).json().code).toBe(
      'SCF.REG_FIELD_INVALID',
    );
    // A user route refuses a stranger before reading the body; an unknown URL answers 404 without reading it.
    const stranger = new Browser(s.app);
    expect((await send(stranger, '/corp/v1/persons/me/mobile', big)).statusCode).toBe(401);
    const unknown = await send(user, '/no/such/route', big);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'SCF.NOT_FOUND']);
    // The user's own body of the same size reaches the handler (and its field checks).
    expect((await send(user, '/corp/v1/persons/me/mobile', big)).json().code).not.toBe(
      'SCF.BODY_TOO_COMPLEX',
    );
  });

  it('nesting past the limit is refused as it streams, before any parse', async () => {
    const deep = '['.repeat(INPUT_LIMITS.depth + 1) + ']'.repeat(INPUT_LIMITS.depth + 1);
    const ok = '['.repeat(INPUT_LIMITS.depth) + ']'.repeat(INPUT_LIMITS.depth);
    const budget = async (text: string): Promise<string> =>
      new Promise((resolve) => {
        const b = new BodyBudget(INPUT_LIMITS.jsonBytes, true);
        b.on('error', (e: Error) => resolve(e.message));
        b.on('finish', () => resolve('passed'));
        b.resume();
        // Byte by byte: chunk borders anywhere.
        for (const c of Buffer.from(text)) b.write(Buffer.from([c]));
        b.end();
      });
    expect(await budget(deep)).toBe(ERRORS.BODY_TOO_COMPLEX.message);
    expect(await budget(ok)).toBe('passed');
    // Brackets inside strings (escaped quotes too) are text, not nesting.
    expect(await budget(JSON.stringify({ a: '['.repeat(100) + '"\\' + '{'.repeat(100) }))).toBe('passed');
  });
});
