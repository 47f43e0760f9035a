import { createHash, randomInt } from 'node:crypto';
import { SMS_POLICY, type SmsPurpose } from '@contract/registration';
import type { Db, Queryable } from '../db/db';
import { registrationError } from './errors';

/** Sends a text message to a phone. The real gateway is an HTTP call; the reference server emulates it. */
export interface SmsGateway {
  send(db: Queryable, mobile: string, text: string, now: Date): Promise<void>;
}

/**
 * The emulated gateway: nothing leaves the machine. Each message is logged and kept in `sms_outbox`,
 * where the test-only endpoint (GET /test/sms, test mode only) reads it back.
 */
export function emulatedSmsGateway(log: (line: string) => void = (l) => console.log(l)): SmsGateway {
  return {
    async send(db, mobile, text, now) {
      await db.query('insert into sms_outbox (mobile, text, created_at) values ($1, $2, $3)', [
        mobile,
        text,
        now.toISOString(),
      ]);
      log(`[sms emulator] to ${mobile}: ${text}`);
    },
  };
}

const PURPOSE_TEXT: Record<SmsPurpose, string> = {
  REGISTER: '企业注册',
  RESET_PASSWORD: '重置密码',
  CHANGE_MOBILE: '更换手机号码',
};

const hashCode = (mobile: string, purpose: SmsPurpose, code: string): string =>
  createHash('sha256').update(`${mobile}:${purpose}:${code}`).digest('base64url');

const ago = (now: Date, seconds: number): string => new Date(now.getTime() - seconds * 1000).toISOString();

/** The start of the server's calendar day (China time, UTC+8) that `now` is in. */
function chinaDayStart(now: Date): string {
  const shifted = now.getTime() + 8 * 3600_000;
  return new Date(shifted - (shifted % 86_400_000) - 8 * 3600_000).toISOString();
}

export interface IssueCodeInput {
  mobile: string;
  purpose: SmsPurpose;
  client: string;
  /** For a password reset: the user the code may reset; null sends nothing (the answer is the same). */
  targetUserId: string | null;
  deliver: boolean;
}

/**
 * Issues a code: refuses when the phone had one in the last minute, ten today, or the client thirty this
 * hour; voids the phone's earlier codes of the purpose; sends the new one when `deliver`. Every request
 * counts towards the limits, delivered or not, so the answers tell nothing about accounts.
 */
export async function issueSmsCode(
  db: Db,
  gateway: SmsGateway,
  input: IssueCodeInput,
  now: Date,
): Promise<{ resendSeconds: number; ttlSeconds: number }> {
  return db.transaction(async (tx) => {
    // One issuer at a time per phone, so two quick clicks cannot both pass the resend check.
    await tx.query('select pg_advisory_xact_lock(7340050, hashtext($1))', [input.mobile]);
    const last = await tx.query<{ created_at: Date | string }>(
      `select created_at from sms_codes where mobile = $1 and purpose = $2 and created_at > $3
        order by created_at desc limit 1`,
      [input.mobile, input.purpose, ago(now, SMS_POLICY.resendSeconds)],
    );
    if (last.rows[0]) {
      const wait = Math.ceil(
        (new Date(last.rows[0].created_at).getTime() + SMS_POLICY.resendSeconds * 1000 - now.getTime()) /
          1000,
      );
      throw registrationError('SMS_TOO_FREQUENT', { seconds: Math.max(1, wait) });
    }
    const today = await tx.query<{ n: number }>(
      'select count(*)::int as n from sms_codes where mobile = $1 and created_at >= $2',
      [input.mobile, chinaDayStart(now)],
    );
    if ((today.rows[0]?.n ?? 0) >= SMS_POLICY.dailyMax) throw registrationError('SMS_DAILY_LIMIT');
    const hour = await tx.query<{ n: number }>(
      'select count(*)::int as n from sms_codes where client = $1 and created_at > $2',
      [input.client, ago(now, 3600)],
    );
    if ((hour.rows[0]?.n ?? 0) >= SMS_POLICY.clientHourlyMax) throw registrationError('SMS_CLIENT_LIMIT');

    await tx.query(
      `update sms_codes set state = 'VOID' where mobile = $1 and purpose = $2 and state = 'ACTIVE'`,
      [input.mobile, input.purpose],
    );
    const code = String(randomInt(0, 10 ** SMS_POLICY.codeLength)).padStart(SMS_POLICY.codeLength, '0');
    await tx.query(
      `insert into sms_codes (mobile, purpose, code_hash, client, target_user_id, state, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        input.mobile,
        input.purpose,
        hashCode(input.mobile, input.purpose, code),
        input.client,
        input.targetUserId,
        input.deliver ? 'ACTIVE' : 'VOID',
        now.toISOString(),
        new Date(now.getTime() + SMS_POLICY.ttlSeconds * 1000).toISOString(),
      ],
    );
    if (input.deliver) {
      const minutes = SMS_POLICY.ttlSeconds / 60;
      await gateway.send(
        tx,
        input.mobile,
        `【供应链金融服务平台】您的${PURPOSE_TEXT[input.purpose]}验证码为${code}，${minutes}分钟内有效，请勿泄露给他人。`,
        now,
      );
    }
    return { resendSeconds: SMS_POLICY.resendSeconds, ttlSeconds: SMS_POLICY.ttlSeconds };
  });
}

export interface CheckedCode {
  id: string;
  targetUserId: string | null;
}

/**
 * Checks a code against the phone's latest one of the purpose. Every check is counted first (atomically,
 * so parallel guesses share the budget): after five the code is void, right or wrong. The count is
 * committed on its own, so a failing request still spends a try. Returns the code's row to consume.
 */
export async function checkSmsCode(
  db: Db,
  mobile: string,
  purpose: SmsPurpose,
  code: string,
  now: Date,
): Promise<CheckedCode> {
  const latest = await db.query<{
    id: string;
    code_hash: string;
    state: string;
    attempts: number;
    expires_at: Date | string;
    target_user_id: string | null;
  }>(
    `select id::text as id, code_hash, state, attempts, expires_at, target_user_id from sms_codes
      where mobile = $1 and purpose = $2 order by created_at desc, id desc limit 1`,
    [mobile, purpose],
  );
  const row = latest.rows[0];
  if (row?.state === 'VOID' && row.attempts >= SMS_POLICY.maxAttempts)
    throw registrationError('SMS_CODE_LOCKED');
  // No code, one already used, or one that was never delivered (a reset for a name and phone that do not match).
  if (!row || row.state !== 'ACTIVE') throw registrationError('SMS_CODE_MISSING');
  if (new Date(row.expires_at).getTime() <= now.getTime()) throw registrationError('SMS_CODE_EXPIRED');
  const counted = await db.query<{ attempts: number }>(
    `update sms_codes set attempts = attempts + 1
      where id = $1 and state = 'ACTIVE' and attempts < $2 returning attempts`,
    [row.id, SMS_POLICY.maxAttempts],
  );
  const attempts = counted.rows[0]?.attempts;
  if (attempts === undefined) throw registrationError('SMS_CODE_LOCKED');
  if (hashCode(mobile, purpose, code) !== row.code_hash) {
    const left = SMS_POLICY.maxAttempts - attempts;
    if (left <= 0) {
      await db.query(`update sms_codes set state = 'VOID' where id = $1`, [row.id]);
      throw registrationError('SMS_CODE_LOCKED');
    }
    throw registrationError('SMS_CODE_WRONG', { left });
  }
  return { id: row.id, targetUserId: row.target_user_id };
}

/**
 * Uses a checked code up, inside the transaction that does what it allowed: false when another request
 * used it first (the caller then refuses).
 */
export async function consumeSmsCode(tx: Queryable, id: string): Promise<boolean> {
  const r = await tx.query(`update sms_codes set state = 'USED' where id = $1 and state = 'ACTIVE'`, [id]);
  return r.affectedRows === 1;
}

/** The test-only endpoint's read: the latest message the emulated gateway delivered to a phone. */
export async function latestSms(
  db: Queryable,
  mobile: string,
): Promise<{ text: string; code: string | null; sentAt: string } | null> {
  const r = await db.query<{ text: string; created_at: Date | string }>(
    'select text, created_at from sms_outbox where mobile = $1 order by id desc limit 1',
    [mobile],
  );
  const row = r.rows[0];
  if (!row) return null;
  const code = new RegExp(`验证码为(\\d{${SMS_POLICY.codeLength}})`).exec(row.text)?.[1] ?? null;
  return { text: row.text, code, sentAt: new Date(row.created_at).toISOString() };
}
