import { BUSINESS_PRODUCT_CODES, isBusinessProduct, PRODUCT_MANIFESTS } from '@contract/products';
import { isOperatorOrDirector } from '@contract/roles';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { ApiError, ok } from '../errors';
import { API } from '@contract/api';
import { route } from '../routes';

/** Enterprise calls behind the shell: suppliers, product opening. */
export async function corpPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  // Supply-chain enterprise management: the enterprises a core group works with, a page at a time
  // (schemas/supplier/index.json).
  route<{ Querystring: { page?: string; size?: string } }>(app, API.suppliers, async (req) => {
    if (req.user!.corpType !== 'CORE') throw new ApiError('FORBIDDEN');
    const size = Math.min(Math.max(Math.trunc(Number(req.query.size)) || 10, 1), 100);
    const page = Math.max(Math.trunc(Number(req.query.page)) || 1, 1);
    const r = await ctx.db.query<{ total: number }>(
      `select c.id, c.name, c.credit_code as "creditCode", c.corp_type as "corpType", c.registry_status as "registryStatus",
              array(select product from corp_products p where p.corp_id = c.id and p.opened order by product) as products,
              (count(*) over ())::int as total
         from corps c where c.corp_type in ('CHAIN', 'UNIT') order by c.id limit $1 offset $2`,
      [size, (page - 1) * size],
    );
    const count = r.rows[0]?.total ?? 0;
    const list = r.rows.map(({ total: _total, ...row }) => row);
    return ok({ list, pagecond: { count, page, size } });
  });

  route(app, API.products, async (req) => {
    const r = await ctx.db.query<{ product: string; opened: boolean | null; pending: boolean }>(
      `select p.product, cp.opened,
              exists(select 1 from product_applications a where a.corp_id = $1 and a.product = p.product and a.status = 'PENDING') as pending
         from unnest($2::text[]) with ordinality as p(product, position)
         left join corp_products cp on cp.corp_id = $1 and cp.product = p.product
        order by p.position`,
      [req.user!.corpId, BUSINESS_PRODUCT_CODES],
    );
    return ok(
      r.rows.map((row) => ({ product: row.product, opened: row.opened === true, pending: row.pending })),
    );
  });

  route<{ Body: { product?: unknown } }>(app, API.productApply, async (req) => {
    const product = req.body?.product;
    if (typeof product !== 'string' || !isBusinessProduct(product)) throw new ApiError('BAD_REQUEST');
    // Spec section 6: only operators and directors may apply to open a product.
    if (!isOperatorOrDirector(req.session!.currentRole)) throw new ApiError('FORBIDDEN');
    // The manifest names the enterprise kinds that may open the product (products/<code>/manifest.json).
    const manifest = PRODUCT_MANIFESTS.find((m) => m.code === product);
    if (manifest && !manifest.openableBy.includes(req.user!.corpType))
      throw new ApiError('PRODUCT_NOT_OPENABLE', { product: manifest.title });
    const opened = await ctx.db.query(
      'select 1 from corp_products where corp_id = $1 and product = $2 and opened',
      [req.user!.corpId, product],
    );
    if (opened.rows.length) throw new ApiError('PRODUCT_ALREADY_OPENED');
    const inserted = await ctx.db.query(
      `insert into product_applications (corp_id, product, applicant_id) values ($1, $2, $3)
       on conflict (corp_id, product) where status = 'PENDING' do nothing`,
      [req.user!.corpId, product, req.user!.id],
    );
    if (inserted.affectedRows === 0) throw new ApiError('PRODUCT_APPLICATION_PENDING');
    return ok({ status: 'PENDING' });
  });
}
