import { describe, expect, it } from 'vitest';
import type { Signer } from '@renderer/react/context/services';
import { AGENT_URL_STORAGE_KEY, agentUrl, createAgentDriver, DEFAULT_AGENT_URL } from '@/ukey/agentDriver';
import { createUkeySigner } from '@/ukey/createUkeySigner';
import { UkeyDriverError } from '@/ukey/driver';
import { describeKitError, KIT_ERRORS, kitErrorText, normaliseKitCode } from '@/ukey/kitErrors';
import {
  algorithmOfSerial,
  compareVersions,
  DEFAULT_UKEY_RULES,
  issuerOfPrintNumber,
  withDefaults,
} from '@contract/ukey';
import { fakeDriver } from './fakeDriver';

describe('kitErrors', () => {
  it('maps well over 25 real kit codes to Chinese texts, each well formed', () => {
    const entries = Object.entries(KIT_ERRORS);
    expect(entries.length).toBeGreaterThanOrEqual(25);
    for (const [code, e] of entries) {
      expect(code).toMatch(/^0x8[0-9A-F]{7}$/);
      expect(e.text).toMatch(/[\u4e00-\u9fa5]/);
      expect(e.name).toMatch(/^(E|ERROR|NTE|CRYPT_E|CERT_E|TRUST_E|SCARD_[EFWP])_[A-Z_]+$/);
    }
  });

  it('knows the codes the spec names by meaning', () => {
    expect(kitErrorText('0x80092004')).toBe('证书库中没有可用的证书');
    expect(KIT_ERRORS['0x80092004']!.name).toBe('CRYPT_E_NOT_FOUND');
    expect(KIT_ERRORS['0x800704C7']!.name).toBe('ERROR_CANCELLED');
    expect(KIT_ERRORS['0x800B010A']!.name).toBe('CERT_E_CHAINING');
    expect(kitErrorText('0x800B010A')).toContain('证书链不完整');
    expect(KIT_ERRORS['0x80092010']!.name).toBe('CRYPT_E_REVOKED');
    expect(KIT_ERRORS['0x80090016']!.name).toBe('NTE_BAD_KEYSET');
    expect(KIT_ERRORS['0x8010002E']!.name).toBe('SCARD_E_NO_READERS_AVAILABLE');
    expect(kitErrorText('0x80090004')).toContain('数据过大');
  });

  it('reads codes however a kit spells them', () => {
    expect(normaliseKitCode('8010002e')).toBe('0x8010002E');
    expect(normaliseKitCode(0x8010002e)).toBe('0x8010002E');
    expect(normaliseKitCode(-2146435026)).toBe('0x8010002E');
    expect(normaliseKitCode('not a code')).toBeNull();
    expect(describeKitError('0x8010006C')).toBe('UKEY密码已锁定，请联系发证机构解锁（错误码：0x8010006C）');
    expect(describeKitError('0x80001234')).toBe('证书控件错误（错误码：0x80001234）');
  });
});

describe('signing rules', () => {
  it('tells the algorithm by the third serial character and the 12-character rule', () => {
    expect(algorithmOfSerial('CBG2026000000001')).toBe('SM2');
    expect(algorithmOfSerial('CBh2026000000001')).toBe('SM2');
    expect(algorithmOfSerial('CBI2026000000001')).toBe('SM2');
    expect(algorithmOfSerial('CBJ2026000000001')).toBe('RSA');
    expect(algorithmOfSerial('CBK2026000000001')).toBe('RSA');
    expect(algorithmOfSerial('CBJ260000000')).toBe('SM2');
    expect(algorithmOfSerial('CBX2026000000001')).toBeNull();
  });

  it('finds the issuer by print-number prefix among several banks', () => {
    expect(issuerOfPrintNumber('1050202600000101')?.code).toBe('CCB');
    expect(issuerOfPrintNumber('1020202600000201')?.code).toBe('ICBC');
    expect(issuerOfPrintNumber('3010202600000001')?.code).toBe('BOCOM');
    expect(issuerOfPrintNumber('7770202600000001')).toBeUndefined();
  });

  it('compares versions numerically and keeps defaults for what the server leaves out', () => {
    expect(compareVersions('2.10.0', '2.9.9')).toBe(1);
    expect(compareVersions('2.3', '2.3.0')).toBe(0);
    expect(compareVersions('1.9.9', '2.3.0')).toBe(-1);
    expect(withDefaults({ minDriverVersion: '3.0.0' })).toMatchObject({
      minDriverVersion: '3.0.0',
      gmChars: ['G', 'H', 'I'],
    });
    expect(withDefaults(null)).toEqual(DEFAULT_UKEY_RULES);
  });
});

describe('createUkeySigner', () => {
  it("is the renderer's Signer (ADR 0005 section 4) without importing it", async () => {
    const signer: Signer = createUkeySigner({
      driver: fakeDriver(),
      getRules: async () => null,
      getOriginal: async () => 'o',
    });
    expect(await signer.sign({})).toMatchObject({ code: 0, record: { original: 'o' } });
  });

  it('uses the spec defaults when the rules call fails, passes scope and the chosen bank', async () => {
    const queries: unknown[] = [];
    const signer = createUkeySigner({
      driver: fakeDriver(),
      getRules: () => Promise.reject(new Error('offline')),
      getOriginal: async (q) => {
        queries.push(q);
        return 'original-1';
      },
    });
    const progress: string[] = [];
    const ok = await signer.sign({
      onProgress: (m) => progress.push(m),
      context: { scope: 'creditVoucher/1/approve' },
    });
    expect(ok).toMatchObject({ code: 0, record: { original: 'original-1', ukeyBank: 'CCB' } });
    expect(queries).toEqual([{ scope: 'creditVoucher/1/approve' }]);
    expect(progress.length).toBeGreaterThan(5);
    const mismatch = await signer.sign({ context: { ukeyBank: 'ICBC' } });
    expect(mismatch).toEqual({ code: 12, message: '您选择的UKEY颁发机构与UKEY信息不匹配' });
  });

  it('applies the server rules (minimum driver version)', async () => {
    const signer = createUkeySigner({
      driver: () => fakeDriver(),
      getRules: async () => ({ minDriverVersion: '9.0.0' }),
      getOriginal: async () => 'x',
    });
    expect(await signer.sign()).toMatchObject({ code: 11, message: 'UKEY驱动不是最新版本' });
  });
});

describe('the agent driver (browser side of the loopback protocol)', () => {
  const answers: Record<string, unknown> = {
    version: { ok: true, data: { version: '3.1.0' } },
    keys: { ok: true, data: { keys: [{ keyId: 'k1' }] } },
    sign: { ok: false, error: { code: '0x8010006B', message: 'SCARD_W_WRONG_CHV' } },
  };
  const sent: Array<{ url: string; init: RequestInit }> = [];
  const fakeFetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    const op = url.split('/').pop()!;
    return new Response(JSON.stringify(answers[op] ?? { ok: false, error: { message: 'unknown' } }), {
      status: 200,
    });
  }) as unknown as typeof fetch;

  it('posts JSON to /ukey/v1/<operation> and reads the answer', async () => {
    const driver = createAgentDriver({ baseUrl: 'http://127.0.0.1:18999/', fetch: fakeFetch });
    expect(await driver.version!()).toBe('3.1.0');
    expect(await driver.listKeys()).toEqual([{ keyId: 'k1' }]);
    expect(sent[0]!.url).toBe('http://127.0.0.1:18999/ukey/v1/version');
    expect(sent[0]!.init.method).toBe('POST');
    expect(new Headers(sent[0]!.init.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends the original as base64 UTF-8 and turns a kit error into UkeyDriverError', async () => {
    const driver = createAgentDriver({ baseUrl: 'http://127.0.0.1:18999', fetch: fakeFetch });
    const err = await driver.sign('k1', '原文', 'SM2').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UkeyDriverError);
    expect((err as UkeyDriverError).kitCode).toBe('0x8010006B');
    const body = JSON.parse(String(sent.at(-1)!.init.body)) as {
      data: string;
      keyId: string;
      algorithm: string;
    };
    expect(body).toMatchObject({ keyId: 'k1', algorithm: 'SM2' });
    expect(new TextDecoder().decode(Uint8Array.from(atob(body.data), (c) => c.charCodeAt(0)))).toBe('原文');
  });

  it('reports an agent that is not running as unreachable', async () => {
    const driver = createAgentDriver({
      fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch,
    });
    const err = (await driver.version!().catch((e: unknown) => e)) as UkeyDriverError;
    expect(err.unreachable).toBe(true);
  });

  it('takes the agent address from localStorage only when it is a loopback URL', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null };
    expect(agentUrl(storage)).toBe(DEFAULT_AGENT_URL);
    store.set(AGENT_URL_STORAGE_KEY, 'http://localhost:18555/');
    expect(agentUrl(storage)).toBe('http://localhost:18555');
    store.set(AGENT_URL_STORAGE_KEY, 'https://evil.example:18180');
    expect(agentUrl(storage)).toBe(DEFAULT_AGENT_URL);
  });
});
