import { API } from '@contract/api';
import type { SignedAgreement } from '@contract/registration';
import { chinaDateTime } from '@renderer/core/format';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { ok } from '../errors';
import { route } from '../routes';
import type { ModelEngine } from '../models';
import { MAX_PAGE_SIZE } from '../models/listQuery';
import { actorOf } from '../models/modelRoutes';
import type { Actor } from '../models/recordJson';
import type { ServerProduct } from '../products/types';

type Json = Record<string, unknown>;
const text = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));

/** Every record of `model` in `states` the actor sees (the engine's visibility), page by page. */
async function visibleRecords(
  engine: ModelEngine,
  actor: Actor,
  model: string,
  states: string[],
): Promise<Json[]> {
  const out: Json[] = [];
  for (let page = 1; ; page++) {
    const { list, pagecond } = await engine.list(actor, model, {
      status: states,
      page: String(page),
      size: String(MAX_PAGE_SIZE),
    });
    out.push(...list);
    if (list.length < MAX_PAGE_SIZE || out.length >= pagecond.count) return out;
  }
}

/**
 * The agreements the actor's enterprise signed in the products, as the products declare them
 * (ServerProduct.agreements): a record is listed when the enterprise is in a signer's field and the record
 * is in a state after that signer's signature, dated by that signature in the record's trail.
 */
export async function productAgreements(
  db: Db,
  engine: ModelEngine,
  actor: Actor,
  products: readonly ServerProduct[],
): Promise<SignedAgreement[]> {
  const corpId = actor.user.corpId;
  const out: SignedAgreement[] = [];
  for (const product of products)
    for (const a of product.agreements ?? []) {
      const states = [...new Set(a.signers.flatMap((s) => s.states))];
      const signed = (await visibleRecords(engine, actor, a.model, states)).flatMap((rec) => {
        const signer = a.signers.find((s) => rec[s.field] === corpId && s.states.includes(text(rec.status)));
        return signer ? [{ rec, action: signer.action }] : [];
      });
      if (!signed.length) continue;
      const trail = await db.query<{ record_id: string; action: string; at: Date | string }>(
        `select record_id, action, max(at) as at from biz_audit
          where model = $1 and record_id = any($2) and corp_id = $3 group by record_id, action`,
        [a.model, signed.map((s) => text(s.rec.id)), corpId],
      );
      const when = new Map(
        trail.rows.map((r) => [`${r.record_id}:${r.action}`, chinaDateTime(new Date(r.at))]),
      );
      for (const { rec, action } of signed) {
        const id = text(rec.id);
        out.push({
          code: `${a.model}:${id}`,
          title: a.title(rec),
          version: text(rec[a.numberField]),
          signedAt: when.get(`${id}:${action}`) ?? chinaDateTime(text(rec.updatedAt)),
          pdf: a.pdf.replace('{id}', encodeURIComponent(id)),
          product: product.code,
        });
      }
    }
  return out.sort((x, y) => y.signedAt.localeCompare(x.signedAt));
}

/** GET API.productAgreements: the session's enterprise's product agreements (never another's). */
export function registerProductAgreementRoutes(
  app: FastifyInstance,
  db: Db,
  engine: ModelEngine,
  products: readonly ServerProduct[],
): void {
  route(app, API.productAgreements, async (req) =>
    ok(await productAgreements(db, engine, actorOf(req), products)),
  );
}
