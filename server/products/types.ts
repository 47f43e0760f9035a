import type { FastifyInstance } from 'fastify';
import type { ErrorCatalogue } from '../errors';
import type { ActionService, Effect } from '../models/effects';
import type { ModelEngine } from '../models/modelEngine';
import type { PublicLinkKind } from '../publicLinks/links';

/**
 * An agreement a product's records are (a signed contract or agreement): listed in the account centre's
 * 协议管理 (/my/protocol/index) to each enterprise that signed it, from the record itself, opening as the
 * PDF the product already serves for it.
 */
export interface ProductAgreement {
  /** The model whose records are the agreements. */
  model: string;
  /** 协议名称 of a record (e.g. by its kind). */
  title: (rec: Readonly<Record<string, unknown>>) => string;
  /** The field holding the agreement's number (协议编号, 合同编号). */
  numberField: string;
  /** Its PDF under /api/web, `{id}` the record's id (a route the product registers, visibility checked). */
  pdf: string;
  /**
   * Who signs it: the enterprise in `field` has signed once the record is in one of `states`; the day is
   * that of its `action` in the record's trail.
   */
  signers: ReadonlyArray<{ field: string; states: readonly string[]; action: string }>;
}

/**
 * What a product brings to the server (README, "Add a product"): a product's plugin folder under
 * server/products has one of these, named by its manifest (products/<code>/manifest.json `server`).
 * Its models and pages stay in schemas/.
 */
export interface ServerProduct {
  /** Product code as the models' `product` and the portal's product switch name it (e.g. credit). */
  code: string;
  /** Tables of the effects its models name (a name defined twice, in any product, stops the server). */
  effects: ReadonlyArray<Readonly<Record<string, Effect>>>;
  /**
   * The services its models' actions name (`service`: run last in the action's transaction, their JSON
   * result answered with the record; names unique across products, like effects').
   */
  services?: Readonly<Record<string, ActionService>>;
  /** Its error codes (unique across products and the platform's catalogue). */
  errors: ErrorCatalogue;
  /** Kinds of one-time public links its models send (server/publicLinks), e.g. accounts-payable-sign. */
  publicLinks?: readonly PublicLinkKind[];
  /**
   * Its demo data, run once after the base demo world (enterprises, users, brands, UKEYs), through the
   * seeding run's engine (every product's models and effects, loaded once: server/seed).
   */
  seed?: (engine: ModelEngine) => Promise<void>;
  /**
   * Its own API routes beyond the generic models API (e.g. generated documents), registered under
   * /api/web next to it with the same engine (visibility and roles as the models API checks them).
   */
  routes?: (app: FastifyInstance, engine: ModelEngine) => void;
  /** Its agreements an enterprise signs, listed in 协议管理 (server/registration/productAgreements.ts). */
  agreements?: readonly ProductAgreement[];
}
