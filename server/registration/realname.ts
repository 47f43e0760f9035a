import { randomBytes } from 'node:crypto';
import type { RealnameState, RealnameStatus } from '@contract/registration';
import { mayStartFaceCheck } from '@contract/roles';
import { personalDataFor } from '@contract/personalData';
import { validateIdCard, validatePersonName } from '@renderer/core/validators';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { ok } from '../errors';
import { registrationError } from './errors';
import { checkedField } from './fields';
import { API } from '@contract/api';
import { route } from '../routes';

/** How long the legal person has to finish a face check on the phone. */
export const FACE_CHECK_TTL_MS = 10 * 60 * 1000;

interface CheckRow {
  id: string;
  corp_id: string;
  legal_name: string;
  legal_id_card: string;
  state: 'PENDING' | 'VERIFIED' | 'FAILED';
  reason: string | null;
  expires_at: Date | string;
}

/** Where the phone opens a check (the portal's H5 page, public: the random id is the key). */
const h5PathOf = (checkId: string): string => `/h5/face?token=${checkId}`;

/** A name as the phone page shows it: the family name, the rest starred. */
const maskName = (name: string): string => {
  const chars = Array.from(name);
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
};

/**
 * Real-name verification of an enterprise's legal person (/my/enterprise-info/realname) by a face check on
 * the phone (/h5/face, public: the phone has no session of the user, the check's random id is the key).
 */
export async function realnamePlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const latestCheck = async (corpId: string): Promise<CheckRow | undefined> =>
    (
      await ctx.db.query<CheckRow>(
        `select id, corp_id, legal_name, legal_id_card, state, reason, expires_at from face_checks
          where corp_id = $1 order by (state = 'VERIFIED') desc, created_at desc limit 1`,
        [corpId],
      )
    ).rows[0];

  route(app, API.realnameStatus, async (req) => {
    const corpId = req.user!.corpId;
    const check = await latestCheck(corpId);
    const reg = (
      await ctx.db.query<{ legal_name: string; legal_id_card: string }>(
        'select legal_name, legal_id_card from corp_registrations where corp_id = $1',
        [corpId],
      )
    ).rows[0];
    const now = ctx.now().getTime();
    let state: RealnameState = 'NONE';
    if (check) {
      state = check.state === 'PENDING' && new Date(check.expires_at).getTime() <= now ? 'NONE' : check.state;
    }
    const legalName = check?.legal_name ?? reg?.legal_name ?? '';
    const legalIdCard = check?.legal_id_card ?? reg?.legal_id_card ?? '';
    const checkId = state === 'PENDING' ? check!.id : null;
    const status: RealnameStatus = {
      state,
      corpName: req.user!.corpName,
      legalName,
      legalIdCard: personalDataFor(req.session!.currentRole, 'idCard', legalIdCard),
      reason: check?.state === 'FAILED' ? check.reason : null,
      checkId,
      h5Path: checkId ? h5PathOf(checkId) : null,
      mayStart: mayStartFaceCheck(req.session!.currentRole),
      licenceLegalName: reg?.legal_name ?? '',
    };
    return ok(status);
  });

  // The names the enterprise's business licence was registered and verified under (ADR 0015): the
  // enterprise's and its legal person's; the real-name page offers the face check to that person.
  route(app, API.licenseNames, async (req) => {
    const reg = (
      await ctx.db.query<{ legal_name: string }>(
        'select legal_name from corp_registrations where corp_id = $1',
        [req.user!.corpId],
      )
    ).rows[0];
    return ok({ corpName: req.user!.corpName, legalName: reg?.legal_name ?? '' });
  });

  route<{ Body: { legalName?: unknown; legalIdCard?: unknown } }>(app, API.faceCheckStart, async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const legalName = checkedField(body, 'legalName', validatePersonName);
    const legalIdCard = checkedField(body, 'legalIdCard', validateIdCard).toUpperCase();
    const user = req.user!;
    if ((await latestCheck(user.corpId))?.state === 'VERIFIED') {
      throw registrationError('REALNAME_ALREADY_VERIFIED');
    }
    const now = ctx.now();
    const id = randomBytes(16).toString('base64url');
    await ctx.db.query(
      `insert into face_checks (id, corp_id, user_id, legal_name, legal_id_card, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        id,
        user.corpId,
        user.id,
        legalName,
        legalIdCard,
        now.toISOString(),
        new Date(now.getTime() + FACE_CHECK_TTL_MS).toISOString(),
      ],
    );
    return ok({ checkId: id, h5Path: h5PathOf(id) });
  });

  const findCheck = async (id: string): Promise<CheckRow> => {
    const r = await ctx.db.query<CheckRow>(
      'select id, corp_id, legal_name, legal_id_card, state, reason, expires_at from face_checks where id = $1',
      [id],
    );
    const row = r.rows[0];
    if (!row) throw registrationError('FACE_CHECK_NOT_FOUND');
    return row;
  };

  route<{ Params: { id: string } }>(app, API.faceCheck, { allowCancelled: true }, async (req) => {
    const row = await findCheck(req.params.id);
    const expired = row.state === 'PENDING' && new Date(row.expires_at).getTime() <= ctx.now().getTime();
    if (expired) throw registrationError('FACE_CHECK_NOT_FOUND');
    return ok({
      state: row.state,
      personName: maskName(row.legal_name),
      reason: row.reason,
      emulated: ctx.faceCheck.emulated,
    });
  });

  route<{ Params: { id: string }; Body: { emulate?: unknown } }>(
    app,
    API.faceCapture,
    { allowCancelled: true },
    async (req) => {
      const row = await findCheck(req.params.id);
      if (row.state !== 'PENDING') throw registrationError('FACE_CHECK_DONE');
      if (new Date(row.expires_at).getTime() <= ctx.now().getTime()) {
        throw registrationError('FACE_CHECK_NOT_FOUND');
      }
      const emulate = req.body?.emulate;
      const result = await ctx.faceCheck.compare(
        { checkId: row.id, name: row.legal_name, idCard: row.legal_id_card },
        emulate === 'MATCH' || emulate === 'MISMATCH' ? { emulate } : {},
      );
      const state = result.ok ? 'VERIFIED' : 'FAILED';
      const reason = result.ok ? null : result.reason;
      const updated = await ctx.db.query(
        `update face_checks set state = $2, reason = $3, finished_at = $4 where id = $1 and state = 'PENDING'`,
        [row.id, state, reason, ctx.now().toISOString()],
      );
      if (updated.affectedRows !== 1) throw registrationError('FACE_CHECK_DONE');
      return ok({ state, reason });
    },
  );
}
