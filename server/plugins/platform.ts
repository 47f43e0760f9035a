import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { ApiError, ok } from '../errors';
import { API } from '@contract/api';
import { route } from '../routes';

/** The host row used when a host has no brand of its own. */
export const DEFAULT_PLATFORM_HOST = '*';

const hostOnly = (value: string): string =>
  value
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/\/.*$/, '')
    .replace(/:\d+$/, '')
    .toLowerCase();

/** Platform branding per host, holidays and the issuer parameters. */
export async function platformPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  route<{ Body: { platformUrl?: unknown } }>(
    app,
    API.platforms,
    { safe: true, allowCancelled: true },
    async (req) => {
      const asked = typeof req.body?.platformUrl === 'string' ? req.body.platformUrl : req.hostname;
      const host = hostOnly(asked);
      const r = await ctx.db.query<{ host: string; config: Record<string, unknown> }>(
        'select host, config from platforms where host = $1 or host = $2 order by (host = $1) desc limit 1',
        [host, DEFAULT_PLATFORM_HOST],
      );
      return ok(r.rows.map((row) => row.config));
    },
  );

  route<{ Querystring: { region?: string } }>(app, API.holidays, async (req) => {
    const region = req.query.region ?? 'R_156';
    const year = ctx.now().getFullYear();
    const r = await ctx.db.query<{ day: string }>(
      `select to_char(day, 'YYYY-MM-DD') as day from holidays
          where region = $1 and day >= make_date($2, 1, 1) and day < make_date($2 + 1, 1, 1) order by day`,
      [region, year],
    );
    return ok(r.rows.map((row) => row.day));
  });

  route(app, API.issuerParam, async (req) => {
    const user = req.user!;
    return ok({
      groups: [{ groupId: user.corpId, groupName: user.corpName }],
      legalType: user.corpType !== 'UNIT',
      issuerType: user.corpType,
    });
  });

  route<{ Querystring: { productType?: string; productSubtype?: string } }>(
    app,
    API.productSwitch,
    async (req) => {
      const { productType, productSubtype } = req.query;
      if (!productType) throw new ApiError('BAD_REQUEST');
      await ctx.db.query(
        'insert into product_switch_records (user_id, product_type, product_subtype) values ($1, $2, $3)',
        [req.user!.id, productType, productSubtype ?? null],
      );
      return ok(null);
    },
  );
}
