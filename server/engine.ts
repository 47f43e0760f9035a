import { fileURLToPath } from 'node:url';
import { AGREEMENT_BOOKS } from '@contract/registration';
import type { SignatureVerifier } from './context';
import type { Db } from './db/db';
import { ModelEngine, openModels } from './models';
import type { ServiceHost } from './models/effects';
import { handoverLinksOf } from './models/handovers';
import { emulatedSmsGateway } from './registration/sms';
import { ensureProductOpenings } from './models/productOpenings';
import { moveSignedAgreements } from './models/signedAgreements';
import { productAgreements, productEffects } from './products';
import { REGISTRATION_AGREEMENT_PDF } from './registration/protocols';
import { createUkeySignatureVerifier } from './ukey/verifier';

/** The page schemas and models of this checkout (`schemas/`). */
export const SCHEMAS_DIR = fileURLToPath(new URL('../schemas', import.meta.url));

export interface OpenEngineOptions {
  db: Db;
  /** Default {@link SCHEMAS_DIR}. */
  schemasDir?: string;
  /** Default the wall clock. */
  now?: () => Date;
  /** Default the server's UKEY verifier (server/ukey/verifier.ts) on `now`. */
  signatureVerifier?: SignatureVerifier;
  /** The services models' `services` call; default a silent SMS emulator (a seeding run sends nothing). */
  host?: ServiceHost;
}

/**
 * The models engine of a server or a seeding run, made once: the models of `schemasDir` loaded and
 * checked against every product's effects, their tables made sure of, the hand-over links read. The app
 * hands it to every plugin (ServerContext.engine) and the seeding run to every seed (server/seed).
 * @throws ModelLoadError (located problems) for a broken model or dictionary file.
 */
export async function openEngine(o: OpenEngineOptions): Promise<ModelEngine> {
  const schemasDir = o.schemasDir ?? SCHEMAS_DIR;
  const now = o.now ?? (() => new Date());
  const effects = productEffects();
  const models = await openModels(o.db, schemasDir, effects);
  const agreements = productAgreements();
  // Signings made before signed agreements were records (migration 088), moved once.
  await moveSignedAgreements(o.db, models, agreements, AGREEMENT_BOOKS, REGISTRATION_AGREEMENT_PDF);
  // Every enterprise's product-opening records, one per product (migration 090; products mounted since).
  await ensureProductOpenings(o.db);
  return new ModelEngine({
    db: o.db,
    models,
    effects,
    agreements,
    now,
    signatureVerifier: o.signatureVerifier ?? createUkeySignatureVerifier(now),
    host: o.host ?? { smsGateway: emulatedSmsGateway(() => undefined) },
    handoverLinks: handoverLinksOf(schemasDir),
  });
}
