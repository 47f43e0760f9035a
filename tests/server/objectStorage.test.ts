import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/pg-server';
import { type Browser, clock } from './helpers';
import { as, body, create, modelsServer, uploadFile, type ModelsTestServer } from './modelsHelpers';

/**
 * Files in S3-compatible object storage (S3_* variables), against a local S3 server started here: uploads
 * land in the bucket, downloads use the store's own presigned URL (which expires), thumbnails are real
 * resized images made once and kept next to the original.
 */
let s3: S3rver;
let s: ModelsTestServer;
let s3Dir: string;
const BUCKET = 'scf-files';
const startClock = clock.now;

beforeAll(async () => {
  s3Dir = mkdtempSync(join(tmpdir(), 'scf-s3-'));
  const port = await freePort();
  s3 = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  await s3.run();
  Object.assign(process.env, {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'portal/',
  });
  s = await modelsServer();
});

afterAll(async () => {
  clock.now = startClock;
  await s?.close();
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
  for (const k of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'])
    delete process.env[k];
});

/** Object keys in the bucket (s3rver keeps each object as a file `<key>._S3rver_object`). */
function objects(): string[] {
  const suffix = '._S3rver_object';
  return (readdirSync(join(s3Dir, BUCKET), { recursive: true }) as string[])
    .filter((f) => f.endsWith(suffix))
    .map((f) => f.slice(0, -suffix.length));
}

describe('object storage (S3-compatible)', () => {
  let fileId = '';
  let photo: Buffer;

  it('stores an upload in the bucket, not on local disk', async () => {
    const chain = await as(s.app, 'chain_operator');
    const doc = body(
      await create(chain, 'financeDocument', {
        category: 'contract',
        title: '现场照片',
        finCorpId: 'FIN001',
      }),
    );
    expect(doc.code).toBe('0');
    photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer();
    const res = body(
      await uploadFile(
        s.app,
        chain,
        { model: 'financeDocument', recordId: doc.data.id, category: 'contract' },
        {
          name: '现场照片.jpg',
          data: photo,
        },
      ),
    );
    expect(res.code).toBe('0');
    fileId = res.data.id;
    expect(objects().filter((k) => k.endsWith(fileId))).toHaveLength(1);
    expect(objects().every((k) => k.startsWith('portal/'))).toBe(true);
    expect(readdirSync(s.filesDir)).toEqual([]);
    const download = await chain.call('GET', `/v1/files/download/${fileId}`);
    expect(download.rawPayload.equals(photo)).toBe(true);
  });

  it('makes each thumbnail once, as a real resized image kept in the bucket', async () => {
    const chain = await as(s.app, 'chain_operator');
    const sizes: Record<string, number> = { SMALL: 120, MEDIUM: 480, BIG: 1280 };
    for (const [type, side] of Object.entries(sizes)) {
      const res = await chain.call('GET', `/v1/files/${fileId}/snapshot/${type}/show`);
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        'jpeg',
        side,
        Math.round((side * 1000) / 1600),
      ]);
    }
    const kept = objects().filter((k) => k.includes(fileId));
    expect(kept.sort()).toEqual(
      [``, '_BIG', '_MEDIUM', '_SMALL'].map((t) => kept.find((k) => k.endsWith(fileId))! + t).sort(),
    );
    // Asked again, it comes from the store: the kept object is served, not made and written again.
    const small = join(s3Dir, BUCKET, `${kept.find((k) => k.endsWith('_SMALL'))!}._S3rver_object`);
    const written = statSync(small).mtimeMs;
    const again = await chain.call('GET', `/v1/files/${fileId}/snapshot/SMALL/show`);
    expect(again.rawPayload.equals(readFileSync(small))).toBe(true);
    expect(statSync(small).mtimeMs).toBe(written);
    const original = await chain.call('GET', `/v1/files/${fileId}/snapshot/ORIGINAL/show`);
    expect(original.rawPayload.equals(photo)).toBe(true);
  });

  it("hands out a link bound to the asking session, which redirects it to the store's own URL for seconds", async () => {
    // The store checks expiry on its own (real) clock.
    clock.now = new Date();
    const chain = await as(s.app, 'chain_operator');
    const presign = async (b: Browser, thumbnailType: string) =>
      body(
        await b.call('GET', '/v1/files/oss/sts/download/presigned-url', {
          query: { pkFile: fileId, thumbnailType, isAttachment: 'true', localFileName: '照片.jpg' },
        }),
      );
    /** The link opened by a browser navigation, with `cookie` (or none). */
    const open = (url: string, cookie?: string) =>
      s.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    const res = await presign(chain, 'ORIGINAL');
    expect(res.code).toBe('0');
    expect(res.data.useOss).toBe(true);
    // This server's link, never the store's: the store's URL would work for anyone who has it.
    expect(res.data.url).toMatch(new RegExp(`^/api/web/v1/files/signed/${fileId}\\?`));
    expect(res.data.url).not.toContain('X-Amz');

    const followed = await open(res.data.url, chain.cookie);
    expect(followed.statusCode).toBe(302);
    expect(followed.headers['cache-control']).toBe('private, no-store');
    const store = String(followed.headers.location);
    expect(store).toMatch(
      new RegExp(`^${process.env.S3_ENDPOINT}/${BUCKET}/portal/.*${fileId}\\?.*X-Amz-Expires=10`),
    );
    const fetched = await fetch(store);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(photo)).toBe(true);
    expect(fetched.headers.get('content-disposition')).toContain(encodeURIComponent('照片.jpg'));
    expect(fetched.headers.get('content-type')).toBe('image/jpeg');
    const small = await open((await presign(chain, 'SMALL')).data.url, chain.cookie);
    const smallBytes = await fetch(String(small.headers.location));
    expect((await sharp(Buffer.from(await smallBytes.arrayBuffer())).metadata()).width).toBe(120);

    // Nobody else gets the store's URL: without a session, from another session of the same user, and
    // after the asking session logged out, the link is refused.
    const other = await as(s.app, 'chain_operator');
    const refused = [await open(res.data.url), await open(res.data.url, other.cookie)];
    const link = (await presign(other, 'ORIGINAL')).data.url as string;
    expect((await open(link, other.cookie)).statusCode).toBe(302);
    const logout = await s.app.inject({
      method: 'GET',
      url: `/api/web/uaa/logout?_csrf=${encodeURIComponent(other.csrf)}`,
      headers: { cookie: other.cookie },
    });
    expect(logout.statusCode).toBe(302);
    refused.push(await open(link, other.cookie));
    for (const r of refused) {
      expect([r.statusCode, r.headers.location, body(r).code]).toEqual([
        403,
        undefined,
        'SCF.FILE_LINK_INVALID',
      ]);
    }

    // The store's URL itself lives seconds: one redirected to a minute ago is refused by the store.
    clock.now = new Date(Date.now() - 60 * 1000);
    const late = await open((await presign(chain, 'ORIGINAL')).data.url, chain.cookie);
    const stale = await fetch(String(late.headers.location));
    expect(stale.status).toBe(403);
    expect(await stale.text()).toContain('Request has expired');
    clock.now = startClock;
  });

  it('removes the original and its thumbnails from the bucket with the file', async () => {
    const chain = await as(s.app, 'chain_operator');
    expect(body(await chain.call('DELETE', `/v1/files/${fileId}`)).code).toBe('0');
    expect(objects().filter((k) => k.includes(fileId))).toEqual([]);
  });
});
