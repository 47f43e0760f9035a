import { approveProductOpenings, productName } from '../models/productOpenings';
import { writeMessage } from '../models/userMessages';
import type { Db } from '../db/db';

/**
 * The platform's back office, emulated: the real one is the operator's console outside this portal,
 * which reviews product-opening applications (产品开通, /my/product/overview, the model productOpening). Here
 * an application is approved once it has waited `PRODUCT_APPROVAL_SECONDS` (server/main.ts; default 30,
 * `off` leaves every application pending): the enterprise gets the product and the applicant an in-site
 * message saying so, in one transaction, so a new registrant's onboarding can be walked end to end.
 */

/** The product-approval delay from the environment: seconds, or null for off. */
export function productApprovalDelay(value: string | undefined): number | null {
  if (value === undefined || value === '') return 30;
  if (value === 'off') return null;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0)
    throw new Error(`PRODUCT_APPROVAL_SECONDS must be a number of seconds or "off", not "${value}"`);
  return seconds;
}

/**
 * Approves every pending application made at or before `madeBefore`: opens the product for the
 * enterprise and tells the applicant. Returns what was approved.
 */
export async function approveProductApplications(
  db: Db,
  madeBefore: Date,
): Promise<Array<{ corpId: string; product: string }>> {
  return db.transaction(async (tx) => {
    const approved = await approveProductOpenings(tx, madeBefore);
    for (const a of approved) {
      if (!a.applicantId) continue;
      const name = productName(a.product);
      await writeMessage(tx, {
        userId: a.applicantId,
        messageType: 'SYSTEM',
        title: `${name}产品已开通`,
        content: `贵企业的${name}产品开通申请已审核通过，请由企业管理员为用户分配${name}业务角色后使用。`,
        link: '/my/product/overview',
      });
    }
    return approved.map(({ corpId, product }) => ({ corpId, product }));
  });
}
