import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMINAL_CODE } from '@/api/constants';
import { signRequest } from '@/api/signature';
import { databaseErrorCode } from '@server/inputBoundary';
import { Browser, clock } from './helpers';
import { API, as, body, count, create, list, type ModelsTestServer, modelsServer } from './modelsHelpers';

/** server/inputBoundary.ts: each malformed input an attacker tried answers a coded error, never a 500, and writes nothing. */
let s: ModelsTestServer;
let coreOp: Browser;
let fin: Browser;
let chainOp: Browser;
beforeAll(async () => {
  s = await modelsServer();
  coreOp = await as(s.app, 'core_operator');
  fin = await as(s.app, 'fin_product_manager');
  chainOp = await as(s.app, 'chain_operator');
});
afterAll(async () => s.close());

const issue = (over: Record<string, unknown> = {}) => ({
  supplierCorpId: 'SUP001',
  statements: [
    {
      statementNo: 'DZ-H-001',
      statementDate: '2026-11-01',
      statementAmount: '1000.00',
      billAmount: '1000.00',
      expectedPayDate: '2027-01-15',
    },
  ],
  amount: '1000.00',
  dueDate: '2027-01-15',
  ...over,
});

// A limit is granted only for a product its holder opened (creditLimit.corpId `opened`): supplier 1 opened ABS.
const limit = (over: Record<string, unknown> = {}) => ({
  corpId: 'SUP001',
  product: 'abs',
  total: '1000.00',
  effectiveDate: '2026-11-20',
  expireDate: '2027-11-20',
  ...over,
});

/** A JSON text sent verbatim (signed over exactly these bytes), as an attacker's client would. */
function rawRequest(b: Browser, path: string, text: string) {
  const url = `/api/web${path}`;
  const headers = {
    cookie: b.cookie,
    'content-type': 'application/json',
    'x-ccbscf-terminal-code': TERMINAL_CODE,
    'x-csrf-token': b.csrf,
    'x-vrandom': signRequest({
      method: 'POST',
      path: url,
      rawQuery: '',
      body: text,
      csrfToken: b.csrf,
      timestamp: clock.now.getTime(),
    }),
  };
  return () => s.app.inject({ method: 'POST', url, headers, payload: text });
}

const rawPost = (b: Browser, path: string, text: string) => rawRequest(b, path, text)();

describe('NUL characters and lone surrogates are refused with SCF.TEXT_INVALID', () => {
  it('in a list filter, a record id, a message filter and an aggregate filter', async () => {
    for (const [path, query] of [
      [`${API}/creditIssue/records`, { issueNo: 'a\u0000b' }],
      [`${API}/creditIssue/records/a\u0000b`, {}],
      ['/corp/v1/sys/messages', { status: 'UN\u0000READ' }],
      [`${API}/creditIssue/aggregates`, { groupBy: 'status', issueNo: '\u0000' }],
    ] as const) {
      const res = await coreOp.call('GET', path, { query });
      expect(res.statusCode, path).toBe(200);
      expect(body(res).code, path).toBe('SCF.TEXT_INVALID');
    }
  });

  it('in a create body, at any depth, and in a key; nothing is written', async () => {
    const before = await count(s, 'credit_issue');
    for (const payload of [
      issue({ remark: 'x\u0000y' }),
      issue({ statements: [{ ...issue().statements[0], statementNo: 'A\u0000' }] }),
      issue({ contractNo: 'HT-\ud800' }),
      issue({ statements: [{ ...issue().statements[0], statementNo: '\udc00lone' }] }),
      { ...issue(), ['k\u0000']: 1 },
    ]) {
      const res = await create(coreOp, 'creditIssue', payload);
      expect(body(res).code).toBe('SCF.TEXT_INVALID');
    }
    expect(await count(s, 'credit_issue')).toBe(before);
  });

  it('a well-formed surrogate pair (an emoji) is ordinary text', async () => {
    const res = await create(coreOp, 'creditIssue', issue({ remark: '好😀' }));
    expect(body(res).code).toBe('0');
    expect(body(res).data.remark).toBe('好😀');
  });

  it('in the login user name', async () => {
    const res = await new Browser(s.app).login('core_\u0000operator');
    expect(body(res).code).toBe('SCF.TEXT_INVALID');
  });
});

describe('dates are real calendar days in business ranges', () => {
  it('refuses impossible dates in date-range filters', async () => {
    for (const value of ['2026-02-30', '0000-01-01', '9999-12-31', '2026-13-01', '2026-1-1']) {
      const res = await coreOp.call('GET', `${API}/creditIssue/records`, { query: { dueDateFrom: value } });
      expect(body(res).code, value).toBe('SCF.QUERY_INVALID');
    }
    expect(
      body(await coreOp.call('GET', `${API}/creditIssue/records`, { query: { dueDateFrom: '2028-02-29' } }))
        .code,
    ).toBe('0');
  });

  it('refuses impossible dates in date fields', async () => {
    const before = await count(s, 'credit_issue');
    for (const dueDate of ['2027-02-30', '0000-01-01', '9999-12-31']) {
      const res = body(await create(coreOp, 'creditIssue', issue({ dueDate })));
      expect(res.code, dueDate).toBe('SCF.RECORD_INVALID');
      expect(res.message).toContain('到期日');
    }
    expect(await count(s, 'credit_issue')).toBe(before);
  });

  it('refuses a limit effective after it expires, or far outside the declared window', async () => {
    const before = await count(s, 'credit_limit');
    expect(
      body(
        await create(fin, 'creditLimit', limit({ effectiveDate: '2027-06-01', expireDate: '2027-05-01' })),
      ),
    ).toMatchObject({
      code: 'SCF.DATE_ORDER_INVALID',
      message: '到期日须晚于生效日',
    });
    expect(body(await create(fin, 'creditLimit', limit({ expireDate: '2026-11-20' }))).code).toBe(
      'SCF.DATE_ORDER_INVALID',
    );
    // The model's dayWindow of each date (the test clock's today is 2026-11-20).
    expect(body(await create(fin, 'creditLimit', limit({ effectiveDate: '2020-01-01' })))).toMatchObject({
      code: 'SCF.RECORD_INVALID',
      message: '生效日须在今天前后一年内',
    });
    expect(body(await create(fin, 'creditLimit', limit({ expireDate: '2099-12-31' })))).toMatchObject({
      code: 'SCF.RECORD_INVALID',
      message: '到期日不能晚于十年后',
    });
    expect(await count(s, 'credit_limit')).toBe(before);
    expect(body(await create(fin, 'creditLimit', limit())).code).toBe('0');
  });

  it('refuses an invoice dated in the future', async () => {
    const res = body(
      await create(chainOp, 'financeDocument', {
        category: 'invoice',
        finCorpId: 'FIN001',
        invoiceCode: '1100202130',
        invoiceNo: '12345678',
        invoiceAmount: '100.00',
        invoiceDate: '2026-12-01',
      }),
    );
    expect(res).toMatchObject({ code: 'SCF.RECORD_INVALID', message: '开票日期须为今天或之前十年内' });
  });
});

describe('__proto__ keys cannot carry a required field past validation', () => {
  it.each([
    ['financeDocument', '{"finCorpId":"FIN001","__proto__":{"category":"contract"}}'],
    [
      'creditLimit',
      '{"product":"abs","total":"1.00","effectiveDate":"2026-11-20","expireDate":"2027-11-20","__proto__":{"corpId":"SUP002"}}',
    ],
    ['creditTransfer', '{"sourceVoucherId":"x","__proto__":{"lines":[]}}'],
    ['creditIssue', '{"supplierCorpId":"SUP001","constructor":{"prototype":{"amount":"1.00"}}}'],
  ])('%s: refused as SCF.BODY_INVALID, nothing written', async (model, text) => {
    const who = model === 'creditLimit' ? fin : model === 'creditIssue' ? coreOp : chainOp;
    const table = {
      financeDocument: 'finance_document',
      creditLimit: 'credit_limit',
      creditTransfer: 'credit_transfer',
      creditIssue: 'credit_issue',
    }[model]!;
    const before = await count(s, table);
    const res = await rawPost(who, `${API}/${model}/records`, text);
    expect(res.statusCode).toBe(200);
    expect(body(res).code).toBe('SCF.BODY_INVALID');
    expect(await count(s, table)).toBe(before);
  });
});

type Answer = Awaited<ReturnType<typeof rawPost>>;

/**
 * CPU time of this process (app.inject runs the server here) for the request, signed beforehand; the
 * best of three, so a garbage collection of earlier tests' leftovers is not counted as the request's.
 */
async function cpuMs(send: () => Promise<Answer>): Promise<{ ms: number; res: Answer }> {
  let best = Infinity;
  let res: Answer | undefined;
  for (let i = 0; i < 3; i++) {
    const start = process.cpuUsage();
    res = await send();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return { ms: best, res: res! };
}

describe('one request cannot freeze the server', () => {
  it('a 64,000-key body is refused within 200 ms of CPU with a short answer', async () => {
    const keys = Array.from({ length: 64_000 }, (_, i) => `"k${i}":1`).join(',');
    const text = `{${keys}}`;
    expect(text.length).toBeGreaterThan(600_000);
    const { ms, res } = await cpuMs(rawRequest(coreOp, `${API}/creditIssue/records`, text));
    expect(body(res).code).toBe('SCF.BODY_TOO_COMPLEX');
    expect(res.body.length).toBeLessThan(1000);
    expect(ms).toBeLessThan(200);
  });

  it('a 64,000-item array is refused within 200 ms of CPU', async () => {
    const text = JSON.stringify(issue({ statements: Array.from({ length: 64_000 }, () => 1) }));
    const { ms, res } = await cpuMs(rawRequest(coreOp, `${API}/creditIssue/records`, text));
    expect(body(res).code).toBe('SCF.BODY_TOO_COMPLEX');
    expect(ms).toBeLessThan(200);
  });

  it('400 unknown keys (within the limit) give a capped, de-duplicated error list', async () => {
    const payload: Record<string, unknown> = issue();
    for (let i = 0; i < 400; i++) payload[`unknown${i}`] = i;
    const res = body(await create(coreOp, 'creditIssue', payload));
    expect(res.code).toBe('SCF.RECORD_INVALID');
    expect(res.data.errors).toHaveLength(50);
    expect(res.data.total).toBe(400);
  });

  it('a body nested deeper than the limit is refused', async () => {
    const text = `{"remark":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect(body(await rawPost(coreOp, `${API}/creditIssue/records`, text)).code).toBe('SCF.BODY_TOO_COMPLEX');
  });

  it('malformed JSON is SCF.BODY_INVALID', async () => {
    expect(body(await rawPost(coreOp, `${API}/creditIssue/records`, '{"a":')).code).toBe('SCF.BODY_INVALID');
  });
});

describe('multipart uploads that are not well formed', () => {
  const send = (contentType: string, payload: string) => {
    const url = '/api/web/v1/files/upload';
    return s.app.inject({
      method: 'POST',
      url: `${url}?model=financeDocument&recordId=x&category=contract`,
      headers: {
        cookie: chainOp.cookie,
        'content-type': contentType,
        'x-ccbscf-terminal-code': TERMINAL_CODE,
        'x-csrf-token': chainOp.csrf,
        'x-vrandom': signRequest({
          method: 'POST',
          path: url,
          rawQuery: 'model=financeDocument&recordId=x&category=contract',
          body: '',
          csrfToken: chainOp.csrf,
          timestamp: clock.now.getTime(),
        }),
      },
      payload,
    });
  };

  it('without a boundary, or with a truncated body, answers a coded error', async () => {
    for (const [type, payload] of [
      [
        'multipart/form-data',
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF',
      ],
      [
        'multipart/form-data; boundary=zzz',
        '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 trunc',
      ],
      [
        'multipart/form-data; boundary=zzz',
        '--zzz\r\nContent-Disposition: form-data; name="model"\r\n\r\nfinanceDocument',
      ],
    ] as const) {
      const res = await send(type, payload);
      expect(res.statusCode, payload).toBeLessThan(500);
      expect(body(res).code, payload).toMatch(/^SCF\./);
    }
  });

  it('a NUL in the uploaded file name is SCF.TEXT_INVALID', async () => {
    const res = await send(
      'multipart/form-data; boundary=zzz',
      '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--zzz--\r\n',
    );
    expect(body(res).code).toBe('SCF.TEXT_INVALID');
  });
});

describe('database errors become coded errors', () => {
  it('maps SQLSTATE classes of real database errors', async () => {
    const err = async (sql: string) =>
      s.db.query(sql).then(
        () => null,
        (e: unknown) => e,
      );
    expect(databaseErrorCode(await err("select '0000-01-01'::date"))).toBe('DATA_INVALID');
    expect(databaseErrorCode(await err("select 'a'::int"))).toBe('DATA_INVALID');
    expect(databaseErrorCode(await err('select 1/0'))).toBe('DATA_INVALID');
    expect(
      databaseErrorCode(await err('insert into users (id) values ((select id from users limit 1))')),
    ).toBe('DATA_CONFLICT');
    expect(databaseErrorCode(new Error('plain'))).toBeNull();
  });

  it('lists still work after the refusals (nothing half written)', async () => {
    expect((await list(coreOp, 'creditIssue')).pagecond.count).toBeGreaterThan(0);
  });
});
