import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '@contract/api';
import { ApiError, ok } from '../errors';
import { route } from '../routes';
import type { QueryParams } from './listQuery';
import type { ActionBody, BatchBody, ModelEngine } from './modelEngine';
import type { Actor } from './recordJson';

/** The user, the session's current role (only if the user holds it) and the session, from a request. */
export function actorOf(req: FastifyRequest): Actor {
  const user = req.user!;
  const role = req.session?.currentRole ?? null;
  return {
    user,
    role: role && user.roles.includes(role) ? role : null,
    sessionIdHash: req.session?.idHash ?? '',
  };
}

type Params = { model: string; id: string; action: string };

const bodyObject = (body: unknown): Record<string, unknown> => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError('BAD_REQUEST');
  return body as Record<string, unknown>;
};

/**
 * The generic API over every model:
 * GET  /biz/v1/models/{model}/records            list (filters, page, size, sort) → {list, pagecond}
 * POST /biz/v1/models/{model}/records            create
 * GET  /biz/v1/models/{model}/records/{id}       one record with audit, children, files
 * PUT  /biz/v1/models/{model}/records/{id}       update ({version, ...fields})
 * POST /biz/v1/models/{model}/records/{id}/actions/{action}   {version, reason?, signature?}
 * POST /biz/v1/models/{model}/batch/{action}     {items: [{id, version, signature?, reason?}], reason?}
 *                                                → {results: [{id, ok, record | code, message}], succeeded, refused}
 * GET  /biz/v1/models/{model}/aggregates          (also /aggregate) statistics
 * GET  /biz/v1/models/{model}/refs/{field}       what a reference field accepts → {list: [{id, name, code}], pagecond}
 *                                                (?product=, keyword=, page=, size=)
 * GET  /biz/v1/models/{model}/meta               the model's fields, states and transitions
 */
export function registerModelRoutes(
  app: FastifyInstance,
  engine: ModelEngine,
  filesOf: (model: string, id: string) => Promise<unknown[]>,
): void {
  // `Cache-Control: no-cache` asks for the list read from the database, not a kept answer (ADR 0016).
  route<{ Params: Params; Querystring: QueryParams }>(app, API.modelRecords, async (req) =>
    ok(
      await engine.list(actorOf(req), req.params.model, req.query, {
        fresh: /\bno-cache\b/.test(req.headers['cache-control'] ?? ''),
      }),
    ),
  );

  route<{ Params: { model: string; field: string }; Querystring: QueryParams }>(
    app,
    API.modelRefs,
    async (req) => {
      // `product`: for a field whose enterprise must have opened the product a record field names;
      // `keyword`, `page`, `size`: the pickers' server search and paging.
      return ok(await engine.refOptions(actorOf(req), req.params.model, req.params.field, req.query));
    },
  );

  route<{ Params: Params }>(app, API.modelRecord, async (req) => {
    const record = await engine.get(actorOf(req), req.params.model, req.params.id);
    return ok({ ...record, files: await filesOf(req.params.model, req.params.id) });
  });

  route<{ Params: Params; Body: unknown }>(app, API.modelCreate, async (req) =>
    ok(await engine.create(actorOf(req), req.params.model, bodyObject(req.body))),
  );

  route<{ Params: Params; Body: unknown }>(app, API.modelUpdate, async (req) =>
    ok(await engine.update(actorOf(req), req.params.model, req.params.id, bodyObject(req.body))),
  );

  route<{ Params: Params; Body: unknown }>(app, API.modelAction, async (req) =>
    ok(
      await engine.act(
        actorOf(req),
        req.params.model,
        req.params.id,
        req.params.action,
        bodyObject(req.body) as ActionBody,
      ),
    ),
  );

  route<{ Params: Params; Body: unknown }>(app, API.modelBatch, async (req) =>
    ok(
      await engine.actMany(
        actorOf(req),
        req.params.model,
        req.params.action,
        bodyObject(req.body) as BatchBody,
      ),
    ),
  );

  for (const endpoint of [API.modelAggregates, API.modelAggregate]) {
    route<{ Params: Params; Querystring: QueryParams }>(app, endpoint, async (req) =>
      ok(await engine.aggregate(actorOf(req), req.params.model, req.query)),
    );
  }

  route<{ Params: Params }>(app, API.modelMeta, async (req) => {
    const model = engine.model(req.params.model);
    const def = model.def;
    return ok({
      name: def.name,
      title: def.title,
      stateField: model.stateField,
      fields: def.fields,
      required: def.required ?? [],
      states: [...model.states.values()],
      initialState: def.initialState,
      create: def.create ? { roles: def.create.roles } : null,
      update: def.update ? { roles: def.update.roles, states: def.update.states } : null,
      transitions: def.transitions.map((t) => ({
        action: t.action,
        title: t.title,
        from: t.from,
        to: t.to,
        roles: t.roles,
        sign: t.sign ?? false,
        reason: t.reason ?? 'none',
        reasonTitle: t.reasonTitle ?? null,
      })),
      query: def.query ?? {},
      aggregates: def.aggregates ?? null,
      files: def.files ? { categories: def.files.categories } : null,
    });
  });
}
