import type { Queryable } from '../db/db';
import { writeAudit } from './audit';
import { timeOrderedId } from './ids';
import { userKey } from './recordStore';

/**
 * The one writer of the account centre's messages: in-site mail (model `message`, table `messages`) and SMS
 * (model `smsMessage`, table `user_sms`), records seen by their receiver alone (ADR 0007 addendum). Nothing
 * else inserts into those tables: hand-overs (handovers.ts), product approvals, the public-link SMS and the
 * demo seed all come here, inside their own transaction. A record starts at version 1 with the model's
 * initial state UNREAD (or READ for an old demo notice), its receiver's enterprise and the receiver's
 * visibility key (recordStore.ts visibleCorps), and its creation entry in the audit (written by the system,
 * as an effect's records are); the engine's side table is kept by its trigger, and the bell's cache hears
 * of it through migration 030's trigger.
 */
export interface MessageInput {
  userId: string;
  messageType: 'SYSTEM' | 'BUSINESS';
  title: string;
  content: string;
  link?: string | null;
  /** The record a hand-over to-do is about (closed by handovers.ts closeHandovers when it moves on). */
  about?: { model: string; recordId: string; action: string };
  state?: 'UNREAD' | 'READ';
  /** Default: now. */
  createdAt?: Date;
  /** Default: a time-ordered id (ids.ts). */
  id?: string;
}

export async function writeMessage(q: Queryable, m: MessageInput): Promise<void> {
  const at = m.createdAt ?? new Date();
  const id = m.id ?? timeOrderedId(at);
  const state = m.state ?? 'UNREAD';
  await q.query(
    `insert into messages (id, user_id, user_corp_id, message_type, title, content, link, model, record_id,
                           action, state, visible_corps, created_at, updated_at)
     select $1, u.id, u.corp_id, $3, $4, $5, $6, $7, $8, $9, $10, array[$11::text], $12, $12
       from users u where u.id = $2`,
    [
      id,
      m.userId,
      m.messageType,
      m.title,
      m.content,
      m.link ?? null,
      m.about?.model ?? null,
      m.about?.recordId ?? null,
      m.about?.action ?? null,
      state,
      userKey(m.userId),
      at,
    ],
  );
  await created(q, 'message', id, state, at);
}

/** An SMS sent to a user's mobile, listed on that user's 短信 page. */
export interface SmsInput {
  userId: string;
  mobile: string;
  content: string;
  sendStatus: 'SENT' | 'FAILED';
  state?: 'UNREAD' | 'READ';
  /** Default: now. */
  createdAt?: Date;
  id?: string;
}

export async function writeSms(q: Queryable, m: SmsInput): Promise<void> {
  const at = m.createdAt ?? new Date();
  const id = m.id ?? timeOrderedId(at);
  const state = m.state ?? 'UNREAD';
  await q.query(
    `insert into user_sms (id, user_id, user_corp_id, mobile, content, send_status, state, visible_corps,
                           created_at, updated_at)
     select $1, u.id, u.corp_id, $3, $4, $5, $6, array[$7::text], $8, $8
       from users u where u.id = $2`,
    [id, m.userId, m.mobile, m.content, m.sendStatus, state, userKey(m.userId), at],
  );
  await created(q, 'smsMessage', id, state, at);
}

/** The creation entry of a record the system wrote (no user, no role). */
const created = (q: Queryable, model: string, id: string, state: string, at: Date): Promise<void> =>
  writeAudit(q, [
    { model, recordId: id, action: 'create', from: null, to: state, user: null, role: null, at },
  ]);
