import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { ApiError, ok } from '../errors';
import { API } from '@contract/api';
import { route } from '../routes';

/** Enterprise calls behind the shell: suppliers (product opening is the model productOpening). */
export async function corpPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  // Supply-chain enterprise management: the enterprises a core group works with, a page at a time
  // (schemas/supplier/index.json).
  route<{ Querystring: { page?: string; size?: string } }>(app, API.suppliers, async (req) => {
    if (req.user!.corpType !== 'CORE') throw new ApiError('FORBIDDEN');
    const size = Math.min(Math.max(Math.trunc(Number(req.query.size)) || 10, 1), 100);
    const page = Math.max(Math.trunc(Number(req.query.page)) || 1, 1);
    const r = await ctx.db.query<{ total: number }>(
      `select c.id, c.name, c.credit_code as "creditCode", c.corp_type as "corpType", c.registry_status as "registryStatus",
              array(select product from corp_products p where p.corp_id = c.id and p.state = 'OPENED' order by product) as products,
              (count(*) over ())::int as total
         from corps c where c.corp_type in ('CHAIN', 'UNIT') order by c.id limit $1 offset $2`,
      [size, (page - 1) * size],
    );
    const count = r.rows[0]?.total ?? 0;
    const list = r.rows.map(({ total: _total, ...row }) => row);
    return ok({ list, pagecond: { count, page, size } });
  });
}
