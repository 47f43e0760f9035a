import { mayApplyForUkey } from '@contract/roles';
import { validatePhone } from '@renderer/core/validators';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { ApiError, ok } from '../errors';
import { UKEY_ISSUERS } from './rules';
import { listUkeys } from './ukeyStore';
import { localTimeSql } from '../db/localTime';
import { API } from '@contract/api';
import { route } from '../routes';

const HARDWARE_BANKS = UKEY_ISSUERS.filter((i) => !i.soft).map((i) => i.code);

const positive = (v: unknown, fallback: number, max: number): number => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

interface ApplicationRow {
  id: string;
  ukeyBank: string;
  algorithm: string;
  quantity: number;
  contactMobile: string;
  reason: string;
  status: string;
  holderName: string;
  holderUserId: string;
  applicantName: string;
  createdAt: string;
  updatedAt: string;
}

const APPLICATION_COLUMNS = `a.id::text as id, a.ukey_bank as "ukeyBank", a.algorithm, a.quantity, a.contact_mobile as "contactMobile",
  a.reason, a.status, h.person_name as "holderName", a.holder_user_id as "holderUserId", p.person_name as "applicantName",
  ${localTimeSql('a.created_at')} as "createdAt",
  ${localTimeSql('a.updated_at')} as "updatedAt"`;
const APPLICATION_FROM = `ukey_applications a join users h on h.id = a.holder_user_id join users p on p.id = a.applicant_user_id`;

/** The enterprise's keys and key applications (my/enterprise-info/ukey/...). */
export async function keyRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  route<{ Querystring: { ukeyNo?: string; status?: string; page?: string; size?: string } }>(
    app,
    API.ukeys,
    async (req) => {
      const page = positive(req.query.page, 1, 10000);
      const size = positive(req.query.size, 10, 100);
      const { list, count } = await listUkeys(ctx.db, req.user!.corpId, ctx.now(), {
        ...(req.query.ukeyNo ? { ukeyNo: req.query.ukeyNo } : {}),
        ...(req.query.status ? { status: req.query.status } : {}),
        page,
        size,
      });
      return ok({ list, pagecond: { count, page, size } });
    },
  );

  // Possible holders of a new key: the people of the enterprise.
  route(app, API.ukeyHolders, async (req) => {
    const r = await ctx.db.query<{ userId: string; personName: string }>(
      'select id as "userId", person_name as "personName" from users where corp_id = $1 order by id',
      [req.user!.corpId],
    );
    return ok(r.rows);
  });

  route<{ Body: Record<string, unknown> }>(app, API.ukeyApply, async (req) => {
    if (!mayApplyForUkey(req.session!.currentRole)) throw new ApiError('FORBIDDEN');
    const b = req.body ?? {};
    const quantity = Number(b.quantity ?? 1);
    const reason = typeof b.reason === 'string' ? b.reason.trim() : '';
    if (
      typeof b.ukeyBank !== 'string' ||
      !HARDWARE_BANKS.includes(b.ukeyBank) ||
      (b.algorithm !== 'RSA' && b.algorithm !== 'SM2') ||
      typeof b.holderUserId !== 'string' ||
      !Number.isInteger(quantity) ||
      quantity < 1 ||
      quantity > 5 ||
      typeof b.contactMobile !== 'string' ||
      validatePhone(b.contactMobile) !== true ||
      reason.length < 1 ||
      reason.length > 200
    ) {
      throw new ApiError('VALIDATION_FAILED');
    }
    const holder = await ctx.db.query('select 1 from users where id = $1 and corp_id = $2', [
      b.holderUserId,
      req.user!.corpId,
    ]);
    if (!holder.rows.length) throw new ApiError('VALIDATION_FAILED');
    const r = await ctx.db.query<{ id: string }>(
      `insert into ukey_applications (corp_id, applicant_user_id, holder_user_id, ukey_bank, algorithm, quantity, contact_mobile, reason, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) returning id::text as id`,
      [
        req.user!.corpId,
        req.user!.id,
        b.holderUserId,
        b.ukeyBank,
        b.algorithm,
        quantity,
        b.contactMobile,
        reason,
        ctx.now().toISOString(),
      ],
    );
    return ok({ id: r.rows[0]!.id, status: 'SUBMITTED' });
  });

  route<{ Querystring: { page?: string; size?: string } }>(app, API.ukeyApplications, async (req) => {
    const page = positive(req.query.page, 1, 10000);
    const size = positive(req.query.size, 10, 100);
    const count = await ctx.db.query<{ n: number }>(
      'select count(*)::int as n from ukey_applications where corp_id = $1',
      [req.user!.corpId],
    );
    const r = await ctx.db.query<ApplicationRow>(
      `select ${APPLICATION_COLUMNS} from ${APPLICATION_FROM} where a.corp_id = $1 order by a.id desc limit $2 offset $3`,
      [req.user!.corpId, size, (page - 1) * size],
    );
    return ok({ list: r.rows, pagecond: { count: count.rows[0]?.n ?? 0, page, size } });
  });

  route<{ Params: { id: string } }>(app, API.ukeyApplication, async (req) => {
    if (!/^\d{1,18}$/.test(req.params.id)) throw new ApiError('NOT_FOUND');
    const r = await ctx.db.query<ApplicationRow>(
      `select ${APPLICATION_COLUMNS} from ${APPLICATION_FROM} where a.id = $1 and a.corp_id = $2`,
      [req.params.id, req.user!.corpId],
    );
    const row = r.rows[0];
    if (!row) throw new ApiError('NOT_FOUND');
    return ok(row);
  });
}
