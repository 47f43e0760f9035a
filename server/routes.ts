import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  FastifyContextConfig,
  FastifyInstance,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { Endpoint } from '@contract/api';
import { ApiError } from './errors';

type Handler<G extends RouteGenericInterface> = RouteHandlerMethod<
  FastifyInstance['server'],
  IncomingMessage,
  ServerResponse,
  G
>;

/** What a route adds to its endpoint's descriptor: server-side allowances only. */
export type RouteConfig = Omit<FastifyContextConfig, 'auth' | 'navigation'>;

/**
 * Registers the route of a hand-written endpoint from its descriptor (contract/api.ts): method, path, who may
 * call (`auth`), whether the call is signed (an unsigned one is a navigation) and the current roles allowed
 * (FORBIDDEN otherwise), so the portal and the server cannot disagree about any of them.
 */
export function route<G extends RouteGenericInterface = RouteGenericInterface>(
  app: FastifyInstance,
  endpoint: Endpoint,
  configOrHandler: RouteConfig | Handler<G>,
  maybeHandler?: Handler<G>,
): void {
  const handler = typeof configOrHandler === 'function' ? configOrHandler : maybeHandler!;
  const config = typeof configOrHandler === 'function' ? {} : configOrHandler;
  const roles = endpoint.roles;
  app.route<G>({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...config, auth: endpoint.auth, ...(endpoint.signed ? {} : { navigation: true }) },
    ...(roles
      ? {
          preHandler: async (req) => {
            if (!roles.includes(req.session?.currentRole ?? '')) throw new ApiError('FORBIDDEN');
          },
        }
      : {}),
    handler,
  });
}
