import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { ok } from '../errors';
import { actorOf } from '../models/modelRoutes';
import { listUkeys } from './ukeyStore';
import { API } from '@contract/api';
import { route } from '../routes';

const positive = (v: unknown, fallback: number, max: number): number => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/**
 * The enterprise's keys and the people who may hold a new one (my/enterprise-info/ukey/...); applications for
 * new keys are records of the model ukeyApplication.
 */
export async function keyRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  route<{ Querystring: { ukeyNo?: string; status?: string; page?: string; size?: string } }>(
    app,
    API.ukeys,
    async (req) => {
      const page = positive(req.query.page, 1, 10000);
      const size = positive(req.query.size, 10, 100);
      const { list, count } = await listUkeys(ctx.engine, actorOf(req), ctx.now(), {
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
}
