import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { TaggedCache } from '../db/taggedCache';
import { ApiError, ok } from '../errors';
import { localTimeSql } from '../db/localTime';
import { API } from '@contract/api';
import { schemaTreeJson } from '@renderer/core/node';
import { route } from '../routes';

const toInt = (v: unknown, fallback: number, max: number): number => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/** What the message list shows as 状态, read from its dictionary: HANDLED once its to-do was handled. */
const MESSAGE_STATES = schemaTreeJson<{ items: Array<{ value: string }> }>(
  '_dicts/messageState.json',
).items.map((item) => item.value);
const STATE_SQL = `case when handled_at is null then message_state else 'HANDLED' end`;

interface MessagePage {
  list: Record<string, unknown>[];
  pagecond: { count: number; page: number; size: number };
}

/**
 * In-site mail; `state` is `messageState`, or HANDLED for a to-do whose record has moved on
 * (server/models/handovers.ts closeHandovers; dictionary messageState). `data.pagecond.count` with messageState=UNREAD is the bell's unread count. Every portal
 * asks this every minute, so pages are cached per user until a write to that user's messages (by any
 * instance) notifies `messages:<user>` (migration 030).
 */
export async function messagesPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const cache = new TaggedCache<MessagePage>(ctx.changes, 5 * 60_000);
  route<{
    Querystring: {
      messageState?: string;
      messageType?: string;
      state?: string;
      page?: string;
      size?: string;
    };
  }>(app, API.messages, { beforePasswordChange: true }, async (req) => {
    const { messageState, messageType, state } = req.query;
    const page = toInt(req.query.page, 1, 100000);
    const size = toInt(req.query.size, 10, 100);
    const userId = req.user!.id;
    const key = JSON.stringify([userId, messageState, messageType, state, page, size]);
    const cached = cache.get(key);
    if (cached) return ok(cached);
    const since = cache.since();
    const where = ['user_id = $1'];
    const params: unknown[] = [userId];
    if (messageState) where.push(`message_state = $${params.push(messageState)}`);
    if (messageType) where.push(`message_type = $${params.push(messageType)}`);
    if (state) {
      if (!MESSAGE_STATES.includes(state)) throw new ApiError('BAD_REQUEST');
      where.push(`${STATE_SQL} = $${params.push(state)}`);
    }
    const filter = where.join(' and ');
    // One query: the page and the total (the bell asks this every minute for every user).
    const r = await ctx.db.query<Record<string, unknown> & { total: number }>(
      `select id, message_type as "messageType", title, content, message_state as "messageState", link,
                ${STATE_SQL} as "state",
                ${localTimeSql('created_at')} as "createdAt", ${localTimeSql('handled_at')} as "handledAt",
                handled_by_name as "handledBy", count(*) over ()::int as total
           from messages where ${filter} order by created_at desc, id
          limit ${size} offset ${(page - 1) * size}`,
      params,
    );
    let count = r.rows[0]?.total;
    if (count === undefined) {
      // An empty page (or past the end) still reports the total.
      count = (
        await ctx.db.query<{ n: number }>(`select count(*)::int as n from messages where ${filter}`, params)
      ).rows[0]!.n;
    }
    const list = r.rows.map(({ total: _total, ...row }) => row);
    const result: MessagePage = { list, pagecond: { count, page, size } };
    cache.set(key, result, [`messages:${userId}`], since);
    return ok(result);
  });

  // Marks the user's own messages read: `ids`, or every unread one with `all: true`. Others' ids are
  // ignored. The bell's cache is dropped by the messages trigger (ADR 0006).
  route<{ Body: { ids?: unknown; all?: unknown } }>(app, API.messagesRead, async (req) => {
    const updated = await markRead(ctx, 'messages', 'message_state', req.user!.id, req.body);
    return ok({ updated });
  });

  // SMS sent to the user's mobile (my/message/text-message).
  route<{ Querystring: { readState?: string; page?: string; size?: string } }>(
    app,
    API.smsMessages,
    async (req) => {
      const page = toInt(req.query.page, 1, 100000);
      const size = toInt(req.query.size, 10, 100);
      const where = ['user_id = $1'];
      const params: unknown[] = [req.user!.id];
      const state = req.query.readState;
      if (state) {
        if (state !== 'READ' && state !== 'UNREAD') throw new ApiError('BAD_REQUEST');
        where.push(`read_state = $${params.push(state)}`);
      }
      const filter = where.join(' and ');
      const r = await ctx.db.query<Record<string, unknown>>(
        `select id, mobile, content, send_status as "sendStatus", read_state as "readState",
                ${localTimeSql('created_at')} as "createdAt"
           from user_sms where ${filter} order by created_at desc, id
          limit ${size} offset ${(page - 1) * size}`,
        params,
      );
      const count = (
        await ctx.db.query<{ n: number }>(`select count(*)::int as n from user_sms where ${filter}`, params)
      ).rows[0]!.n;
      return ok({ list: r.rows, pagecond: { count, page, size } });
    },
  );

  route<{ Body: { ids?: unknown; all?: unknown } }>(app, API.smsRead, async (req) => {
    const updated = await markRead(ctx, 'user_sms', 'read_state', req.user!.id, req.body);
    return ok({ updated });
  });
}

/** Sets the user's unread rows of `table` (ids given, or all) to READ; returns how many changed. */
async function markRead(
  ctx: ServerContext,
  table: 'messages' | 'user_sms',
  column: 'message_state' | 'read_state',
  userId: string,
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
  const r = await ctx.db.query(
    `update ${table} set ${column} = 'READ'
      where user_id = $1 and ${column} = 'UNREAD' ${all ? '' : 'and id = any($2::text[])'}`,
    all ? [userId] : [userId, ids],
  );
  return r.affectedRows ?? 0;
}
