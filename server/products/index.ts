/**
 * The products the server runs: the business products' plugins as their manifests name them
 * (products/<code>/manifest.json `server`: products/<code>/server/, listed by the generated
 * plugins.generated.ts), then the account centre's (./account, ./account-finance: shared, not products),
 * then those of folders mounted at start (PRODUCT_DIRS, ./folder.ts). Each product brings its effects,
 * error codes and demo data from its own folder.
 */
import { ERRORS } from '../errors';
import { createEffectRegistry, type EffectRegistry } from '../models/effects';
import type { DeclaredAgreement } from '../models/signedAgreements';
import { publicLinkEffects } from '../publicLinks/effects';
import type { PublicLinkKind } from '../publicLinks/links';
import { accountProduct } from './account';
import { accountFinanceProduct } from './account-finance';
import { PRODUCT_PLUGINS } from './plugins.generated';
import type { ServerProduct } from './types';

export type { ServerProduct } from './types';

const products: ServerProduct[] = [...PRODUCT_PLUGINS, accountProduct, accountFinanceProduct];
export const PRODUCTS: readonly ServerProduct[] = products;

/**
 * Adds the server plugin of a folder mounted at start (./folder.ts) to {@link PRODUCTS}, before the engine
 * and the app read them; a product already there is left as it is.
 */
export function registerServerProduct(product: ServerProduct): void {
  if (!products.some((p) => p.code === product.code)) products.push(product);
}

/** The one-time public link kinds of every product (server/publicLinks). */
export function productLinkKinds(products: readonly ServerProduct[] = PRODUCTS): PublicLinkKind[] {
  return products.flatMap((p) => p.publicLinks ?? []);
}

/** The agreements of every product, each with its product's code (server/models/signedAgreements.ts). */
export function productAgreements(products: readonly ServerProduct[] = PRODUCTS): DeclaredAgreement[] {
  return products.flatMap((p) => (p.agreements ?? []).map((a) => ({ ...a, product: p.code })));
}

/**
 * The effects and action services of every product, by name.
 * @throws Error when two tables define the same name
 */
export function productEffects(products: readonly ServerProduct[] = PRODUCTS): EffectRegistry {
  return createEffectRegistry(
    [publicLinkEffects(productLinkKinds(products)), ...products.flatMap((p) => p.effects)],
    products.flatMap((p) => (p.services ? [p.services] : [])),
  );
}

/**
 * Error codes defined more than once: by two products, or by a product and the platform (the wire
 * code `SCF.<CODE>` must name one error). Empty when all is well.
 */
export function duplicateErrorCodes(products: readonly ServerProduct[] = PRODUCTS): string[] {
  const seen = new Set(Object.keys(ERRORS));
  const out: string[] = [];
  for (const product of products) {
    for (const code of Object.keys(product.errors)) {
      if (seen.has(code)) out.push(`${product.code}: ${code}`);
      seen.add(code);
    }
  }
  return out;
}
