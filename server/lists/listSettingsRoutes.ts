import type { FastifyInstance } from 'fastify';
import { API } from '@contract/api';
import { LIST_KEY_PATTERN, parseListSettings } from '@renderer/core/model';
import type { Db } from '../db/db';
import { ApiError, ok } from '../errors';
import { route } from '../routes';

const keyOf = (query: unknown): string => {
  const key = (query as { key?: unknown } | undefined)?.key;
  if (typeof key !== 'string' || !LIST_KEY_PATTERN.test(key)) throw new ApiError('BAD_REQUEST');
  return key;
};

/**
 * Each user's saved settings of a list (columns shown, order, fixing; density), kept on the server so
 * they follow the user to another browser:
 * GET /biz/v1/list-settings?key=<list>  → the settings or null
 * PUT /biz/v1/list-settings?key=<list>  {columns?, density?} → the settings as stored
 */
export function registerListSettingsRoutes(app: FastifyInstance, db: Db): void {
  route(app, API.listSettings, async (req) => {
    const key = keyOf(req.query);
    const r = await db.query<{ settings: unknown }>(
      'select settings from user_list_settings where user_id = $1 and list_key = $2',
      [req.user!.id, key],
    );
    return ok(r.rows[0] ? parseListSettings(r.rows[0].settings) : null);
  });

  route(app, API.listSettingsSave, async (req) => {
    const key = keyOf(req.query);
    const settings = parseListSettings(req.body);
    if (!settings) throw new ApiError('BAD_REQUEST');
    await db.query(
      `insert into user_list_settings (user_id, list_key, settings) values ($1, $2, $3)
       on conflict (user_id, list_key) do update set settings = excluded.settings, updated_at = now()`,
      [req.user!.id, key, JSON.stringify(settings)],
    );
    return ok(settings);
  });
}
