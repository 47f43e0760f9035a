import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { TaggedCache } from '../db/taggedCache';
import { ok } from '../errors';
import { localTimeSql } from '../db/localTime';

const toInt = (v: unknown, fallback: number, max: number): number => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

interface MessagePage {
  list: Record<string, unknown>[];
  pagecond: { count: number; page: number; size: number };
}

/**
 * In-site mail; `data.pagecond.count` with messageState=UNREAD is the bell's unread count. Every portal
 * asks this every minute, so pages are cached per user until a write to that user's messages (by any
 * instance) notifies `messages:<user>` (migration 030).
 */
export async function messagesPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const cache = new TaggedCache<MessagePage>(ctx.changes, 5 * 60_000);
  app.get<{ Querystring: { messageState?: string; messageType?: string; page?: string; size?: string } }>(
    '/corp/v1/sys/messages',
    async (req) => {
      const { messageState, messageType } = req.query;
      const page = toInt(req.query.page, 1, 100000);
      const size = toInt(req.query.size, 10, 100);
      const userId = req.user!.id;
      const key = JSON.stringify([userId, messageState, messageType, page, size]);
      const cached = cache.get(key);
      if (cached) return ok(cached);
      const since = cache.since();
      const where = ['user_id = $1'];
      const params: unknown[] = [userId];
      if (messageState) where.push(`message_state = $${params.push(messageState)}`);
      if (messageType) where.push(`message_type = $${params.push(messageType)}`);
      const filter = where.join(' and ');
      // One query: the page and the total (the bell asks this every minute for every user).
      const r = await ctx.db.query<Record<string, unknown> & { total: number }>(
        `select id, message_type as "messageType", title, content, message_state as "messageState", link,
                ${localTimeSql('created_at')} as "createdAt", count(*) over ()::int as total
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
    },
  );
}
