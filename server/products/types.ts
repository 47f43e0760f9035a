import type { SignedAgreement } from '@contract/registration';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import type { ErrorCatalogue } from '../errors';
import type { Effect, EffectRegistry } from '../models/effects';
import type { ModelEngine } from '../models/modelEngine';
import type { PublicLinkKind } from '../publicLinks/links';

/**
 * What a product brings to the server (issue 9, item 5): a product is a folder under server/products
 * with one of these, listed once in server/products/index.ts. Its models and pages stay in schemas/.
 */
export interface ServerProduct {
  /** Product code as the models' `product` and the portal's product switch name it (e.g. credit). */
  code: string;
  /** Tables of the effects its models name (a name defined twice, in any product, stops the server). */
  effects: ReadonlyArray<Readonly<Record<string, Effect>>>;
  /** Its error codes (unique across products and the platform's catalogue). */
  errors: ErrorCatalogue;
  /** Kinds of one-time public links its models send (server/publicLinks), e.g. accounts-payable-sign. */
  publicLinks?: readonly PublicLinkKind[];
  /**
   * Its demo data, run once after the base demo world (enterprises, users, brands, UKEYs); `effects`
   * are every product's (the models of all products are loaded together).
   */
  seed?: (db: Db, effects: EffectRegistry) => Promise<void>;
  /** The agreements of its own an enterprise has signed, listed in 协议管理 (/my/protocol/index). */
  protocols?: (db: Db, corpId: string) => Promise<SignedAgreement[]>;
  /**
   * Its own API routes beyond the generic models API (e.g. generated documents), registered under
   * /api/web next to it with the same engine (visibility and roles as the models API checks them).
   */
  routes?: (app: FastifyInstance, engine: ModelEngine) => void;
}
