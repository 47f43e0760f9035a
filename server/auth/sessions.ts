import { createHash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/db';

export const SESSION_COOKIE = 'SCF_SESSION';
export const SESSION_TTL_MS = 2 * 60 * 60 * 1000;
/** A session's expiry is pushed forward at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface SessionRow {
  idHash: string;
  userId: string | null;
  csrfToken: string;
  currentRole: string | null;
  expiresAt: Date;
}

/** The session id as stored (the cookie value itself is never stored). */
export const hashId = (id: string): string => createHash('sha256').update(id).digest('base64url');
const newToken = (): string => randomBytes(24).toString('base64url');

export async function createSession(
  db: Queryable,
  userId: string | null,
  currentRole: string | null,
  now: Date,
): Promise<{ id: string; session: SessionRow }> {
  const id = randomBytes(32).toString('base64url');
  const session: SessionRow = {
    idHash: hashId(id),
    userId,
    csrfToken: newToken(),
    currentRole,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  };
  await db.query(
    'insert into sessions (id_hash, user_id, csrf_token, active_role, expires_at) values ($1, $2, $3, $4, $5)',
    [session.idHash, userId, session.csrfToken, currentRole, session.expiresAt.toISOString()],
  );
  return { id, session };
}

export async function findSession(db: Db, id: string, now: Date): Promise<SessionRow | null> {
  const r = await db.query<{
    id_hash: string;
    user_id: string | null;
    csrf_token: string;
    active_role: string | null;
    expires_at: Date | string;
  }>('select id_hash, user_id, csrf_token, active_role, expires_at from sessions where id_hash = $1', [
    hashId(id),
  ]);
  const row = r.rows[0];
  if (!row) return null;
  const expiresAt = new Date(row.expires_at);
  if (expiresAt.getTime() <= now.getTime()) {
    await db.query('delete from sessions where id_hash = $1', [row.id_hash]);
    return null;
  }
  const session: SessionRow = {
    idHash: row.id_hash,
    userId: row.user_id,
    csrfToken: row.csrf_token,
    currentRole: row.active_role,
    expiresAt,
  };
  if (expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - TOUCH_EVERY_MS) {
    session.expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await db.query('update sessions set expires_at = $2 where id_hash = $1', [
      row.id_hash,
      session.expiresAt.toISOString(),
    ]);
  }
  return session;
}

export async function deleteSession(db: Queryable, idHash: string): Promise<void> {
  await db.query('delete from sessions where id_hash = $1', [idHash]);
}

export async function setCurrentRole(db: Queryable, idHash: string, role: string | null): Promise<void> {
  await db.query('update sessions set active_role = $2 where id_hash = $1', [idHash, role]);
}

/** Housekeeping: drops expired sessions and nonces. */
export async function purgeExpired(db: Db, now: Date): Promise<void> {
  await db.query('delete from sessions where expires_at <= $1', [now.toISOString()]);
  await db.query('delete from request_nonces where expires_at <= $1', [now.toISOString()]);
}
