import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAgent, type RunningAgent } from '../../scripts/ukey-agent/agentServer';
import { initKeyFiles } from '../../scripts/ukey-agent/initKeys';
import { createAgentDriver } from '@/ukey/agentDriver';
import { DEFAULT_UKEY_RULES } from '@contract/ukey';
import { runUkeyFlow } from '@/ukey/runUkeyFlow';
import { clock, loggedIn, testServer, type Browser, type TestServer } from './helpers';
import { fetchOriginal } from './ukeyHelpers';

/**
 * The reference agent against the real server: key files made by `--init` from the seeded database, the
 * portal's agent driver and flow, and the server's verifier.
 */
const ORIGIN = 'http://127.0.0.1:18113';
let s: TestServer;
let agent: RunningAgent;
let root: string;
let keys: string;
let drawer: string;
let director: Browser;

/** Node's fetch as the portal's page would call: with the page's Origin. */
const pageFetch = ((url: string, init: RequestInit = {}) =>
  fetch(url, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), Origin: ORIGIN },
  })) as typeof fetch;

function insertOnly(...labels: string[]): void {
  for (const f of readdirSync(keys)) renameSync(join(keys, f), join(drawer, f));
  for (const label of labels)
    renameSync(join(drawer, `${label}.ukey.json`), join(keys, `${label}.ukey.json`));
}

async function setFaults(faults: unknown): Promise<Response> {
  return fetch(`${agent.url}/control/faults`, { method: 'PUT', body: JSON.stringify({ faults }) });
}

async function flow(bank = 'CCB') {
  return runUkeyFlow({
    driver: createAgentDriver({ baseUrl: agent.url, fetch: pageFetch }),
    rules: DEFAULT_UKEY_RULES,
    bank,
    getOriginal: () => fetchOriginal(director),
  });
}

beforeAll(async () => {
  s = await testServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  const address = s.app.server.address() as { port: number };
  root = mkdtempSync(join(tmpdir(), 'ukey-agent-'));
  keys = join(root, 'inserted');
  drawer = join(root, 'drawer');
  const written = await initKeyFiles({
    dir: drawer,
    server: `http://127.0.0.1:${address.port}`,
    now: () => clock.now.getTime(),
  });
  expect(written.map((p) => p.split('/').pop()).sort()).toEqual([
    'chain_director-sm2.ukey.json',
    'core_director-old.ukey.json',
    'core_director-rsa.ukey.json',
    'core_director-sm2.ukey.json',
    'fin2_product_manager-sm2.ukey.json',
    'fin_product_manager-sm2.ukey.json',
    'unit_director-rsa.ukey.json',
  ]);
  rmSync(keys, { recursive: true, force: true });
  renameSync(drawer, keys);
  drawer = join(root, 'drawer');
  mkdirSync(drawer);
  director = await loggedIn(s.app, 'core_director');
  agent = await startAgent({ keysDir: keys, port: 0, origins: [ORIGIN] });
});
afterAll(async () => {
  await agent?.close();
  await s.app.close();
  await s.db.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the reference agent', () => {
  it('signs with an inserted RSA key and the server verifies it', async () => {
    insertOnly('core_director-rsa');
    const result = await flow();
    expect(result).toMatchObject({
      code: 0,
      record: { ukeyNo: 'CBJ2026000000101', algorithmType: 'RSA', raType: 'CCBCA' },
    });
    const verified = await director.call('POST', '/v1/auth/ukey/verify-sign', {
      body: { signature: result.record },
    });
    expect(verified.json()).toMatchObject({ code: '0', data: { verified: true, algorithmType: 'RSA' } });
  });

  it('signs with an inserted SM2 key and the server verifies it', async () => {
    insertOnly('core_director-sm2');
    const result = await flow();
    expect(result).toMatchObject({ code: 0, record: { ukeyNo: 'CBG260000102', algorithmType: 'SM2' } });
    const verified = await director.call('POST', '/v1/auth/ukey/verify-sign', {
      body: { signature: result.record },
    });
    expect(verified.json()).toMatchObject({ code: '0', data: { verified: true, algorithmType: 'SM2' } });
  });

  it('sees keys come and go with their files', async () => {
    insertOnly();
    expect(await flow()).toEqual({ code: 2, message: '请检查Ukey是否正确插入。' });
    insertOnly('core_director-rsa', 'core_director-sm2');
    expect(await flow()).toEqual({ code: 2, message: '请勿插入多个UKEY' });
  });

  const cases: Array<[string, number, string, string?]> = [
    ['driver-too-old', 11, 'UKEY驱动不是最新版本'],
    ['no-key', 2, '请检查Ukey是否正确插入。'],
    ['two-keys', 2, '请勿插入多个UKEY'],
    ['print-number', 3, '获取UKEY印刷编号失败', '0x80100066'],
    ['unknown-issuer', 1, 'Ukey颁发机构不存在。'],
    ['issuer-mismatch', 12, '您选择的UKEY颁发机构与UKEY信息不匹配'],
    ['select-cert', 4, '选择证书失败', '0x800704C7'],
    ['serial', 5, '获取序列号失败。', '0x80090016'],
    ['algorithm', 6, '提取ukey签名算法类型失败', '0x80090008'],
    ['issuer-dn', 7, '获取证书颁发者信息失败', '0x80092002'],
    ['subject-dn', 8, '获取证书主题信息失败', '0x80092004'],
    ['sign', 10, '签名失败。', '0x8010006B'],
  ];
  for (const [fault, code, message, kitCode] of cases) {
    it(`fault ${fault} ends the flow with code ${code}`, async () => {
      insertOnly('core_director-rsa');
      expect((await setFaults([fault])).status).toBe(200);
      const result = await flow();
      await setFaults([]);
      expect(result).toMatchObject({ code, message, ...(kitCode ? { kitCode } : {}) });
      expect(result.record).toBeUndefined();
    });
  }

  it('reads faults from faults.json in the key folder, with a chosen kit code', async () => {
    insertOnly('core_director-rsa');
    writeFileSync(join(keys, 'faults.json'), JSON.stringify({ faults: { sign: '0x80090004' } }));
    const result = await flow();
    rmSync(join(keys, 'faults.json'));
    expect(result).toMatchObject({
      code: 10,
      kitCode: '0x80090004',
      detail: '待签名数据过大或长度错误（错误码：0x80090004）',
    });
    expect((await flow()).code).toBe(0);
  });

  it('an agent that is not running is a driver request failure', async () => {
    const result = await runUkeyFlow({
      driver: createAgentDriver({ baseUrl: 'http://127.0.0.1:9', fetch: pageFetch }),
      rules: DEFAULT_UKEY_RULES,
      getOriginal: async () => 'x',
    });
    expect(result).toEqual({ code: 11, message: '获取驱动版本号失败' });
  });
});

describe('the agent protocol guards', () => {
  const post = (path: string, headers: Record<string, string>, body = '{}') =>
    fetch(`${agent.url}${path}`, { method: 'POST', headers, body });

  it('answers the preflight of the portal origin only', async () => {
    const ok = await fetch(`${agent.url}/ukey/v1/version`, {
      method: 'OPTIONS',
      headers: {
        Origin: ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Private-Network': 'true',
      },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(ok.headers.get('access-control-allow-private-network')).toBe('true');
    const other = await fetch(`${agent.url}/ukey/v1/version`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example' },
    });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses other origins, no origin, non-JSON bodies and foreign host names', async () => {
    expect(
      (await post('/ukey/v1/keys', { Origin: 'https://evil.example', 'Content-Type': 'application/json' }))
        .status,
    ).toBe(403);
    expect((await post('/ukey/v1/keys', { 'Content-Type': 'application/json' })).status).toBe(403);
    expect((await post('/ukey/v1/keys', { Origin: ORIGIN, 'Content-Type': 'text/plain' })).status).toBe(415);
    // DNS rebinding: a page of rebind.example resolved to 127.0.0.1 sends its own Host (fetch cannot fake it).
    const rebound = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: agent.port,
          path: '/ukey/v1/keys',
          method: 'POST',
          headers: {
            Host: `rebind.example:${agent.port}`,
            Origin: ORIGIN,
            'Content-Type': 'application/json',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(rebound).toBe(403);
    const ok = await post('/ukey/v1/keys', { Origin: ORIGIN, 'Content-Type': 'application/json' });
    expect(ok.status).toBe(200);
    expect((await ok.json()) as unknown).toMatchObject({ ok: true });
  });

  it('keeps the control endpoint away from browsers and refuses unknown faults', async () => {
    const fromPage = await fetch(`${agent.url}/control/faults`, {
      method: 'PUT',
      headers: { Origin: ORIGIN },
      body: '{"faults":["sign"]}',
    });
    expect(fromPage.status).toBe(403);
    expect((await setFaults(['no-such-fault'])).status).toBe(400);
    expect(
      ((await (await fetch(`${agent.url}/control/faults`)).json()) as { data: { faults: object } }).data
        .faults,
    ).toEqual({});
  });
});
