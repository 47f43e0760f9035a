import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/db';

const KEY_NAME = 'files_url_hmac';
/** How long a presigned download link works. */
export const SIGNED_URL_TTL_MS = 5 * 60 * 1000;

/**
 * How long the object store's own URL works, to which a presigned link of a session redirects that
 * session's browser (server/files/fileRoutes.ts): it follows at once; after this, nobody can use it.
 */
export const STORE_REDIRECT_SECONDS = 10;

/**
 * What a presigned link grants: one file, one rendition, until a time, to the session that asked for it
 * (its id hash is signed but never in the link: the link works only with that session's cookie, so neither
 * someone it is passed on to nor anyone after logout can use it).
 */
export interface SignedGrant {
  fileId: string;
  type: string;
  attachment: boolean;
  name: string;
  expires: number;
  session: string;
}

/** The server's HMAC key for download links, shared by every instance through server_keys. */
export async function loadUrlKey(db: Db): Promise<Buffer> {
  await db.query('insert into server_keys (name, value) values ($1, $2) on conflict (name) do nothing', [
    KEY_NAME,
    randomBytes(32).toString('base64'),
  ]);
  const r = await db.query<{ value: string }>('select value from server_keys where name = $1', [KEY_NAME]);
  return Buffer.from(r.rows[0]!.value, 'base64');
}

const canonical = (g: SignedGrant): string =>
  [g.fileId, g.type, g.attachment ? '1' : '0', g.name, String(g.expires), g.session].join('\n');

export function signGrant(key: Buffer, grant: SignedGrant): string {
  return createHmac('sha256', key).update(canonical(grant)).digest('base64url');
}

/** The query string of a link for `grant`. */
export function grantQuery(key: Buffer, grant: SignedGrant): string {
  return new URLSearchParams({
    type: grant.type,
    attachment: grant.attachment ? '1' : '0',
    name: grant.name,
    expires: String(grant.expires),
    sig: signGrant(key, grant),
  }).toString();
}

/**
 * Whether `sig` signs `grant` with `key` and the grant has not expired at `now` (ms); `grant.session` is
 * the session of the request that presents the link (none: refused).
 */
export function verifyGrant(key: Buffer, grant: SignedGrant, sig: string, now: number): boolean {
  if (!Number.isFinite(grant.expires) || grant.expires < now || !grant.session) return false;
  const expected = Buffer.from(signGrant(key, grant));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
