import type { Queryable } from '../db/db';
import { ApiError } from '../errors';

/**
 * Login throttling. Failures count per (user name, client): five in a row lock that pair, for
 * 15 minutes the first time and twice as long each time after (at most a day), so a stranger guessing
 * from elsewhere cannot lock a user out. Unknown user names are counted exactly like known ones (same
 * answers, same queries, same time). Each client also has a failure budget per window over all names
 * (password spraying). A successful login clears the pair; a password reset clears the user name.
 */
export const LOGIN_POLICY = {
  maxFailures: 5,
  lockMinutes: 15,
  maxLockMinutes: 24 * 60,
  clientMaxFailures: 30,
  clientWindowMinutes: 10,
} as const;

/** The row that counts a client's failures over all user names. */
const CLIENT_ROW = '';

interface Row {
  username: string;
  failures: number;
  lockouts: number;
  locked_until: Date | string | null;
  window_start: Date | string;
}

const minutesUntil = (t: Date | string, now: Date): number =>
  Math.max(1, Math.ceil((new Date(t).getTime() - now.getTime()) / 60000));

/** Refuses the attempt before the password is checked when the pair is locked or the client is over budget. */
export async function checkLoginAllowed(
  db: Queryable,
  username: string,
  client: string,
  now: Date,
): Promise<void> {
  const r = await db.query<Row>(
    'select username, failures, lockouts, locked_until, window_start from login_failures where client = $1 and username in ($2, $3)',
    [client, username, CLIENT_ROW],
  );
  for (const row of r.rows) {
    if (row.username === CLIENT_ROW) {
      const windowEnd = new Date(row.window_start).getTime() + LOGIN_POLICY.clientWindowMinutes * 60000;
      if (row.failures >= LOGIN_POLICY.clientMaxFailures && windowEnd > now.getTime())
        throw new ApiError('RATE_LIMITED');
    } else if (row.locked_until && new Date(row.locked_until).getTime() > now.getTime()) {
      throw new ApiError('LOGIN_LOCKED', { minutes: minutesUntil(row.locked_until, now) });
    }
  }
}

/** Counts a failure; returns the minutes of the lock it caused, or null. */
export async function recordLoginFailure(
  db: Queryable,
  username: string,
  client: string,
  now: Date,
): Promise<number | null> {
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - LOGIN_POLICY.clientWindowMinutes * 60000).toISOString();
  // The client's budget: a new window once the old one is over.
  await db.query(
    `insert into login_failures (username, client, failures, window_start) values ($1, $2, 1, $3)
     on conflict (username, client) do update set
       failures = case when login_failures.window_start < $4 then 1 else login_failures.failures + 1 end,
       window_start = case when login_failures.window_start < $4 then $3 else login_failures.window_start end`,
    [CLIENT_ROW, client, at, windowStart],
  );
  const r = await db.query<{ failures: number; lockouts: number }>(
    `insert into login_failures (username, client, failures, window_start) values ($1, $2, 1, $3)
     on conflict (username, client) do update set failures = login_failures.failures + 1
     returning failures, lockouts`,
    [username, client, at],
  );
  const row = r.rows[0]!;
  if (row.failures < LOGIN_POLICY.maxFailures) return null;
  const minutes = Math.min(LOGIN_POLICY.lockMinutes * 2 ** row.lockouts, LOGIN_POLICY.maxLockMinutes);
  await db.query(
    `update login_failures set failures = 0, lockouts = lockouts + 1, locked_until = $3
      where username = $1 and client = $2`,
    [username, client, new Date(now.getTime() + minutes * 60000).toISOString()],
  );
  return minutes;
}

/** A successful login forgets the pair's failures and lockouts. */
export async function clearLoginFailures(db: Queryable, username: string, client: string): Promise<void> {
  await db.query('delete from login_failures where username = $1 and client = $2', [username, client]);
}

/** A password reset unlocks the user name from every client. */
export async function unlockUser(db: Queryable, username: string): Promise<void> {
  await db.query('delete from login_failures where username = $1', [username]);
}

/** Housekeeping: rows nobody has failed on for a day (locks last at most a day). */
export async function purgeLoginFailures(db: Queryable, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - LOGIN_POLICY.maxLockMinutes * 60000 * 2).toISOString();
  await db.query(
    'delete from login_failures where window_start < $1 and (locked_until is null or locked_until < $1)',
    [cutoff],
  );
}
