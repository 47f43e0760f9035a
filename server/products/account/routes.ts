import type { FastifyInstance } from 'fastify';
import { ENTERPRISE_PROFILE_API } from '@contract/enterprise';
import { ok } from '../../errors';
import type { ModelEngine } from '../../models';
import { readProfile } from './profile';

/** GET the logged-in user's enterprise master data (only the own enterprise: no id is taken). */
export function registerAccountRoutes(app: FastifyInstance, engine: ModelEngine): void {
  app.get(ENTERPRISE_PROFILE_API, async (req) => ok(await readProfile(engine.db, req.user!.corpId)));
}
