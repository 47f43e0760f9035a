import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { keyRoutes } from './keyRoutes';
import { signingRoutes } from './signingRoutes';

/** UKEY domain (DESIGN.md section 9): signing calls of spec section 7, the verifier's endpoint, key screens. */
export async function ukeyPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await signingRoutes(app, ctx);
  await keyRoutes(app, ctx);
}
