import type { CurrentUser } from '../context';
import type { Queryable } from '../db/db';
import { writeAudit } from './audit';
import { timeOrderedId } from './ids';
import { userKey } from './recordStore';

/**
 * The one writer of the product switches (model `productSwitch`, table `product_switch_records`), records
 * seen by their user alone (ADR 0007 addendum): the platform's switch endpoint comes here. A record starts
 * at version 1 in the model's only state SWITCHED, with the user's enterprise and visibility key
 * (recordStore.ts visibleCorps), and its creation entry in the audit, written as the user who switched.
 */
export async function writeProductSwitch(
  q: Queryable,
  s: { user: CurrentUser; role: string | null; productType: string; productSubtype?: string | null },
): Promise<void> {
  const at = new Date();
  const id = timeOrderedId(at);
  await q.query(
    `insert into product_switch_records (id, user_id, user_corp_id, product_type, product_subtype, state,
                                         visible_corps, created_at, updated_at)
     select $1, u.id, u.corp_id, $3, $4, 'SWITCHED', array[$5::text], $6, $6
       from users u where u.id = $2`,
    [id, s.user.id, s.productType, s.productSubtype ?? null, userKey(s.user.id), at],
  );
  await writeAudit(q, [
    {
      model: 'productSwitch',
      recordId: id,
      action: 'create',
      from: null,
      to: 'SWITCHED',
      user: s.user,
      role: s.role,
      at,
    },
  ]);
}
