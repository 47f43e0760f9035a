import type { FastifyInstance } from 'fastify';
import { ENTERPRISE_PROFILE_API } from '@contract/enterprise';
import { personalDataFor } from '@contract/personalData';
import { ok } from '../../errors';
import type { ModelEngine } from '../../models';
import { readProfile } from './profile';

/**
 * GET the logged-in user's enterprise master data (only the own enterprise: no id is taken); the legal
 * person's ID number and the contact's phone as the current role may see them (contract/personalData.ts).
 */
export function registerAccountRoutes(app: FastifyInstance, engine: ModelEngine): void {
  app.get(ENTERPRISE_PROFILE_API, async (req) => {
    const profile = await readProfile(engine.db, req.user!.corpId);
    const role = req.session!.currentRole;
    return ok({
      ...profile,
      legalIdCard: personalDataFor(role, 'idCard', profile.legalIdCard),
      contactMobile: personalDataFor(role, 'mobile', profile.contactMobile),
    });
  });
}
