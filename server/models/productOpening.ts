/**
 * Only an enterprise that has opened a product uses it (the model productOpening, server/models/productOpenings.ts):
 * a create, and a transition, on a record of a business product are
 * refused with PRODUCT_NOT_OPENED when the acting enterprise has not opened that product. A record's
 * product is its `product` field where the model has one (one ABS model serves ABS and ABCP; a credit
 * limit may be granted for any product), else the model's `product`; a model may accept any of several
 * (`openedProductAnyOf`) or none (`[]`: the factoring user agreement, signed before any factoring
 * product is used). Models outside the business products (the
 * account centre, the demo) need nothing opened. A counterparty's step (transition `counterparty`: the debtor
 * confirming a receivable it owes, a receiver declining a transfer offered to it) needs nothing opened
 * either: the product is the other party's.
 */
import { isBusinessProduct, PRODUCT_NAMES } from '@contract/products';
import type { Queryable } from '../db/db';
import { hasOpenedAny } from './productOpenings';
import { ApiError } from '../errors';
import type { CompiledModel } from './compileModel';

/** The field of a record naming its product, where a model has one. */
export const RECORD_PRODUCT_FIELD = 'product';

/** The business products one of which the enterprise acting on a record must have opened (empty: none). */
export function requiredProducts(model: CompiledModel, data: Readonly<Record<string, unknown>>): string[] {
  // `[]` names none, whatever the record's own product (a product's opening is not gated by itself).
  if (model.def.openedProductAnyOf?.length === 0) return [];
  const own = model.fields.has(RECORD_PRODUCT_FIELD) ? data[RECORD_PRODUCT_FIELD] : undefined;
  const products =
    typeof own === 'string' && own
      ? [own]
      : (model.def.openedProductAnyOf ?? (model.def.product ? [model.def.product] : []));
  return products.filter(isBusinessProduct);
}

/** @throws ApiError PRODUCT_NOT_OPENED when `corpId` has opened none of the record's products. */
export async function assertProductOpened(
  q: Queryable,
  model: CompiledModel,
  data: Readonly<Record<string, unknown>>,
  corpId: string,
): Promise<void> {
  const products = requiredProducts(model, data);
  if (products.length === 0) return;
  if (!(await hasOpenedAny(q, corpId, products)))
    throw new ApiError('PRODUCT_NOT_OPENED', {
      product: products.map((p) => PRODUCT_NAMES[p as keyof typeof PRODUCT_NAMES]).join('或'),
    });
}
