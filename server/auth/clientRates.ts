import type { Queryable } from '../db/db';
import { ApiError } from '../errors';

/**
 * Request budgets per client address for the anonymous calls an attacker could hammer: registration and
 * password reset (each answer spends a code try, but the calls themselves must stay cheap to refuse), and
 * SMS code requests (whose refusals — resend window, daily quota — would otherwise be free). Fixed windows,
 * counted in the database so every instance shares them. Over budget: RATE_LIMITED until the window ends.
 */
export const CLIENT_RATES = {
  /** POST /v1/register and /v1/auth/passwords/reset, together. */
  accountAttempts: { max: 30, windowSeconds: 600 },
  /** POST /v1/sms/codes, answered or refused. */
  smsRequests: { max: 60, windowSeconds: 600 },
} as const;

export type ClientRateBucket = keyof typeof CLIENT_RATES;

/** Counts one request of the client in the bucket; throws RATE_LIMITED past the window's budget. */
export async function spendClientRate(
  db: Queryable,
  bucket: ClientRateBucket,
  client: string,
  now: Date,
): Promise<void> {
  const { max, windowSeconds } = CLIENT_RATES[bucket];
  const windowStart = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const r = await db.query<{ hits: number }>(
    `insert into client_rates (bucket, client, window_start, hits) values ($1, $2, $3, 1)
     on conflict (bucket, client) do update set
       hits = case when client_rates.window_start <= $4 then 1 else client_rates.hits + 1 end,
       window_start = case when client_rates.window_start <= $4 then $3 else client_rates.window_start end
     returning hits`,
    [bucket, client, now.toISOString(), windowStart],
  );
  if ((r.rows[0]?.hits ?? 0) > max) throw new ApiError('RATE_LIMITED');
}

/** Housekeeping: windows over for a day. */
export async function purgeClientRates(db: Queryable, now: Date): Promise<void> {
  await db.query('delete from client_rates where window_start < $1', [
    new Date(now.getTime() - 86_400_000).toISOString(),
  ]);
}
