import type { CurrentUser, SignRecord } from '../context';
import type { Queryable } from '../db/db';
import { localTimeSql } from '../db/localTime';

/** One entry of a record's operation log as the API returns it. */
export interface AuditEntry {
  action: string;
  actionTitle: string;
  from: string | null;
  to: string | null;
  reason: string | null;
  userName: string | null;
  personName: string | null;
  corpId: string | null;
  role: string | null;
  at: string;
  signed: boolean;
}

/** What is written for one audited step. */
export interface AuditWrite {
  model: string;
  recordId: string;
  action: string;
  from: string | null;
  to: string | null;
  reason?: string | null;
  user: CurrentUser | null;
  role: string | null;
  signature?: SignRecord | null;
  at: Date;
}

/** Appends audit entries (one statement for all of them). */
export async function writeAudit(q: Queryable, entries: AuditWrite[]): Promise<void> {
  if (entries.length === 0) return;
  const params: unknown[] = [];
  const tuples = entries.map((e) => {
    const values = [
      e.model,
      e.recordId,
      e.action,
      e.from,
      e.to,
      e.reason || null,
      e.user?.id ?? null,
      e.user?.username ?? null,
      e.user?.personName ?? null,
      e.user?.corpId ?? null,
      e.role,
      Boolean(e.signature),
      e.signature ? JSON.stringify(e.signature) : null,
      e.at.toISOString(),
    ];
    const refs = values.map((v) => {
      params.push(v);
      return `$${params.length}`;
    });
    refs[12] = `${refs[12]}::jsonb`;
    refs[13] = `${refs[13]}::timestamptz`;
    return `(${refs.join(', ')})`;
  });
  await q.query(
    `insert into biz_audit (model, record_id, action, from_state, to_state, reason, user_id, user_name, person_name,
       corp_id, role_code, signed, signature, at) values ${tuples.join(', ')}`,
    params,
  );
}

/**
 * Steps of the system (no user, no role: a one-time writer, the back office, the CA) on records of `model`,
 * each from its own state (`null`: its creation) to `to`.
 */
export function writeSystemSteps(
  q: Queryable,
  model: string,
  rows: ReadonlyArray<{ id: string; from: string | null }>,
  action: string,
  to: string,
  at: Date,
): Promise<void> {
  return writeAudit(
    q,
    rows.map((row) => ({ model, recordId: row.id, action, from: row.from, to, user: null, role: null, at })),
  );
}

/** A record's log, oldest first; `titles` turns action names into their Chinese titles. */
export async function readAudit(
  q: Queryable,
  model: string,
  recordId: string,
  titles: (action: string) => string,
): Promise<AuditEntry[]> {
  const r = await q.query<{
    action: string;
    from_state: string | null;
    to_state: string | null;
    reason: string | null;
    user_name: string | null;
    person_name: string | null;
    corp_id: string | null;
    role_code: string | null;
    at: string;
    signed: boolean;
  }>(
    `select action, from_state, to_state, reason, user_name, person_name, corp_id, role_code, signed,
            ${localTimeSql('at')} as at
       from biz_audit where model = $1 and record_id = $2 order by at, id`,
    [model, recordId],
  );
  return r.rows.map((row) => ({
    action: row.action,
    actionTitle: titles(row.action),
    from: row.from_state,
    to: row.to_state,
    reason: row.reason,
    userName: row.user_name,
    personName: row.person_name,
    corpId: row.corp_id,
    role: row.role_code,
    at: row.at,
    signed: row.signed,
  }));
}
