import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/db';

const KEY_NAME = 'auth_token_hmac';
/** How long a user token (GET /corp/v1/auth/token) may be presented. */
export const USER_TOKEN_TTL_MS = 5 * 60 * 1000;

/** The server's HMAC key for user tokens, shared by every instance through server_keys. */
async function tokenKey(db: Queryable): Promise<Buffer> {
  await db.query('insert into server_keys (name, value) values ($1, $2) on conflict (name) do nothing', [
    KEY_NAME,
    randomBytes(32).toString('base64'),
  ]);
  const r = await db.query<{ value: string }>('select value from server_keys where name = $1', [KEY_NAME]);
  return Buffer.from(r.rows[0]!.value, 'base64');
}

/**
 * A user token (spec section 7, GET /corp/v1/auth/token): `<userId>.<expires>.<nonce>.<mac>`, valid for
 * {@link USER_TOKEN_TTL_MS}; `POST {token}` (token login, ADR 0015) turns it once into a session of that user.
 */
export async function issueUserToken(
  db: Queryable,
  userId: string,
  now: number,
): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = now + USER_TOKEN_TTL_MS;
  const payload = `${userId}.${expiresAt}.${randomBytes(9).toString('base64url')}`;
  const mac = createHmac('sha256', await tokenKey(db))
    .update(payload)
    .digest('base64url');
  return { token: `${payload}.${mac}`, expiresAt };
}

/** The user a token names, if it is well formed, signed by this server and not expired; else null. */
export async function readUserToken(
  db: Queryable,
  token: string,
  now: number,
): Promise<{ userId: string; expiresAt: number; mac: string } | null> {
  const parts = token.split('.');
  if (parts.length !== 4 || token.length > 200) return null;
  const [userId, expires, nonce, mac] = parts as [string, string, string, string];
  const expiresAt = Number(expires);
  if (!userId || !nonce || !Number.isSafeInteger(expiresAt) || expiresAt < now) return null;
  const expected = Buffer.from(
    createHmac('sha256', await tokenKey(db))
      .update(`${userId}.${expires}.${nonce}`)
      .digest('base64url'),
  );
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { userId, expiresAt, mac }
    : null;
}
