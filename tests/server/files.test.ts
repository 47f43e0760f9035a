import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { clock, type Browser } from './helpers';
import {
  as,
  body,
  count,
  create,
  getRecord,
  modelsServer,
  step,
  type ModelsTestServer,
  type UploadOptions,
  uploadFile,
} from './modelsHelpers';

let s: ModelsTestServer;
const startClock = clock.now;
beforeAll(async () => {
  s = await modelsServer();
});
afterAll(async () => {
  clock.now = startClock;
  await s.close();
});

const bytes = (...parts: Array<number[] | string>): Buffer =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

/** Smallest real-looking file of each allowed type (magic bytes plus some body). */
const SAMPLES: Record<string, Buffer> = {
  'contract.pdf': bytes('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n'),
  'scan.png': bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR....'),
  'photo.jpg': bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF....'),
  'photo.JPEG': bytes([0xff, 0xd8, 0xff, 0xe1], 'Exif....'),
  '合同.docx': bytes([0x50, 0x4b, 0x03, 0x04], '....[Content_Types].xml....word/document.xml'),
  'ledger.xlsx': bytes([0x50, 0x4b, 0x03, 0x04], '....xl/workbook.xml'),
  'bundle.zip': bytes([0x50, 0x4b, 0x03, 0x04], '....readme.txt'),
  'old.doc': bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], '....'),
  'old.xls': bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], '....'),
  'archive.rar': bytes([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00], '....'),
};

const upload = (
  b: Browser,
  query: Record<string, string>,
  file: { name: string; data: Buffer } | null,
  opts: UploadOptions = {},
): Promise<LightMyRequestResponse> => uploadFile(s.app, b, query, file, opts);

async function newDocument(b: Browser, category = 'contract'): Promise<{ id: string }> {
  const res = body(await create(b, 'financeDocument', { category, title: '贸易合同', finCorpId: 'FIN001' }));
  expect(res.code).toBe('0');
  return res.data;
}

const storedFiles = (): number => {
  const walk = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce(
      (n, e) => n + (e.isDirectory() ? walk(join(dir, e.name)) : 1),
      0,
    );
  return walk(s.filesDir);
};

describe('file upload', () => {
  it('accepts each allowed type, checked by extension and content, and links it to the record', async () => {
    const chain = await as(s.app, 'chain_operator');
    const doc = await newDocument(chain);
    for (const [name, data] of Object.entries(SAMPLES)) {
      const res = await upload(
        chain,
        { model: 'financeDocument', recordId: doc.id, category: 'contract' },
        { name, data },
      );
      expect(body(res).code, `${name}: ${res.body}`).toBe('0');
      expect(body(res).data).toMatchObject({
        name,
        size: data.length,
        category: 'contract',
        recordId: doc.id,
      });
      const record = body(await getRecord(chain, 'financeDocument', doc.id)).data;
      expect(record).toMatchObject({ fileId: body(res).data.id, fileName: name, fileSize: data.length });
    }
    const record = body(await getRecord(chain, 'financeDocument', doc.id)).data;
    expect(record.files.map((f: { name: string }) => f.name).sort()).toEqual(Object.keys(SAMPLES).sort());
    expect(record.audit.filter((a: { action: string }) => a.action === 'upload')).toHaveLength(
      Object.keys(SAMPLES).length,
    );
  });

  it('takes model, record and category as multipart fields too (the renderer posts to /v1/files)', async () => {
    const chain = await as(s.app, 'chain_operator');
    const doc = await newDocument(chain, 'auth');
    const res = await upload(
      chain,
      { model: 'financeDocument', recordId: doc.id, category: 'auth' },
      { name: '授权书.pdf', data: SAMPLES['contract.pdf']! },
      { asFields: true, url: '/api/web/v1/files' },
    );
    expect(body(res)).toMatchObject({
      code: '0',
      data: { name: '授权书.pdf', category: 'auth', recordId: doc.id },
    });
  });

  it.each([
    [
      'an .exe renamed to .pdf',
      'invoice.pdf',
      bytes('MZ\x90\x00\x03\x00\x00\x00'),
      'SCF.FILE_CONTENT_MISMATCH',
      '文件内容与扩展名“pdf”不符，请上传真实的pdf文件',
    ],
    [
      'an .exe',
      'setup.exe',
      bytes('MZ\x90\x00'),
      'SCF.FILE_TYPE_INVALID',
      '不支持的文件类型，仅支持doc、docx、xls、xlsx、pdf、jpeg、jpg、png、zip、rar',
    ],
    [
      'a PNG named .jpg',
      'photo.jpg',
      SAMPLES['scan.png']!,
      'SCF.FILE_CONTENT_MISMATCH',
      '文件内容与扩展名“jpg”不符，请上传真实的jpg文件',
    ],
    [
      'a plain zip named .docx',
      'report.docx',
      SAMPLES['bundle.zip']!,
      'SCF.FILE_CONTENT_MISMATCH',
      '文件内容与扩展名“docx”不符，请上传真实的docx文件',
    ],
    ['an empty file', 'empty.pdf', Buffer.alloc(0), 'SCF.FILE_EMPTY', '文件内容为空，请重新选择'],
    [
      'a file over 20 MB',
      'big.pdf',
      Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(20 * 1024 * 1024)]),
      'SCF.FILE_TOO_LARGE',
      '文件大小不能超过20MB',
    ],
    [
      'a too-long name',
      `${'长'.repeat(100)}.pdf`,
      SAMPLES['contract.pdf']!,
      'SCF.FILE_NAME_INVALID',
      '文件名不能超过100个字符',
    ],
  ])('refuses %s and stores nothing', async (_what, name, data, code, message) => {
    const chain = await as(s.app, 'chain_operator');
    const doc = await newDocument(chain);
    const [rows, stored] = [await count(s, 'biz_files'), storedFiles()];
    const res = await upload(
      chain,
      { model: 'financeDocument', recordId: doc.id, category: 'contract' },
      { name, data },
    );
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ code, message });
    expect([await count(s, 'biz_files'), storedFiles()]).toEqual([rows, stored]);
    expect(body(await getRecord(chain, 'financeDocument', doc.id)).data).toMatchObject({
      fileId: null,
      version: 1,
    });
  });

  it('creates the record with its file, and no record when the file is refused', async () => {
    const chain = await as(s.app, 'chain_operator');
    const fields = JSON.stringify({ category: 'other', title: '其他资料', finCorpId: 'FIN001' });
    const records = await count(s, 'finance_document');
    const refused = await upload(
      chain,
      { model: 'financeDocument', category: 'other', create: fields },
      { name: 'fake.pdf', data: bytes('MZ\x90\x00\x03\x00\x00\x00') },
      { asFields: true },
    );
    expect(body(refused).code).toBe('SCF.FILE_CONTENT_MISMATCH');
    expect(await count(s, 'finance_document')).toBe(records);
    const accepted = body(
      await upload(
        chain,
        { model: 'financeDocument', category: 'other', create: fields },
        { name: '其他.pdf', data: SAMPLES['contract.pdf']! },
        { asFields: true },
      ),
    );
    expect(accepted).toMatchObject({ code: '0', data: { name: '其他.pdf', category: 'other' } });
    expect(await count(s, 'finance_document')).toBe(records + 1);
    expect(body(await getRecord(chain, 'financeDocument', accepted.data.recordId)).data).toMatchObject({
      fileName: '其他.pdf',
      category: 'other',
    });
  });

  it('lets only the owning enterprise upload, in an open state, to a declared category', async () => {
    const chain = await as(s.app, 'chain_operator');
    const doc = await newDocument(chain);
    const file = { name: 'a.pdf', data: SAMPLES['contract.pdf']! };
    const unit = await upload(
      await as(s.app, 'unit_operator'),
      { model: 'financeDocument', recordId: doc.id, category: 'contract' },
      file,
    );
    expect([unit.statusCode, body(unit).code]).toEqual([403, 'SCF.RECORD_FORBIDDEN']);
    const fin = await upload(
      await as(s.app, 'fin_client_manager'),
      { model: 'financeDocument', recordId: doc.id, category: 'contract' },
      file,
    );
    expect([fin.statusCode, body(fin).code]).toEqual([403, 'SCF.ACTION_ROLE_FORBIDDEN']);
    expect(
      body(await upload(chain, { model: 'financeDocument', recordId: doc.id, category: 'selfie' }, file))
        .code,
    ).toBe('SCF.FILE_CATEGORY_INVALID');
    const voucher = (
      await s.db.query<{ id: string }>(
        "select id from credit_voucher where holder_corp_id = 'SUP001' limit 1",
      )
    ).rows[0]!;
    expect(
      body(await upload(chain, { model: 'creditVoucher', recordId: voucher.id, category: 'other' }, file))
        .code,
    ).toBe('SCF.FILE_CATEGORY_INVALID');
    const noCsrf = await upload(
      chain,
      { model: 'financeDocument', recordId: doc.id, category: 'contract' },
      file,
      { noCsrf: true },
    );
    expect([noCsrf.statusCode, body(noCsrf).code]).toEqual([403, 'SCF.CSRF_INVALID']);
    expect(
      body(await upload(chain, { model: 'financeDocument', recordId: doc.id, category: 'contract' }, null))
        .code,
    ).toBe('SCF.FILE_MISSING');

    // Submitting needs the file; once under review, uploads are closed.
    expect(
      body(
        await chain.call('POST', `/biz/v1/models/financeDocument/records/${doc.id}/actions/submit`, {
          body: { version: 1 },
        }),
      ).code,
    ).toBe('SCF.FILE_REQUIRED');
    expect(
      body(await upload(chain, { model: 'financeDocument', recordId: doc.id, category: 'contract' }, file))
        .code,
    ).toBe('0');
    expect((await step(chain, 'financeDocument', doc.id, 'submit')).status).toBe('DS1');
    const closed = body(
      await upload(chain, { model: 'financeDocument', recordId: doc.id, category: 'contract' }, file),
    );
    expect(closed).toMatchObject({
      code: 'SCF.FILE_UPLOAD_CLOSED',
      message: '当前状态为“初审中”，不能上传或删除文件',
    });
  });
});

describe('the uploaded file is signed (x-scf-file-md5, ADR 0001 amendment)', () => {
  const A = { name: '合同.pdf', data: SAMPLES['contract.pdf']! };
  const B = bytes('%PDF-1.7\n1 0 obj << /Tampered true >> endobj\n%%EOF\n');

  it("refuses a valid signature for file A sent with file B's bytes, and stores nothing; file A passes", async () => {
    const chain = await as(s.app, 'chain_operator');
    const doc = await newDocument(chain);
    const target = { model: 'financeDocument', recordId: doc.id, category: 'contract' };
    const [rows, stored] = [await count(s, 'biz_files'), storedFiles()];
    const swapped = await upload(chain, target, { name: A.name, data: B }, { signedFile: A.data });
    expect([swapped.statusCode, body(swapped).code, body(swapped).message]).toEqual([
      200,
      'SCF.FILE_HASH_MISMATCH',
      '上传的文件与签名不符，请重新上传',
    ]);
    // Without the header (a client signing multipart bodies as empty), the file is refused the same way.
    const unsigned = await upload(chain, target, A, { noFileMd5: true });
    expect(body(unsigned).code).toBe('SCF.FILE_HASH_MISMATCH');
    // B's md5 put in the header after signing A: the signature no longer matches.
    const relabelled = await upload(
      chain,
      target,
      { name: A.name, data: B },
      { signedFile: A.data, headers: { 'x-scf-file-md5': createHash('md5').update(B).digest('hex') } },
    );
    expect([relabelled.statusCode, body(relabelled).code]).toEqual([400, 'SCF.SIGNATURE_INVALID']);
    expect([await count(s, 'biz_files'), storedFiles()]).toEqual([rows, stored]);
    expect(body(await getRecord(chain, 'financeDocument', doc.id)).data).toMatchObject({
      fileId: null,
      version: 1,
    });

    const right = await upload(chain, target, A);
    expect(body(right)).toMatchObject({ code: '0', data: { name: A.name, size: A.data.length } });
    expect([await count(s, 'biz_files'), storedFiles()]).toEqual([rows + 1, stored + 1]);
    const download = await chain.call('GET', `/v1/files/download/${body(right).data.id}`);
    expect(download.rawPayload.equals(A.data)).toBe(true);
  });

  it('every server route that reads an uploaded file checks it against the signature', () => {
    const sources = (readdirSync('server', { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts'))
      .map((f) => [f, readFileSync(join('server', f), 'utf8')] as const);
    const readers = sources.filter(([, text]) =>
      /\breq(uest)?\.(file|files|parts|saveRequestFiles)\(/.test(text),
    );
    expect(readers.map(([f]) => f).sort()).toEqual(['files/fileRoutes.ts', 'lists/imports.ts']);
    for (const [f, text] of readers) expect(text, f).toContain('requireSignedFile(req, data)');
  });

  it('refuses form fields changed, added or removed after signing (x-scf-form-md5), and stores nothing', async () => {
    const chain = await as(s.app, 'chain_operator');
    const [mine, other] = [await newDocument(chain), await newDocument(chain)];
    const target = { model: 'financeDocument', recordId: mine.id, category: 'contract' };
    const sent = { ...target, recordId: other.id };
    const fields = JSON.stringify({ category: 'other', title: '其他资料', finCorpId: 'FIN001' });
    const [rows, records, stored] = [
      await count(s, 'biz_files'),
      await count(s, 'finance_document'),
      storedFiles(),
    ];
    const url = '/api/web/v1/files';
    const tampered = [
      // Another record than the signed one.
      await upload(chain, sent, A, { asFields: true, url, signedFields: target }),
      // A field added on the way, and one taken out.
      await upload(chain, { ...target, note: 'x' }, A, { asFields: true, url, signedFields: target }),
      await upload(chain, { model: target.model, recordId: mine.id }, A, {
        asFields: true,
        url,
        signedFields: target,
      }),
      // Another record to create than the signed one.
      await upload(
        chain,
        { model: 'financeDocument', category: 'other', create: fields.replace('其他资料', '篡改') },
        A,
        {
          asFields: true,
          url,
          signedFields: { model: 'financeDocument', category: 'other', create: fields },
        },
      ),
      // Fields signed as none (no form md5 header).
      await upload(chain, target, A, { asFields: true, url, signedFields: {} }),
    ];
    expect(tampered.map((r) => [r.statusCode, body(r).code])).toEqual(
      Array.from({ length: 5 }, () => [400, 'SCF.SIGNATURE_INVALID']),
    );
    expect([await count(s, 'biz_files'), await count(s, 'finance_document'), storedFiles()]).toEqual([
      rows,
      records,
      stored,
    ]);
    const right = await upload(chain, target, A, { asFields: true, url });
    expect(body(right)).toMatchObject({ code: '0', data: { recordId: mine.id } });
  });

  it('creates no record when the file of an upload-with-create is not the signed one', async () => {
    const chain = await as(s.app, 'chain_operator');
    const fields = JSON.stringify({ category: 'other', title: '其他资料', finCorpId: 'FIN001' });
    const [records, rows] = [await count(s, 'finance_document'), await count(s, 'biz_files')];
    const swapped = await upload(
      chain,
      { model: 'financeDocument', category: 'other', create: fields },
      { name: A.name, data: B },
      { asFields: true, url: '/api/web/v1/files', signedFile: A.data },
    );
    expect(body(swapped).code).toBe('SCF.FILE_HASH_MISMATCH');
    expect([await count(s, 'finance_document'), await count(s, 'biz_files')]).toEqual([records, rows]);
  });
});

describe('file download', () => {
  let fileId = '';
  let chain: Browser;
  const data = SAMPLES['合同.docx']!;

  beforeAll(async () => {
    chain = await as(s.app, 'chain_operator');
    const doc = await newDocument(chain);
    fileId = body(
      await upload(
        chain,
        { model: 'financeDocument', recordId: doc.id, category: 'contract' },
        { name: '合同.docx', data },
      ),
    ).data.id;
  });

  it('serves the file to enterprises that see its record, by every download path', async () => {
    const res = await chain.call('GET', `/v1/files/download/${fileId}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(data)).toBe(true);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(res.headers['content-disposition']).toContain(
      `attachment; filename="__.docx"; filename*=UTF-8''${encodeURIComponent('合同.docx')}`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const named = await chain.call(
      'GET',
      `/v1/files/${encodeURIComponent('采购合同.docx')}/download/${fileId}`,
    );
    expect(named.headers['content-disposition']).toContain(encodeURIComponent('采购合同.docx'));
    const snapshot = await chain.call('GET', `/v1/files/${fileId}/snapshot/SMALL/show`);
    expect([snapshot.statusCode, snapshot.rawPayload.equals(data)]).toEqual([200, true]);
    expect(snapshot.headers['content-disposition']).toMatch(/^inline;/);
    expect(body(await chain.call('GET', `/v1/files/${fileId}/snapshot/HUGE/show`)).code).toBe(
      'SCF.BAD_REQUEST',
    );
    // The finance institution reviews the document, so it may read it.
    expect(
      (await (await as(s.app, 'fin_client_manager')).call('GET', `/v1/files/download/${fileId}`)).statusCode,
    ).toBe(200);
  });

  it('refuses a download to another enterprise', async () => {
    const unit = await as(s.app, 'unit_operator');
    for (const path of [
      `/v1/files/download/${fileId}`,
      `/v1/files/x.docx/download/${fileId}`,
      `/v1/files/${fileId}/snapshot/ORIGINAL/show`,
    ]) {
      const res = await unit.call('GET', path);
      expect([res.statusCode, body(res).code]).toEqual([403, 'SCF.RECORD_FORBIDDEN']);
    }
    const presign = await unit.call('GET', '/v1/files/oss/sts/download/presigned-url', {
      query: { pkFile: fileId },
    });
    expect(presign.statusCode).toBe(403);
  });

  it('hands out a presigned link that works in the session that asked for it (no CSRF header), then expires', async () => {
    const res = body(
      await chain.call('GET', '/v1/files/oss/sts/download/presigned-url', {
        query: {
          pkFile: fileId,
          thumbnailType: 'ORIGINAL',
          isAttachment: 'true',
          localFileName: '采购合同.docx',
          xOssProcess: '',
        },
      }),
    );
    expect(res.code).toBe('0');
    expect(res.data.useOss).toBe(false);
    expect(res.data.url).toMatch(new RegExp(`^/api/web/v1/files/signed/${fileId}\\?`));
    const open = (url: string, cookie = chain.cookie) =>
      s.app.inject({ method: 'GET', url, headers: { cookie } });
    const fetched = await open(res.data.url);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(data)).toBe(true);
    expect(fetched.headers['content-disposition']).toContain(encodeURIComponent('采购合同.docx'));

    const tampered = await open(res.data.url.replace(/name=[^&]+/, 'name=evil.docx'));
    expect([tampered.statusCode, tampered.json().code]).toEqual([403, 'SCF.FILE_LINK_INVALID']);
    clock.now = new Date(startClock.getTime() + 5 * 60 * 1000 + 1000);
    const expired = await open(res.data.url);
    expect([expired.statusCode, expired.json().code, expired.json().message]).toEqual([
      403,
      'SCF.FILE_LINK_INVALID',
      '下载链接无效或已过期，请重新获取',
    ]);
    clock.now = startClock;
  });

  it('refuses a presigned link without its session: none, another one, or after logout', async () => {
    const mine = await as(s.app, 'chain_operator');
    const url = body(
      await mine.call('GET', '/v1/files/oss/sts/download/presigned-url', { query: { pkFile: fileId } }),
    ).data.url as string;
    const open = (cookie?: string) => s.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect((await open(mine.cookie)).statusCode).toBe(200);
    const refused = [403, 'SCF.FILE_LINK_INVALID'];
    const codeOf = (r: Awaited<ReturnType<typeof open>>) => [r.statusCode, r.json().code];
    expect(codeOf(await open())).toEqual(refused);
    // The same user in another browser, and another user of the same enterprise.
    expect(codeOf(await open((await as(s.app, 'chain_operator')).cookie))).toEqual(refused);
    expect(codeOf(await open((await as(s.app, 'chain_director')).cookie))).toEqual(refused);
    const logout = await s.app.inject({
      method: 'GET',
      url: `/api/web/uaa/logout?_csrf=${encodeURIComponent(mine.csrf)}`,
      headers: { cookie: mine.cookie },
    });
    expect(logout.statusCode).toBe(302);
    expect(codeOf(await open(mine.cookie))).toEqual(refused);
  });

  it('serves seeded demo documents and deletes a file while the record is open', async () => {
    const seeded = (
      await s.db.query<{ id: string }>(
        "select id from biz_files where storage_key like 'seed/%' and corp_id = 'SUP001' limit 1",
      )
    ).rows[0]!;
    const demo = await chain.call('GET', `/v1/files/download/${seeded.id}`);
    expect([demo.statusCode, demo.rawPayload.subarray(0, 5).toString()]).toEqual([200, '%PDF-']);

    const doc = await newDocument(chain);
    const id = body(
      await upload(
        chain,
        { model: 'financeDocument', recordId: doc.id, category: 'contract' },
        { name: 'x.pdf', data: SAMPLES['contract.pdf']! },
      ),
    ).data.id;
    const stored = storedFiles();
    const del = await chain.call('DELETE', `/v1/files/${id}`, {
      headers: { 'x-scf-real-http-method': 'DELETE' },
    });
    expect(body(del).code).toBe('0');
    expect(storedFiles()).toBe(stored - 1);
    expect(body(await getRecord(chain, 'financeDocument', doc.id)).data).toMatchObject({
      fileId: null,
      fileName: null,
      files: [],
    });
    expect(body(await chain.call('GET', `/v1/files/download/${id}`)).code).toBe('SCF.FILE_NOT_FOUND');
  });

  it('deletes a file like a transition: audit entry, version check, the file gone from the record', async () => {
    const doc = await newDocument(chain);
    const pdf = { name: '删除.pdf', data: SAMPLES['contract.pdf']! };
    const id = body(
      await upload(chain, { model: 'financeDocument', recordId: doc.id, category: 'contract' }, pdf),
    ).data.id;
    const version = body(await getRecord(chain, 'financeDocument', doc.id)).data.version;
    const del = (v: number) =>
      chain.call('DELETE', `/v1/files/${id}`, {
        query: { version: String(v) },
        headers: { 'x-scf-real-http-method': 'DELETE' },
      });
    expect(body(await del(version - 1)).code).toBe('SCF.VERSION_CONFLICT');
    expect(body(await del(version)).code).toBe('0');
    const record = body(await getRecord(chain, 'financeDocument', doc.id)).data;
    expect(record.version).toBe(version + 1);
    expect(record.audit.at(-1)).toMatchObject({
      action: 'deleteFile',
      actionTitle: '删除文件',
      reason: '删除.pdf',
    });
    expect(body(await del(version + 1)).code).toBe('SCF.FILE_NOT_FOUND');
  });

  it('lets one of two concurrent replacements of a file win; the other is refused and stores nothing', async () => {
    const doc = await newDocument(chain);
    const first = body(
      await upload(
        chain,
        { model: 'financeDocument', recordId: doc.id, category: 'contract' },
        { name: '原件.pdf', data: SAMPLES['contract.pdf']! },
      ),
    ).data.id;
    const { version } = body(await getRecord(chain, 'financeDocument', doc.id)).data;
    const stored = storedFiles();
    const replace = (name: string, extra: Record<string, string>) =>
      upload(
        chain,
        { model: 'financeDocument', recordId: doc.id, category: 'contract', ...extra },
        { name, data: SAMPLES['contract.pdf']! },
        { asFields: true },
      );
    // By version: both saw the same version, only the first write keeps it.
    const byVersion = await Promise.all([
      replace('甲.pdf', { version: String(version) }),
      replace('乙.pdf', { version: String(version) }),
    ]);
    expect(byVersion.map((r) => body(r).code).sort()).toEqual(['0', 'SCF.VERSION_CONFLICT']);
    const winner = body(byVersion.find((r) => body(r).code === '0')!).data;
    // By the file replaced: the second finds it gone.
    const byFile = await Promise.all([
      replace('丙.pdf', { replaces: winner.id }),
      replace('丁.pdf', { replaces: winner.id }),
    ]);
    expect(byFile.map((r) => body(r).code).sort()).toEqual(['0', 'SCF.VERSION_CONFLICT']);
    const last = body(byFile.find((r) => body(r).code === '0')!).data;
    const record = body(await getRecord(chain, 'financeDocument', doc.id)).data;
    expect(record).toMatchObject({ fileId: last.id, fileName: last.name });
    expect(record.files.map((f: { id: string }) => f.id).sort()).toEqual([first, last.id].sort());
    expect(record.audit.filter((a: { action: string }) => a.action === 'replaceFile')).toHaveLength(1);
    // The winners' bytes are kept (the replaced one's removed), the losers' never stay.
    expect(storedFiles()).toBe(stored + 1);
  });
});
