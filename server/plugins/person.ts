import {
  validatePassword,
  validatePasswordConfirm,
  validatePhone,
  validateSmsCode,
} from '@renderer/core/validators';
import type { FastifyInstance } from 'fastify';
import { personalDataFor } from '@contract/personalData';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { roleInfo } from '../auth/roles';
import type { ServerContext } from '../context';
import { ApiError, ok } from '../errors';
import { registrationError } from '../registration/errors';
import { checkedField, checkValue, type FieldRefusal } from '../registration/fields';
import { decrypt } from '../registration/plugin';
import { checkSmsCode, consumeSmsCode } from '../registration/sms';
import { API } from '@contract/api';
import { route } from '../routes';

/** The logged-in user's own profile as my/person-info/index shows it. */
export interface PersonInfo {
  userName: string;
  personName: string;
  mobile: string;
  corpName: string;
  roles: Array<{ roleCode: string; roleName: string }>;
}

const PERSON_FIELD: FieldRefusal = (message, field) =>
  new ApiError('PERSON_FIELD_INVALID', { message }, { field });

/**
 * my/person-info/index: a user reads the own profile, changes the phone with an SMS code sent
 * to the new phone (CHANGE_MOBILE), and changes the password (the old one required, the new one by spec
 * section 5's rule; every other session of the user ends). Only the caller's own record is touched: the
 * user comes from the session, never from the request.
 */
export async function personPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  route(app, API.personMe, { beforePasswordChange: true }, async (req) => {
    const user = req.user!;
    const info: PersonInfo = {
      userName: user.username,
      personName: user.personName,
      mobile: personalDataFor(req.session!.currentRole, 'mobile', user.mobile),
      corpName: user.corpName,
      roles: user.roles.map((code) => ({ roleCode: code, roleName: roleInfo(code).name })),
    };
    return ok(info);
  });

  route<{ Body: { oldPassword?: unknown; password?: unknown; confirmPassword?: unknown } }>(
    app,
    API.personPassword,
    { beforePasswordChange: true },
    async (req) => {
      const user = req.user!;
      const body = req.body ?? {};
      const oldPassword = decrypt(ctx, body.oldPassword);
      const password = decrypt(ctx, body.password);
      checkValue('password', password, validatePassword, PERSON_FIELD);
      const confirm = decrypt(ctx, body.confirmPassword);
      checkValue('confirmPassword', confirm, (v) => validatePasswordConfirm(password, v), PERSON_FIELD);
      const row = await ctx.db.query<{ password_hash: string }>(
        'select password_hash from users where id = $1',
        [user.id],
      );
      if (!row.rows[0] || !(await verifyPassword(oldPassword, row.rows[0].password_hash))) {
        throw new ApiError('PERSON_OLD_PASSWORD_WRONG', undefined, { field: 'oldPassword' });
      }
      if (oldPassword === password)
        throw new ApiError('PERSON_PASSWORD_SAME', undefined, { field: 'password' });
      const hash = await hashPassword(password);
      await ctx.db.transaction(async (tx) => {
        await tx.query(
          'update users set password_hash = $2, password_change_required = false where id = $1',
          [user.id, hash],
        );
        // Every other session of the user ends (the delete notifies each instance's session cache).
        await tx.query('delete from sessions where user_id = $1 and id_hash <> $2', [
          user.id,
          req.session!.idHash,
        ]);
      });
      return ok(null);
    },
  );

  route<{ Body: { mobile?: unknown; smsCode?: unknown } }>(app, API.personMobile, async (req) => {
    const user = req.user!;
    const body = req.body ?? {};
    const mobile = checkedField(body, 'mobile', validatePhone, PERSON_FIELD);
    const smsCode = checkedField(body, 'smsCode', validateSmsCode, PERSON_FIELD);
    if (mobile === user.mobile) throw new ApiError('PERSON_MOBILE_SAME', undefined, { field: 'mobile' });
    const code = await checkSmsCode(ctx.db, mobile, 'CHANGE_MOBILE', smsCode, ctx.now(), req.session!.idHash);
    // A code asked for by another user (the same new phone) does not change this user's phone.
    if (code.targetUserId !== user.id) throw registrationError('SMS_CODE_MISSING');
    await ctx.db.transaction(async (tx) => {
      if (!(await consumeSmsCode(tx, code.id))) throw registrationError('SMS_CODE_MISSING');
      await tx.query('update users set mobile = $2 where id = $1', [user.id, mobile]);
    });
    return ok({ mobile });
  });
}
