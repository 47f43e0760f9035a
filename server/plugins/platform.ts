import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { ApiError, ok } from '../errors';
import { API } from '@contract/api';
import { DEFAULT_PLATFORM_CONFIG } from '@contract/platform';
import { route } from '../routes';
import { writeProductSwitch } from '../models/productSwitches';

const DEFAULT_LOGO = DEFAULT_PLATFORM_CONFIG.platformLogo;

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
  /** The platform configs of a host: its own, else the default one. */
  const platformsOf = async (asked: string): Promise<Array<Record<string, unknown>>> => {
    const r = await ctx.db.query<{ host: string; config: Record<string, unknown> }>(
      'select host, config from platforms where host = $1 or host = $2 order by (host = $1) desc limit 1',
      [hostOnly(asked), DEFAULT_PLATFORM_HOST],
    );
    return r.rows.map((row) => row.config);
  };
  route<{ Body: { platformUrl?: unknown } }>(
    app,
    API.platforms,
    { safe: true, allowCancelled: true },
    async (req) => {
      const asked = typeof req.body?.platformUrl === 'string' ? req.body.platformUrl : req.hostname;
      return ok(await platformsOf(asked));
    },
  );

  // The logo of the asking host's platform (spec section 7): the shell, login, registration and public
  // pages show it from here, so a brand's logo is changed in its config alone.
  route(app, API.logoPreview, async (req, reply) => {
    const logo = (await platformsOf(req.hostname))[0]?.platformLogo;
    return reply
      .header('cache-control', 'no-cache')
      .redirect(typeof logo === 'string' && /^\/(?![/\\])/.test(logo) ? logo : DEFAULT_LOGO);
  });

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

  // The product in the query (the header's switch) or the body (the chooser's `request` action, schemas/project/list.json).
  type Switch = { productType?: unknown; productSubtype?: unknown };
  route<{ Querystring: Switch; Body: Switch | undefined }>(app, API.productSwitch, async (req) => {
    const asked = { ...req.body, ...req.query };
    const productType = typeof asked.productType === 'string' ? asked.productType : '';
    const productSubtype = typeof asked.productSubtype === 'string' ? asked.productSubtype : undefined;
    if (!productType) throw new ApiError('BAD_REQUEST');
    await ctx.db.transaction((tx) =>
      writeProductSwitch(tx, {
        user: req.user!,
        role: req.session!.currentRole,
        productType,
        productSubtype: productSubtype ?? null,
      }),
    );
    return ok(null);
  });
}
