import type { FastifyInstance } from 'fastify';
import type { ErrorCatalogue } from '../errors';
import type { ActionService, Effect } from '../models/effects';
import type { ModelEngine } from '../models/modelEngine';
import type { ProductAgreement } from '../models/signedAgreements';
import type { PublicLinkKind } from '../publicLinks/links';

export type { ProductAgreement } from '../models/signedAgreements';

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
  /** Its agreements an enterprise signs, each signature a signedAgreement record (server/models/signedAgreements.ts). */
  agreements?: readonly ProductAgreement[];
}
