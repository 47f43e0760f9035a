import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';
import { ApiError } from '../errors';

/** How long an original text may wait for its signature. */
export const ORIGINAL_TTL_MS = 10 * 60 * 1000;

export type OriginalPurpose = 'SIGN' | 'SOFT_KEY';

/** A scope names what the signature will approve, e.g. `creditVoucher/42/approve` (optional). */
const SCOPE = /^[A-Za-z0-9_./:-]{1,120}$/;

export const originalId = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export interface IssueOriginalInput {
  sessionHash: string;
  userId: string;
  username: string;
  corpId: string;
  purpose: OriginalPurpose;
  scope?: string | undefined;
  now: Date;
}

/**
 * A new original text (what the key signs, docs/decisions "what is signed"): one ASCII line naming the
 * platform, a 128-bit random nonce, the user, the enterprise, the purpose, the optional scope and the time.
 * It is stored with the session it was issued to and can be used once within ORIGINAL_TTL_MS.
 */
export async function issueOriginal(db: Queryable, input: IssueOriginalInput): Promise<string> {
  if (input.scope !== undefined && !SCOPE.test(input.scope)) throw new ApiError('BAD_REQUEST');
  const fields = [
    'SCF-UKEY-SIGN/1',
    `nonce=${randomBytes(16).toString('hex')}`,
    `user=${input.username}`,
    `corp=${input.corpId}`,
    `purpose=${input.purpose}`,
    ...(input.scope ? [`scope=${input.scope}`] : []),
    `time=${input.now.toISOString()}`,
  ];
  const text = fields.join(';');
  await db.query(
    `insert into ukey_originals (id, session_hash, user_id, purpose, scope, original, issued_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      originalId(text),
      input.sessionHash,
      input.userId,
      input.purpose,
      input.scope ?? null,
      text,
      input.now.toISOString(),
      new Date(input.now.getTime() + ORIGINAL_TTL_MS).toISOString(),
    ],
  );
  return text;
}

export interface ConsumeOriginalInput {
  original: string;
  sessionHash: string;
  userId: string;
  purpose: OriginalPurpose;
  /** When given, the original must have been issued for exactly this scope. */
  scope?: string | undefined;
  now: Date;
}

interface OriginalRow {
  session_hash: string;
  user_id: string;
  purpose: string;
  scope: string | null;
  expires_at: Date | string;
  used_at: Date | string | null;
}

/** Throws unless the original was issued to this session and user, for this purpose, and is still usable. */
export async function checkOriginal(tx: Queryable, input: ConsumeOriginalInput): Promise<void> {
  const row = (
    await tx.query<OriginalRow>(
      'select session_hash, user_id, purpose, scope, expires_at, used_at from ukey_originals where id = $1 and original = $2',
      [originalId(input.original), input.original],
    )
  ).rows[0];
  if (!row || row.purpose !== input.purpose) throw new ApiError('UKEY_ORIGINAL_INVALID');
  if (row.session_hash !== input.sessionHash || row.user_id !== input.userId)
    throw new ApiError('UKEY_ORIGINAL_FOREIGN');
  if (input.scope !== undefined && row.scope !== input.scope) throw new ApiError('UKEY_ORIGINAL_INVALID');
  if (row.used_at) throw new ApiError('UKEY_ORIGINAL_USED');
  if (new Date(row.expires_at).getTime() <= input.now.getTime()) throw new ApiError('UKEY_ORIGINAL_EXPIRED');
}

/** Marks the original used; the conditional update makes two concurrent uses end with one winner. */
export async function consumeOriginal(tx: Queryable, input: ConsumeOriginalInput): Promise<void> {
  const r = await tx.query('update ukey_originals set used_at = $2 where id = $1 and used_at is null', [
    originalId(input.original),
    input.now.toISOString(),
  ]);
  if (r.affectedRows !== 1) throw new ApiError('UKEY_ORIGINAL_USED');
}

/** Housekeeping: originals past their expiry are useless (a used one stays refused: its row is gone too). */
export async function purgeOriginals(db: Queryable, now: Date): Promise<void> {
  await db.query('delete from ukey_originals where expires_at <= $1', [
    new Date(now.getTime() - ORIGINAL_TTL_MS).toISOString(),
  ]);
}
