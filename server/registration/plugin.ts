import { randomBytes } from 'node:crypto';
import { DEFAULT_ROLE } from '@contract/roles';
import {
  AGREEMENT_BOOKS,
  SMS_PURPOSES,
  type RegisterRequest,
  type ResetPasswordRequest,
  type SmsPurpose,
} from '@contract/registration';
import {
  validateCreditCode,
  validateEnterpriseName,
  validateIdCard,
  validatePassword,
  validatePasswordConfirm,
  validatePersonName,
  validatePhone,
  validateSmsCode,
  validateUsername,
} from '@renderer/core/validators';
import type { FastifyInstance } from 'fastify';
import { spendClientRate } from '../auth/clientRates';
import { unlockUser } from '../auth/loginThrottle';
import { hashPassword } from '../auth/passwords';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/db';
import { ApiError, ok } from '../errors';
import { ensureProductOpenings } from '../models/productOpenings';
import { writeSignedAgreement } from '../models/signedAgreements';
import { registrationError } from './errors';
import { REGISTRATION_AGREEMENT_PDF } from './protocols';
import { checkedField } from './fields';
import { checkSmsCode, consumeSmsCode, deliveriesSettled, issueSmsCode, latestSms } from './sms';
import { API } from '@contract/api';
import { route } from '../routes';

type Body<T> = { [K in keyof T]?: unknown };

/** Decrypts a password sent RSA-encrypted, as the login does. */
export function decrypt(ctx: ServerContext, cipher: unknown): string {
  if (typeof cipher !== 'string' || !cipher || cipher.length > 4096) throw new ApiError('BAD_REQUEST');
  try {
    return ctx.passwordKey.decrypt(cipher);
  } catch {
    throw new ApiError('PASSWORD_DECRYPT_FAILED');
  }
}

const newId = (prefix: string): string => `${prefix}${randomBytes(6).toString('hex').toUpperCase()}`;

/**
 * Public calls of registration and password reset: SMS codes, register, reset; plus, in test
 * mode only, the emulated SMS gateway's outbox for the tests. Callers need a session (the anonymous one
 * the login page bootstrap makes), so every call is signed and carries the CSRF token.
 *
 * None of them tells a stranger which user names or phones exist: a code is checked (and a try spent)
 * before anything about the account is looked at, a reset code for a name and phone that do not match is
 * answered and checked like a sent one, and each client has a request budget (server/auth/clientRates.ts).
 */
export async function registrationPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.addHook('onClose', async () => deliveriesSettled());
  route<{ Body: { mobile?: unknown; purpose?: unknown; username?: unknown } }>(
    app,
    API.smsCode,
    { allowCancelled: true },
    async (req) => {
      await spendClientRate(ctx.db, 'smsRequests', req.ip, ctx.now());
      const body = (req.body ?? {}) as Record<string, unknown>;
      const purpose = body.purpose as SmsPurpose;
      if (!SMS_PURPOSES.includes(purpose)) throw new ApiError('BAD_REQUEST');
      const mobile = checkedField(body, 'mobile', validatePhone);
      let targetUserId: string | null = null;
      if (purpose === 'RESET_PASSWORD') {
        const username = checkedField(body, 'username', (v) =>
          typeof v === 'string' && v.trim() ? true : '请输入用户名',
        );
        const user = await ctx.db.query<{ id: string }>(
          'select id from users where username = $1 and mobile = $2',
          [username, mobile],
        );
        targetUserId = user.rows[0]?.id ?? null;
      } else if (purpose === 'CHANGE_MOBILE') {
        // Only a logged-in user changes a phone; the code may change that user's phone only.
        if (!req.user) throw new ApiError('AUTH_REQUIRED');
        targetUserId = req.user.id;
      }
      const sent = await issueSmsCode(
        ctx.db,
        ctx.smsGateway,
        {
          mobile,
          purpose,
          client: req.ip,
          session: req.session!.idHash,
          targetUserId,
          deliver: purpose !== 'RESET_PASSWORD' || !!targetUserId,
        },
        ctx.now(),
      );
      return ok(sent);
    },
  );

  route<{ Body: Body<RegisterRequest> }>(app, API.register, { allowCancelled: true }, async (req) => {
    await spendClientRate(ctx.db, 'accountAttempts', req.ip, ctx.now());
    const body = (req.body ?? {}) as Record<string, unknown>;
    const enterpriseName = checkedField(body, 'enterpriseName', validateEnterpriseName);
    const creditCode = checkedField(body, 'creditCode', validateCreditCode);
    const legalName = checkedField(body, 'legalName', validatePersonName);
    const legalIdCard = checkedField(body, 'legalIdCard', validateIdCard).toUpperCase();
    const username = checkedField(body, 'username', validateUsername);
    const contactName = checkedField(body, 'contactName', validatePersonName);
    const mobile = checkedField(body, 'mobile', validatePhone);
    const smsCode = checkedField(body, 'smsCode', validateSmsCode);
    const password = decrypt(ctx, body.password);
    checkedField({ password }, 'password', validatePassword);
    const accepted = Array.isArray(body.agreements) ? body.agreements : [];
    if (!AGREEMENT_BOOKS.every((a) => accepted.includes(a.code))) {
      throw registrationError('REG_AGREEMENTS_REQUIRED');
    }
    // The code first (a try spent): only the phone's holder learns that a name or credit code is taken.
    const now = ctx.now();
    const code = await checkSmsCode(ctx.db, mobile, 'REGISTER', smsCode, now, req.session!.idHash);
    await refuseTaken(ctx.db, creditCode, username);
    const hash = await hashPassword(password);
    const corpId = newId('R');
    const userId = newId('U');
    await ctx.db.transaction(async (tx) => {
      // Serialises registrations of one credit code or user name (the unique indexes back this up).
      await tx.query('select pg_advisory_xact_lock(7340051, hashtext($1))', [creditCode]);
      await tx.query('select pg_advisory_xact_lock(7340052, hashtext($1))', [username]);
      await refuseTaken(tx, creditCode, username);
      if (!(await consumeSmsCode(tx, code.id))) throw registrationError('SMS_CODE_MISSING');
      await tx.query(
        `insert into corps (id, name, credit_code, corp_type, registry_status, created_at,
                              legal_name, legal_id_card, contact_name, contact_mobile)
           values ($1, $2, $3, 'CHAIN', 'NORMAL', $4, $5, $6, $7, $8)`,
        [corpId, enterpriseName, creditCode, now.toISOString(), legalName, legalIdCard, contactName, mobile],
      );
      await tx.query(
        `insert into users (id, username, password_hash, person_name, mobile, corp_id, created_at)
           values ($1, $2, $3, $4, $5, $6, $7)`,
        [userId, username, hash, contactName, mobile, corpId, now.toISOString()],
      );
      await tx.query('insert into user_roles (user_id, role_code) values ($1, $2)', [userId, DEFAULT_ROLE]);
      // Every product listed for it, 未开通 (产品开通).
      await ensureProductOpenings(tx, corpId, now);
      await tx.query(
        `insert into corp_registrations
             (corp_id, user_id, legal_name, legal_id_card, contact_name, contact_mobile, created_at)
           values ($1, $2, $3, $4, $5, $6, $7)`,
        [corpId, userId, legalName, legalIdCard, contactName, mobile, now.toISOString()],
      );
      // The agreements accepted, each a signedAgreement record of the new enterprise (协议管理).
      for (const book of AGREEMENT_BOOKS)
        await writeSignedAgreement(tx, ctx.engine.models, {
          corpId,
          kind: 'REGISTRATION',
          code: book.code,
          title: book.title,
          agreementVersion: book.version,
          signer: { id: userId, personName: contactName },
          signedAt: now,
          pdf: REGISTRATION_AGREEMENT_PDF,
          paragraphs: book.paragraphs,
        });
    });
    return ok({ username, enterpriseName });
  });

  route<{ Body: Body<ResetPasswordRequest> }>(
    app,
    API.passwordReset,
    { allowCancelled: true },
    async (req) => {
      await spendClientRate(ctx.db, 'accountAttempts', req.ip, ctx.now());
      const body = (req.body ?? {}) as Record<string, unknown>;
      const username = checkedField(body, 'username', (v) =>
        typeof v === 'string' && v.trim() ? true : '请输入用户名',
      );
      const mobile = checkedField(body, 'mobile', validatePhone);
      const smsCode = checkedField(body, 'smsCode', validateSmsCode);
      const password = decrypt(ctx, body.password);
      checkedField({ password }, 'password', validatePassword);
      const confirm = decrypt(ctx, body.confirmPassword);
      checkedField({ confirmPassword: confirm }, 'confirmPassword', (v) =>
        validatePasswordConfirm(password, v),
      );
      const now = ctx.now();
      const code = await checkSmsCode(ctx.db, mobile, 'RESET_PASSWORD', smsCode, now, req.session!.idHash);
      const user = await ctx.db.query<{ id: string }>(
        'select id from users where username = $1 and mobile = $2',
        [username, mobile],
      );
      const userId = user.rows[0]?.id;
      if (!userId || userId !== code.targetUserId) throw registrationError('RESET_ACCOUNT_MISMATCH');
      const hash = await hashPassword(password);
      await ctx.db.transaction(async (tx) => {
        if (!(await consumeSmsCode(tx, code.id))) throw registrationError('SMS_CODE_MISSING');
        await tx.query(
          'update users set password_hash = $2, password_change_required = false where id = $1',
          [userId, hash],
        );
        // Every session of the user ends (their change notifications drop them from each instance's cache).
        await tx.query('delete from sessions where user_id = $1', [userId]);
        await unlockUser(tx, username);
      });
      return ok({ username });
    },
  );

  if (ctx.testMode) {
    // Test mode only: what the emulated SMS gateway delivered to a phone (the tests' "handset").
    app.get<{ Querystring: { mobile?: string } }>('/test/sms', { config: { auth: 'none' } }, async (req) => {
      const mobile = String(req.query.mobile ?? '');
      return ok(await latestSms(ctx.db, mobile));
    });
  }
}

async function refuseTaken(db: Queryable, creditCode: string, username: string): Promise<void> {
  const corp = await db.query('select 1 from corps where credit_code = $1', [creditCode]);
  if (corp.rows.length) throw registrationError('REG_CREDIT_CODE_TAKEN');
  const user = await db.query('select 1 from users where username = $1', [username]);
  if (user.rows.length) throw registrationError('REG_USERNAME_TAKEN');
}
