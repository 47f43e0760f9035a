import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { TaggedCache } from '../db/taggedCache';
import { ApiError, ok } from '../errors';
import { API } from '@contract/api';
import type { QueryParams } from '../models/listQuery';
import type { ModelEngine } from '../models/modelEngine';
import { actorOf } from '../models/modelRoutes';
import type { Actor } from '../models/recordJson';
import { route } from '../routes';

/** In-site mail and SMS are records of these models, seen by their receiver alone (schemas/_models). */
const MAIL = 'message';
const SMS = 'smsMessage';
/** Their transition to READ; only an UNREAD record takes it. */
const READ = 'read';
const PAGE = '100';

type MailPage = Awaited<ReturnType<ModelEngine['list']>>;

/**
 * The header bell and "mark everything read": two doors onto the engine for what a page schema's list and
 * batch action cannot say. Everything else (lists, one record, batch 标记已读) is the models API.
 *
 * - The bell (`status=UNREAD&size=5`): the model message's list as the engine answers it, cached per user
 *   and role, because every portal asks every minute, even before the first password change. A write to the
 *   user's messages (by any instance) notifies `messages:<user>` (migration 030) and drops it.
 * - Marking read (`ids`, or `all: true`): the engine's batch transition `read` on the user's unread records
 *   (others' ids are not visible, so not found); `updated` is how many it moved.
 */
export async function messagesPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const cache = new TaggedCache<MailPage>(ctx.changes, 5 * 60_000);
  route<{ Querystring: QueryParams }>(app, API.messages, { beforePasswordChange: true }, async (req) => {
    const actor = actorOf(req);
    const key = JSON.stringify([actor.user.id, actor.role, req.query]);
    const cached = cache.get(key);
    if (cached) return ok(cached);
    const since = cache.since();
    const result = await ctx.engine.list(actor, MAIL, req.query);
    cache.set(key, result, [`messages:${actor.user.id}`], since);
    return ok(result);
  });

  route<{ Body: { ids?: unknown; all?: unknown } }>(app, API.messagesRead, async (req) =>
    ok({ updated: await markRead(ctx.engine, actorOf(req), MAIL, req.body) }),
  );
  route<{ Body: { ids?: unknown; all?: unknown } }>(app, API.smsRead, async (req) =>
    ok({ updated: await markRead(ctx.engine, actorOf(req), SMS, req.body) }),
  );
}

/** Runs `read` on the actor's unread records of `model` (ids given, or all); returns how many moved. */
async function markRead(
  engine: ModelEngine,
  actor: Actor,
  model: string,
  body: { ids?: unknown; all?: unknown } | undefined,
): Promise<number> {
  const all = body?.all === true;
  const ids = body?.ids;
  if (
    !all &&
    (!Array.isArray(ids) || ids.length === 0 || ids.length > 100 || ids.some((i) => typeof i !== 'string'))
  ) {
    throw new ApiError('BATCH_EMPTY');
  }
  const query: QueryParams = { status: 'UNREAD', size: PAGE, ...(all ? {} : { id: ids as string[] }) };
  let updated = 0;
  for (;;) {
    const { list } = await engine.list(actor, model, query);
    if (list.length === 0) return updated;
    const items = list.map((r) => ({ id: r.id, version: r.version }));
    const { succeeded } = await engine.actMany(actor, model, READ, { items });
    updated += succeeded;
    // The next page of `all` (what was read has left the filter); stop if nothing moved.
    if (!all || succeeded === 0) return updated;
  }
}
