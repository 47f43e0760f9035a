import type { Queryable } from '../db/db';

/** A message carrying a one-time link to its recipient. */
export interface LinkMessage {
  channel: 'sms';
  /** The recipient's mobile number. */
  recipient: string;
  /** The enterprise the recipient acts for. */
  corpId: string;
  text: string;
  /** The link (a path under /cv3/, the host is the portal's). */
  url: string;
}

/**
 * How a link reaches its recipient. Sent in the transaction that issued the link (a refused
 * transition sends nothing). A real SMS gateway implements this; the reference server keeps an outbox.
 */
export interface LinkDelivery {
  send(tx: Queryable, message: LinkMessage): Promise<void>;
}

/** SMS emulation: the message is written to `public_link_outbox` (nothing leaves the machine). */
export const outboxDelivery: LinkDelivery = {
  async send(tx, m) {
    await tx.query(
      'insert into public_link_outbox (channel, recipient, corp_id, text, url) values ($1, $2, $3, $4, $5)',
      [m.channel, m.recipient, m.corpId, m.text, m.url],
    );
  },
};
