import { createHash } from 'node:crypto';
import md5 from 'md5';
import { describe, expect, it, vi } from 'vitest';
import { FILE_MD5_HEADER, FORM_MD5_HEADER, formFieldsText, signedBody } from '@contract/signature';
import { uploadFile } from '@renderer/react/parts/uploads';
import { signatureDigest } from '@server/auth/requestSignature';
import {
  NETWORK_ERROR_MESSAGE,
  REQUEST_TIMEOUT_MS,
  STORAGE_KEYS,
  TERMINAL_CODE,
  type ApiRequestError,
  type ApiResponse,
} from '@/api';
import { CLOCK_UNKNOWN_MESSAGE, FILE_UNREADABLE_MESSAGE } from '@/api/errors';
import { fileMd5 } from '@/api/signature';
import { rendererRequestOn } from '@/pages/schema/rendererServices';
import { harness } from './harness';

const header = (config: { headers: unknown }, name: string): string | undefined =>
  (config.headers as { get(n: string): unknown }).get(name) as string | undefined;

async function failure(p: Promise<unknown>): Promise<ApiRequestError> {
  try {
    await p;
  } catch (e) {
    return e as ApiRequestError;
  }
  throw new Error('expected the call to fail');
}

describe('request conventions (spec section 7)', () => {
  it('adds a cache-busting v to every GET and none to POST', async () => {
    const h = harness();
    await h.instance.get('/v2/security', { params: { a: 1 } });
    await h.instance.post('/uaa/login', { x: 1 });
    expect(h.sent[0]!.url).toBe('/v2/security?a=1&v=1795300000000');
    expect(h.sent[1]!.url).toBe('/uaa/login');
  });

  it('sends arrays as repeated parameters and leaves out null and undefined', async () => {
    const h = harness();
    await h.instance.get('/x', {
      params: { status: ['IS0', 'IS1'], empty: null, gone: undefined, q: '凭证 1' },
    });
    expect(h.sent[0]!.url).toBe(`/x?status=IS0&status=IS1&q=${encodeURIComponent('凭证 1')}&v=1795300000000`);
  });

  it('carries the terminal code and the CSRF token from localStorage', async () => {
    const h = harness();
    h.env.localStorage.setItem(STORAGE_KEYS.csrfToken, 'tok-123');
    await h.instance.get('/x');
    expect(header(h.sent[0]!, 'X-CCBSCF-TERMINAL-CODE')).toBe(TERMINAL_CODE);
    expect(header(h.sent[0]!, 'X-CSRF-TOKEN')).toBe('tok-123');
  });

  it('signs method, path, sorted query, body, timestamp and nonce with the CSRF token (x-vrandom)', async () => {
    const h = harness();
    h.env.localStorage.setItem(STORAGE_KEYS.csrfToken, 'tok-123');
    await h.instance.post('/uaa/login', { username: 'u', password: 'p' }, { params: { b: 2, a: 1 } });
    const sent = h.sent[0]!;
    const [ts, nonce, digest] = header(sent, 'x-vrandom')!.split('.');
    expect(ts).toBe('1795300000000');
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    const canonical = [
      'POST',
      '/api/web/uaa/login',
      'a=1&b=2',
      '{"username":"u","password":"p"}',
      ts,
      nonce,
      'tok-123',
    ].join('\n');
    expect(digest).toBe(md5(canonical));
    expect(sent.data).toBe('{"username":"u","password":"p"}');
  });

  it('sends a POST without a body as no body at all, signed over an empty body', async () => {
    const h = harness();
    await h.instance.post('/records', undefined, { params: { productType: 'abs' } });
    const sent = h.sent[0]!;
    expect(sent.data).toBeUndefined();
    expect(sent.url).toBe('/records?productType=abs');
    const [ts, nonce, digest] = header(sent, 'x-vrandom')!.split('.');
    expect(digest).toBe(md5(['POST', '/api/web/records', 'productType=abs', '', ts, nonce, ''].join('\n')));
  });

  it('sends object bodies as the JSON text it signed, unchanged', async () => {
    const h = harness();
    await h.instance.post('/records', { amount: '99999999999999.98', name: '华建' });
    expect(h.sent[0]!.data).toBe('{"amount":"99999999999999.98","name":"华建"}');
  });

  it('uses a new nonce for every request', async () => {
    const h = harness();
    await h.instance.get('/x');
    await h.instance.get('/x');
    expect(header(h.sent[0]!, 'x-vrandom')!.split('.')[1]).not.toBe(
      header(h.sent[1]!, 'x-vrandom')!.split('.')[1],
    );
  });

  it.each(['put', 'delete'] as const)('sends %s as POST with X-SCF-REAL-HTTP-METHOD', async (method) => {
    const h = harness();
    await h.instance.request({ method, url: '/records/1', data: method === 'put' ? { a: 1 } : undefined });
    expect(h.sent[0]!.method).toBe('post');
    expect(header(h.sent[0]!, 'X-SCF-REAL-HTTP-METHOD')).toBe(method.toUpperCase());
    // The signature names the real method, which is what the server routes on.
    const [ts, nonce, digest] = header(h.sent[0]!, 'x-vrandom')!.split('.');
    const body = method === 'put' ? '{"a":1}' : '';
    expect(digest).toBe(
      md5([method.toUpperCase(), '/api/web/records/1', '', body, ts, nonce, ''].join('\n')),
    );
  });

  it('times out after 300000 ms under /api/web', async () => {
    const h = harness();
    await h.instance.get('/x');
    expect(h.sent[0]!.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(300000);
    expect(h.sent[0]!.baseURL).toBe('/api/web');
  });
});

describe('error rules (spec section 8)', () => {
  it("resolves only code '0'", async () => {
    const h = harness();
    const r = await h.instance.get<ApiResponse<unknown>>('/x');
    expect(r.data.data).toEqual({ ok: true });
  });

  it('shows the server message for a business error', async () => {
    const h = harness();
    h.answer = { status: 200, body: { code: 'SCF.LOGIN_FAILED', message: '用户名或密码错误', data: null } };
    const e = await failure(h.instance.post('/uaa/login', {}));
    expect(e.code).toBe('SCF.LOGIN_FAILED');
    expect(e.message).toBe('用户名或密码错误');
  });

  it.each([
    ['a non-200 status', { status: 500, body: { code: 'X', message: '服务器内部错误' } }],
    ['code 99999999', { status: 200, body: { code: '99999999', message: '系统错误' } }],
    ['an empty message', { status: 200, body: { code: 'E1', message: '' } }],
    ['no body at all', { status: 502, body: '' }],
  ])('uses the network message for %s', async (_, answer) => {
    const h = harness();
    h.answer = answer;
    const e = await failure(h.instance.get('/x'));
    expect(e.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(NETWORK_ERROR_MESSAGE).toBe('网络异常，请您稍后重试。');
  });

  it('uses the network message when the network fails', async () => {
    const h = harness();
    h.answer = new Error('connect ECONNREFUSED');
    const e = await failure(h.instance.get('/x'));
    expect(e.code).toBe('NETWORK');
    expect(e.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it.each([401, 403])(
    'on %i clears the stored role and homepage and goes to the login page',
    async (status) => {
      const h = harness('/cv3/credit/core/index/operator', '?tab=1');
      h.env.sessionStorage.setItem(STORAGE_KEYS.currentRole, 'ROLE_CORE_OPERATOR');
      h.env.localStorage.setItem(STORAGE_KEYS.homepage, '/credit/core/index/operator');
      h.env.localStorage.setItem(STORAGE_KEYS.csrfToken, 'kept');
      h.answer = { status, body: { code: 'SCF.AUTH_REQUIRED', message: '登录已失效' } };
      await failure(h.instance.get('/v2/security'));
      expect(h.env.sessionStorage.getItem(STORAGE_KEYS.currentRole)).toBeNull();
      expect(h.env.localStorage.getItem(STORAGE_KEYS.homepage)).toBeNull();
      expect(h.env.redirects).toEqual([
        `/cv3/login/login?redirect=${encodeURIComponent('/cv3/credit/core/index/operator?tab=1')}`,
      ]);
    },
  );

  it.each([
    '/cv3/login/login',
    '/cv3/login/abs/login',
    '/cv3/register/register',
    '/cv3/register/reset-password',
  ])('does not redirect again from %s', async (path) => {
    const h = harness(path, '');
    h.env.sessionStorage.setItem(STORAGE_KEYS.currentRole, 'ROLE_CORE_OPERATOR');
    h.answer = { status: 401, body: { code: 'SCF.AUTH_REQUIRED', message: '登录已失效' } };
    await failure(h.instance.get('/v2/security'));
    expect(h.env.redirects).toEqual([]);
    expect(h.env.sessionStorage.getItem(STORAGE_KEYS.currentRole)).toBeNull();
  });
});

describe('server clock (a PC clock that is off still signs with server time)', () => {
  const expired = (date?: string) => ({
    status: 400,
    body: { code: 'SCF.REQUEST_EXPIRED', message: '请求已过期，请检查本机时间后重试', data: null },
    headers: date ? { date } : ({} as Record<string, string>),
  });
  const timestampOf = (config: { headers: unknown }) => Number(header(config, 'x-vrandom')!.split('.')[0]);
  // The harness's PC clock says 1795300000000; the server is one day ahead.
  const serverNow = 1795300000000 + 86_400_000;
  const serverDate = new Date(serverNow).toUTCString();

  it('learns the offset from a refused call and signs the retry with server time', async () => {
    const h = harness();
    h.queue.push(expired(serverDate));
    h.answer = { status: 200, body: { code: '0', message: '成功', data: 7 }, headers: { date: serverDate } };
    const res = await h.instance.post<ApiResponse<number>>('/records', { a: 1 }, { params: { p: 1 } });
    expect(res.data.data).toBe(7);
    expect(h.sent).toHaveLength(2);
    expect(timestampOf(h.sent[0]!)).toBe(1795300000000);
    expect(Math.abs(timestampOf(h.sent[1]!) - serverNow)).toBeLessThan(1000);
    // The retry is the same request: same path, query and body.
    expect(h.sent[1]!.url).toBe('/records?p=1');
    expect(h.sent[1]!.data).toBe('{"a":1}');
    // Later calls use the learned offset at once.
    await h.instance.get('/x');
    expect(Math.abs(timestampOf(h.sent[2]!) - serverNow)).toBeLessThan(1000);
  });

  it('retries once only, then says to check the PC clock', async () => {
    const h = harness();
    h.answer = expired(serverDate);
    const e = await failure(h.instance.post('/records', {}));
    expect(h.sent).toHaveLength(2);
    expect(e.code).toBe('SCF.REQUEST_EXPIRED');
    expect(e.message).toBe('请求已过期，请检查本机时间后重试');
  });

  it('says clearly that the server time is unknown when the answer has no Date header', async () => {
    const h = harness();
    h.answer = expired();
    const e = await failure(h.instance.get('/x'));
    expect(h.sent).toHaveLength(1);
    expect(e.message).toBe(CLOCK_UNKNOWN_MESSAGE);
  });

  it('leaves a clock within a minute of the server alone', async () => {
    const h = harness();
    h.answer = {
      status: 200,
      body: { code: '0', message: '成功', data: 1 },
      headers: { date: new Date(1795300000000 + 30_000).toUTCString() },
    };
    await h.instance.get('/x');
    await h.instance.get('/y');
    expect(timestampOf(h.sent[1]!)).toBe(1795300000000);
  });
});

describe('uploads sign their file (x-scf-file-md5, ADR 0001 amendment)', () => {
  // Bytes that are not UTF-8: the md5 must be over the bytes, never over some text made of them.
  const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0x00, 0x80, 0xfe, 0x0a]);
  const form = (): FormData => {
    const data = new FormData();
    data.append('model', 'financeDocument');
    data.append('file', new File([bytes], '合同.pdf', { type: 'application/pdf' }));
    return data;
  };

  it("sends the file's md5 and signs it in place of the body, as the server checks it", async () => {
    const h = harness();
    h.env.localStorage.setItem(STORAGE_KEYS.csrfToken, 'tok-9');
    const data = form();
    const progress: number[] = [];
    await h.instance.request({
      method: 'post',
      url: '/v1/files',
      params: { category: 'contract' },
      data,
      onUploadProgress: (e) => progress.push(e.loaded),
    });
    const sent = h.sent[0]!;
    const fileMd5 = createHash('md5').update(bytes).digest('hex');
    expect(header(sent, 'x-scf-file-md5')).toBe(fileMd5);
    // The field before the file is signed too, through the md5 of its signed text.
    const formMd5 = createHash('md5').update('model=financeDocument').digest('hex');
    expect(header(sent, 'x-scf-form-md5')).toBe(formMd5);
    // The browser's own multipart body, with its boundary header.
    expect(sent.data).toBe(data);
    expect(header(sent, 'content-type')).toBeNull();
    expect(sent.onUploadProgress).toBeTypeOf('function');
    const [ts, nonce, digest] = header(sent, 'x-vrandom')!.split('.');
    expect(digest).toBe(
      md5(
        ['POST', '/api/web/v1/files', 'category=contract', `${fileMd5}\n${formMd5}`, ts, nonce, 'tok-9'].join(
          '\n',
        ),
      ),
    );
    // The server's side of the rule: a multipart request's signed body is the headers' values.
    const parts = {
      method: 'POST',
      path: '/api/web/v1/files',
      rawQuery: 'category=contract',
      timestamp: Number(ts),
      nonce: nonce!,
      csrfToken: 'tok-9',
    };
    const serverBody = signedBody({
      multipart: true,
      body: '',
      fileMd5: header(sent, FILE_MD5_HEADER)!,
      formMd5: header(sent, FORM_MD5_HEADER)!,
    });
    expect(signatureDigest({ ...parts, body: serverBody })).toBe(digest);
    expect(signatureDigest({ ...parts, body: '' })).not.toBe(digest);
    expect(signatureDigest({ ...parts, body: fileMd5 })).not.toBe(digest);
  });

  it('signs the fields before the file by one text: encoded, sorted by name, line breaks as LF', () => {
    const text = formFieldsText([
      ['recordId', 'R1'],
      ['create', '{"title":"合同 & 发票"}\r\n'],
      ['model', 'a=b'],
      ['create', 'second'],
    ]);
    expect(text).toBe(
      `create=${encodeURIComponent('{"title":"合同 & 发票"}\n')}&create=second&model=a%3Db&recordId=R1`,
    );
    expect(formFieldsText([])).toBe('');
  });

  it("signs renderer uploads (FileUpload, upload pages) through the host's request the same way", async () => {
    const h = harness();
    const file = new File([bytes], 'a.pdf', { type: 'application/pdf' });
    h.answer = { status: 200, body: { code: '0', message: '', data: { id: 'F1', name: 'a.pdf', size: 9 } } };
    const done = await uploadFile(
      rendererRequestOn(() => h.instance),
      '/v1/files',
      file,
      { a: 'b' },
      () => {},
    );
    expect(done.fileId).toBe('F1');
    expect(header(h.sent[0]!, 'x-scf-file-md5')).toBe(fileMd5(bytes));
    expect(header(h.sent[0]!, 'x-scf-form-md5')).toBe(md5('a=b'));
  });

  it('sends no md5 header for a form without a file, signed over an empty body', async () => {
    const h = harness();
    const data = new FormData();
    data.append('note', 'x');
    await h.instance.post('/v1/files', data);
    expect(header(h.sent[0]!, 'x-scf-file-md5')).toBeNull();
    expect(header(h.sent[0]!, 'x-scf-form-md5')).toBeNull();
    const [ts, nonce, digest] = header(h.sent[0]!, 'x-vrandom')!.split('.');
    expect(digest).toBe(md5(['POST', '/api/web/v1/files', '', '', ts, nonce, ''].join('\n')));
  });

  it('says so, and sends nothing, when the chosen file cannot be read', async () => {
    const h = harness();
    const spy = vi.spyOn(Blob.prototype, 'arrayBuffer').mockRejectedValueOnce(new Error('NotReadableError'));
    try {
      const error = await failure(h.instance.post('/v1/files', form()));
      expect([error.code, error.message]).toEqual(['FILE_UNREADABLE', FILE_UNREADABLE_MESSAGE]);
      expect(h.sent).toHaveLength(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('md5s bytes, not text, whatever array they come in', () => {
    const expected = createHash('md5').update(bytes).digest('hex');
    expect(fileMd5(bytes)).toBe(expected);
    expect(fileMd5(Buffer.from(bytes))).toBe(expected);
    expect(fileMd5(new Uint8Array([9, ...bytes]).subarray(1))).toBe(expected);
  });
});
