import {
  BUSINESS_PRODUCT_CODES,
  PRODUCT_MANIFESTS,
  PRODUCT_NAMES,
  isBusinessProduct,
} from '@contract/products';
import type { Queryable } from '../db/db';
import { ApiError } from '../errors';
import { writeSystemSteps } from './audit';
import type { Effect } from './effects';
import { timeOrderedId } from './ids';

/** The model of product opening (schemas/_models/productOpening.json). */
export const PRODUCT_OPENING = 'productOpening';

/**
 * The one writer of the model productOpening (table corp_products: one record per enterprise and business
 * product, seen by that enterprise): the records an enterprise has no record of yet, 未开通
 * ({@link ensureProductOpenings}); a product opened at once, or closed, by the demo world ({@link openProduct},
 * {@link closeProduct}); and the
 * platform's approval of applications ({@link approveProductOpenings}), each audited as the system's step.
 * Applying (开通) is the model's transition `apply`, run by the engine with the effect below. Two reads stay SQL
 * here: the session's opened products ({@link openedProducts}, read before any role is chosen) and the
 * engine's product gate ({@link hasOpenedAny}, inside every business action's transaction).
 */

/**
 * Makes the missing records of every enterprise (or of `corpId`), one per business product in menu order,
 * 未开通: at start (new enterprises of a migration, products mounted since) and when an enterprise registers.
 */
export async function ensureProductOpenings(
  q: Queryable,
  corpId: string | null = null,
  at: Date = new Date(),
): Promise<void> {
  const missing = await q.query<{ corpId: string; product: string }>(
    `select c.id as "corpId", p.product from corps c
       cross join unnest($1::text[]) with ordinality as p(product, position)
      where ($2::text is null or c.id = $2)
        and not exists (select 1 from corp_products r where r.corp_id = c.id and r.product = p.product)
      order by c.id, p.position`,
    [[...BUSINESS_PRODUCT_CODES], corpId],
  );
  for (let i = 0; i < missing.rows.length; i += 500) {
    const params: unknown[] = [at.toISOString()];
    const tuples = missing.rows.slice(i, i + 500).map((r) => {
      params.push(timeOrderedId(at), r.corpId, r.product);
      const n = params.length;
      return `($${n - 2}, $${n - 1}, $${n}, 'UNOPENED', array[$${n - 1}::text], $1::timestamptz, $1::timestamptz)`;
    });
    const made = await q.query<{ id: string }>(
      `insert into corp_products (id, corp_id, product, state, visible_corps, created_at, updated_at)
       values ${tuples.join(', ')} on conflict (corp_id, product) do nothing returning id`,
      params,
    );
    // Each record's trail starts with its creation, as a record made through the engine does.
    await writeSystemSteps(
      q,
      PRODUCT_OPENING,
      made.rows.map((row) => ({ ...row, from: null })),
      'create',
      'UNOPENED',
      at,
    );
  }
}

/** Opens a product for an enterprise at once (the demo world, a mounted product's demo enterprises). */
export async function openProduct(
  q: Queryable,
  corpId: string,
  product: string,
  at: Date = new Date(),
): Promise<void> {
  await ensureProductOpenings(q, corpId, at);
  const r = await q.query<{ id: string; from: string }>(
    `update corp_products p set state = 'OPENED', opened_at = $3, version = p.version + 1, updated_at = $3
       from corp_products o
      where p.id = o.id and p.corp_id = $1 and p.product = $2 and p.state <> 'OPENED'
      returning p.id, o.state as "from"`,
    [corpId, product, at],
  );
  await writeSystemSteps(q, PRODUCT_OPENING, r.rows, 'open', 'OPENED', at);
}

/** Closes a product an enterprise had opened (the demo world's second factor, which gave up credit). */
export async function closeProduct(
  q: Queryable,
  corpId: string,
  product: string,
  at: Date = new Date(),
): Promise<void> {
  const r = await q.query<{ id: string }>(
    `update corp_products set state = 'UNOPENED', version = version + 1, updated_at = $3
      where corp_id = $1 and product = $2 and state = 'OPENED' returning id`,
    [corpId, product, at],
  );
  await writeSystemSteps(
    q,
    PRODUCT_OPENING,
    r.rows.map((row) => ({ ...row, from: 'OPENED' })),
    'close',
    'UNOPENED',
    at,
  );
}

/** An application the platform approved. */
export interface ApprovedOpening {
  id: string;
  corpId: string;
  product: string;
  applicantId: string | null;
}

/**
 * The platform's approval (server/backOffice/productApprovals.ts): every application made at or before
 * `madeBefore` becomes 已开通, audited as the system's step `approve`.
 */
export async function approveProductOpenings(
  q: Queryable,
  madeBefore: Date,
  at: Date = new Date(),
): Promise<ApprovedOpening[]> {
  const r = await q.query<ApprovedOpening>(
    `update corp_products set state = 'OPENED', opened_at = $2, version = version + 1, updated_at = $2
      where id in (select id from corp_products where state = 'PENDING' and applied_at <= $1
                    order by id for update skip locked)
      returning id, corp_id as "corpId", product, applicant_id as "applicantId"`,
    [madeBefore.toISOString(), at],
  );
  await writeSystemSteps(
    q,
    PRODUCT_OPENING,
    r.rows.map((row) => ({ ...row, from: 'PENDING' })),
    'approve',
    'OPENED',
    at,
  );
  return r.rows;
}

/** The products an enterprise has opened, as the session's openedProductCorps carries them (code → true). */
export async function openedProducts(q: Queryable, corpId: string): Promise<Record<string, boolean>> {
  const r = await q.query<{ product: string }>(
    `select product from corp_products where corp_id = $1 and state = 'OPENED'`,
    [corpId],
  );
  return Object.fromEntries(r.rows.map((p) => [p.product, true]));
}

/** Whether an enterprise has opened one of `products`. */
export async function hasOpenedAny(q: Queryable, corpId: string, products: string[]): Promise<boolean> {
  const r = await q.query(
    `select 1 from corp_products where corp_id = $1 and product = any($2::text[]) and state = 'OPENED' limit 1`,
    [corpId, products],
  );
  return r.rows.length > 0;
}

/**
 * 开通 (the transition `apply`): only the kinds of enterprise the product's manifest names in `openableBy`
 * may open it; the record keeps who applied and when, for the approval's message.
 */
const apply: Effect = async (c) => {
  const d = c.record.data;
  const product = typeof d.product === 'string' ? d.product : '';
  const manifest = PRODUCT_MANIFESTS.find((m) => m.code === product);
  if (manifest && !manifest.openableBy.includes(c.user.corpType))
    throw new ApiError('PRODUCT_NOT_OPENABLE', { product: manifest.title });
  d.applicantId = c.user.id;
  d.applicantName = c.user.personName;
  d.appliedAt = c.now.toISOString();
};

/** The effects the model productOpening names. */
export const productOpeningEffects: Readonly<Record<string, Effect>> = { 'productOpening.apply': apply };

/** A product's name for messages (its code when it is not a business product). */
export const productName = (product: string): string =>
  isBusinessProduct(product) ? PRODUCT_NAMES[product] : product;
