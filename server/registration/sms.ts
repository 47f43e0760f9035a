import { createHash, randomBytes, randomInt } from 'node:crypto';
import { SMS_POLICY, type SmsPurpose } from '@contract/registration';
import type { Db, Queryable } from '../db/db';
import { registrationError } from './errors';
import type { REGISTRATION_ERRORS } from './errors';

/** A refused code names its field, so a form shows the message under 短信验证码. */
const smsCodeError = (
  code: keyof typeof REGISTRATION_ERRORS,
  params?: Record<string, string | number>,
): Error => registrationError(code, params, { field: 'smsCode' });

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
  /** The client's address: quotas are counted per client (and per phone for messages sent). */
  client: string;
  /** The session asking (its id hash): only it may check or use the code. */
  session: string;
  /** For a password reset: the user the code may reset; null when the name and phone do not match. */
  targetUserId: string | null;
  /**
   * False: nothing is sent (a reset for a name and phone that do not match), but the code is kept like a
   * sent one (an unguessable hash) so the requester's answers, to this call and to the checks, are the same.
   */
  deliver: boolean;
}

/** Deliveries under way: the gateway is called after the answer, so a send's time tells nothing. */
const inFlight = new Set<Promise<void>>();

/** Resolves once every delivery started so far has finished (the test SMS endpoint, shutdown). */
export async function deliveriesSettled(): Promise<void> {
  while (inFlight.size) await Promise.all([...inFlight]);
}

/**
 * Issues a code bound to the asking session. Refuses when this client asked for the phone and purpose in
 * the last minute, for the phone ten times today, or thirty times this hour over all phones, and when the
 * phone was sent its daily ceiling of messages. Voids only the session's own earlier codes of the phone and
 * purpose, so a stranger's request never cancels the owner's code, and counts against the stranger's quota
 * only. Every request counts, delivered or not, so the answers tell nothing about accounts; the message is
 * sent after the transaction, not awaited.
 */
export async function issueSmsCode(
  db: Db,
  gateway: SmsGateway,
  input: IssueCodeInput,
  now: Date,
): Promise<{ resendSeconds: number; ttlSeconds: number }> {
  const code = String(randomInt(0, 10 ** SMS_POLICY.codeLength)).padStart(SMS_POLICY.codeLength, '0');
  await db.transaction(async (tx) => {
    // One issuer at a time per phone, so two quick clicks cannot both pass the resend check.
    await tx.query('select pg_advisory_xact_lock(7340050, hashtext($1))', [input.mobile]);
    const last = await tx.query<{ created_at: Date | string }>(
      `select created_at from sms_codes where mobile = $1 and purpose = $2 and client = $3 and created_at > $4
        order by created_at desc limit 1`,
      [input.mobile, input.purpose, input.client, ago(now, SMS_POLICY.resendSeconds)],
    );
    if (last.rows[0]) {
      const wait = Math.ceil(
        (new Date(last.rows[0].created_at).getTime() + SMS_POLICY.resendSeconds * 1000 - now.getTime()) /
          1000,
      );
      throw registrationError('SMS_TOO_FREQUENT', { seconds: Math.max(1, wait) });
    }
    const today = await tx.query<{ mine: number; sent: number }>(
      `select count(*) filter (where client = $2)::int as mine, count(*) filter (where delivered)::int as sent
         from sms_codes where mobile = $1 and created_at >= $3`,
      [input.mobile, input.client, chinaDayStart(now)],
    );
    const day = today.rows[0];
    if ((day?.mine ?? 0) >= SMS_POLICY.dailyMax || (day?.sent ?? 0) >= SMS_POLICY.phoneDailyMax)
      throw registrationError('SMS_DAILY_LIMIT');
    const hour = await tx.query<{ n: number }>(
      'select count(*)::int as n from sms_codes where client = $1 and created_at > $2',
      [input.client, ago(now, 3600)],
    );
    if ((hour.rows[0]?.n ?? 0) >= SMS_POLICY.clientHourlyMax) throw registrationError('SMS_CLIENT_LIMIT');

    await tx.query(
      `update sms_codes set state = 'VOID'
        where mobile = $1 and purpose = $2 and session_hash = $3 and state = 'ACTIVE'`,
      [input.mobile, input.purpose, input.session],
    );
    await tx.query(
      `insert into sms_codes (mobile, purpose, code_hash, client, session_hash, target_user_id, delivered,
                              state, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, 'ACTIVE', $8, $9)`,
      [
        input.mobile,
        input.purpose,
        // Never sent: a hash no six-digit code matches.
        input.deliver ? hashCode(input.mobile, input.purpose, code) : randomBytes(32).toString('base64url'),
        input.client,
        input.session,
        input.targetUserId,
        input.deliver,
        now.toISOString(),
        new Date(now.getTime() + SMS_POLICY.ttlSeconds * 1000).toISOString(),
      ],
    );
  });
  if (input.deliver) {
    const minutes = SMS_POLICY.ttlSeconds / 60;
    const text = `【供应链金融服务平台】您的${PURPOSE_TEXT[input.purpose]}验证码为${code}，${minutes}分钟内有效，请勿泄露给他人。`;
    const sending = gateway.send(db, input.mobile, text, now).catch((e: unknown) => {
      console.error(`[sms] sending to ${input.mobile} failed:`, e);
    });
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
  }
  return { resendSeconds: SMS_POLICY.resendSeconds, ttlSeconds: SMS_POLICY.ttlSeconds };
}

export interface CheckedCode {
  id: string;
  targetUserId: string | null;
}

/**
 * Checks a code against the latest one the session asked for the phone and purpose (another session's
 * codes, the owner's included, are out of reach). Every check is counted first (atomically, so parallel
 * guesses share the budget): after five the code is void, right or wrong. The count is committed on its
 * own, so a failing request still spends a try. Returns the code's row to consume.
 */
export async function checkSmsCode(
  db: Db,
  mobile: string,
  purpose: SmsPurpose,
  code: string,
  now: Date,
  session: string,
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
      where mobile = $1 and purpose = $2 and session_hash = $3 order by created_at desc, id desc limit 1`,
    [mobile, purpose, session],
  );
  const row = latest.rows[0];
  if (row?.state === 'VOID' && row.attempts >= SMS_POLICY.maxAttempts) throw smsCodeError('SMS_CODE_LOCKED');
  // No code asked for by this session, or one already used.
  if (!row || row.state !== 'ACTIVE') throw smsCodeError('SMS_CODE_MISSING');
  if (new Date(row.expires_at).getTime() <= now.getTime()) throw smsCodeError('SMS_CODE_EXPIRED');
  const counted = await db.query<{ attempts: number }>(
    `update sms_codes set attempts = attempts + 1
      where id = $1 and state = 'ACTIVE' and attempts < $2 returning attempts`,
    [row.id, SMS_POLICY.maxAttempts],
  );
  const attempts = counted.rows[0]?.attempts;
  if (attempts === undefined) throw smsCodeError('SMS_CODE_LOCKED');
  if (hashCode(mobile, purpose, code) !== row.code_hash) {
    const left = SMS_POLICY.maxAttempts - attempts;
    if (left <= 0) {
      await db.query(`update sms_codes set state = 'VOID' where id = $1`, [row.id]);
      throw smsCodeError('SMS_CODE_LOCKED');
    }
    throw smsCodeError('SMS_CODE_WRONG', { left });
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
  await deliveriesSettled();
  const r = await db.query<{ text: string; created_at: Date | string }>(
    'select text, created_at from sms_outbox where mobile = $1 order by id desc limit 1',
    [mobile],
  );
  const row = r.rows[0];
  if (!row) return null;
  const code = new RegExp(`验证码为(\\d{${SMS_POLICY.codeLength}})`).exec(row.text)?.[1] ?? null;
  return { text: row.text, code, sentAt: new Date(row.created_at).toISOString() };
}
