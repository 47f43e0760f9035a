import type { Queryable } from '../db/db';
import { writeSms } from '../models/userMessages';

/** A message carrying a one-time link to its recipient. */
export interface LinkMessage {
  channel: 'sms';
  /** The recipient's mobile number. */
  recipient: string;
  /** The enterprise the recipient acts for. */
  corpId: string;
  /** The recipient's user: the SMS is listed on that user's 短信 page (my/message/text-message). */
  userId: string;
  text: string;
  /** The link, absolute: the platform's public address (platforms.config.publicUrl) + /cv3/… */
  url: string;
  /** When it is sent (the transition's clock). */
  at: Date;
}

/**
 * How a link reaches its recipient. Sent in the transaction that issued the link (a refused
 * transition sends nothing). A real SMS gateway implements this; the reference server keeps an outbox.
 */
export interface LinkDelivery {
  send(tx: Queryable, message: LinkMessage): Promise<void>;
}

/**
 * SMS emulation: the message is written to `public_link_outbox` (nothing leaves the machine) and to the
 * receiver's SMS list (model smsMessage, the 短信 page), in the transaction that issued the link.
 */
export const outboxDelivery: LinkDelivery = {
  async send(tx, m) {
    await tx.query(
      `insert into public_link_outbox (channel, recipient, corp_id, text, url, created_at)
       values ($1, $2, $3, $4, $5, $6)`,
      [m.channel, m.recipient, m.corpId, m.text, m.url, m.at],
    );
    await writeSms(tx, {
      userId: m.userId,
      mobile: m.recipient,
      content: m.text,
      sendStatus: 'SENT',
      createdAt: m.at,
    });
  },
};

/**
 * The platform's public address, without a trailing slash: the deployment's PUBLIC_URL when set (a database
 * seeded elsewhere, e.g. the e2e template or a restored dump, keeps the address it was seeded with), else the
 * default platform's `publicUrl`.
 */
export async function publicAddress(tx: Queryable): Promise<string> {
  const r = process.env.PUBLIC_URL
    ? undefined
    : await tx.query<{ url: string | null }>(
        "select config->>'publicUrl' as url from platforms where host = '*'",
      );
  const url = process.env.PUBLIC_URL ?? r?.rows[0]?.url ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
  return url.replace(/\/+$/, '');
}
