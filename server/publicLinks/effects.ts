import { formatAmount } from '@renderer/core/format';
import type { Effect } from '../models/effects';
import { outboxDelivery, publicAddress, type LinkDelivery } from './delivery';
import { publicLinkError } from './errors';
import { DEFAULT_TTL_HOURS, issueLink, type PublicLinkKind } from './links';

/** The portal's base path, after the platform's public address. */
const BASE = '/cv3';

/**
 * The effects models name to use one-time links:
 * - `publicLink.send` {kind, partyField}: issues a link of `kind` for this record to the enterprise in
 *   `partyField` and sends it (SMS) to that enterprise's first user holding a role of the link's action;
 * - `publicLink.signer` {field = signerName}: records who acted through the link (the name they typed).
 */
export function publicLinkEffects(
  kinds: readonly PublicLinkKind[],
  delivery: LinkDelivery = outboxDelivery,
): Record<string, Effect> {
  const byKind = new Map(kinds.map((k) => [k.kind, k]));
  return {
    async 'publicLink.send'(c) {
      const kind = byKind.get(String(c.args.kind));
      if (!kind) throw new Error(`publicLink.send: unknown link kind ${String(c.args.kind)}`);
      const party = c.record.data[String(c.args.partyField)];
      if (typeof party !== 'string') throw new Error('publicLink.send: the party field is empty');
      if (kind.model !== c.model.name)
        throw new Error(`publicLink.send: ${kind.kind} is not a link of ${c.model.name}`);
      const roles = c.model.transitions.get(kind.action)?.roles ?? [];
      const contact = await c.tx.query<{ id: string; mobile: string; corp_name: string }>(
        `select u.id, u.mobile, c.name as corp_name from users u join corps c on c.id = u.corp_id
          where u.corp_id = $1 and exists (select 1 from user_roles r where r.user_id = u.id and r.role_code = any($2))
          order by u.id limit 1`,
        [party, [...roles]],
      );
      const to = contact.rows[0];
      if (!to?.mobile) {
        const corp = await c.tx.query<{ name: string }>('select name from corps where id = $1', [party]);
        throw publicLinkError('PUBLIC_LINK_NO_CONTACT', { corp: corp.rows[0]?.name ?? party });
      }
      const { token } = await issueLink(c.tx, kind, c.record.id, party, to.mobile, c.now);
      const url = `${await publicAddress(c.tx)}${BASE}${kind.page}?id=${encodeURIComponent(c.record.id)}&token=${token}`;
      const text = kind.message.replace(/\{(\w+)\}/g, (_, name: string) => {
        if (name === 'url') return url;
        if (name === 'hours') return String(kind.ttlHours ?? DEFAULT_TTL_HOURS);
        if (name === 'corp') return to.corp_name;
        const value = c.record.data[name];
        return c.model.fields.get(name)?.kind === 'money' && typeof value === 'string'
          ? formatAmount(value)
          : String(value ?? '');
      });
      await delivery.send(c.tx, {
        channel: 'sms',
        recipient: to.mobile,
        corpId: party,
        userId: to.id,
        text,
        url,
        at: c.now,
      });
    },

    async 'publicLink.signer'(c) {
      c.record.data[typeof c.args.field === 'string' ? c.args.field : 'signerName'] = c.user.personName;
    },
  };
}
