/**
 * The products of ADR 0005 §1: their codes, names and menu order (spec sections 2 and 9), read from the
 * products' manifests (products/<code>/manifest.json, listed by the generated contract/products.generated.ts).
 */
import { MANIFESTS, type ManifestProductCode } from './products.generated';

/** A business product an enterprise opens. */
export type BusinessProductCode = ManifestProductCode;

/** A product's manifest (products/manifest.schema.json). */
export interface ProductManifest {
  code: BusinessProductCode;
  title: string;
  menuOrder: number;
  routePrefix: string;
  /** Enterprise kinds that may open it. */
  openableBy: readonly string[];
  /** Where roles start in it (contract/homes.ts). */
  homes: ReadonlyArray<{ roles: readonly string[]; path: string }>;
  /** Models whose records are its agreements (协议管理). */
  agreements: readonly string[];
  /** Position of its card among the default product cards (spec section 9), when it has one. */
  defaultCard?: number;
  /** Page folders of the product folder at other route prefixes: folder → prefix (credit's `/my/limit`). */
  pageFolders?: Readonly<Record<string, string>>;
  server?: { plugin: string; export: string; order: number };
  demo: { openedBy: readonly string[] };
}

/** Every product's manifest, in menu order. */
export const PRODUCT_MANIFESTS = MANIFESTS as readonly ProductManifest[];

/** Products, in the order the header menu and the product switch show them. */
export const PRODUCTS: ReadonlyArray<{ code: BusinessProductCode; name: string }> = PRODUCT_MANIFESTS.map(
  (m) => ({ code: m.code, name: m.title }),
);

/** Pages outside every product (enterprise, users, UKEY) belong to the account centre. */
export const ACCOUNT_CENTRE = { code: 'account', name: '账户中心' } as const;

/** What a route block's `product` may name: a business product or the account centre. */
export type ProductCode = BusinessProductCode | typeof ACCOUNT_CENTRE.code;

export const BUSINESS_PRODUCT_CODES: readonly BusinessProductCode[] = PRODUCTS.map((p) => p.code);

/** Every product code a route may name, in menu order (the account centre last). */
export const PRODUCT_CODES: readonly ProductCode[] = [...BUSINESS_PRODUCT_CODES, ACCOUNT_CENTRE.code];

/** Names of products and the account centre, by code. */
export const PRODUCT_NAMES: Readonly<Record<ProductCode, string>> = Object.fromEntries(
  [...PRODUCTS, ACCOUNT_CENTRE].map((p) => [p.code, p.name]),
) as Record<ProductCode, string>;

export const isBusinessProduct = (code: string): code is BusinessProductCode =>
  (BUSINESS_PRODUCT_CODES as readonly string[]).includes(code);

/** Menu position of a product code; unknown codes go last. */
export function productOrder(code: string): number {
  const i = (PRODUCT_CODES as readonly string[]).indexOf(code);
  return i < 0 ? PRODUCT_CODES.length : i;
}

/**
 * Adds a product whose folder is outside products/ (a deployment's own, the sample product of the tests:
 * server/products/folder.ts) to every list above, before the server or the checker reads them; a product
 * already known is left as it is.
 */
export function registerProduct(manifest: ProductManifest): void {
  if (PRODUCT_CODES.includes(manifest.code)) return;
  (PRODUCT_MANIFESTS as ProductManifest[]).push(manifest);
  (PRODUCTS as Array<{ code: BusinessProductCode; name: string }>).push({
    code: manifest.code,
    name: manifest.title,
  });
  (BUSINESS_PRODUCT_CODES as BusinessProductCode[]).push(manifest.code);
  (PRODUCT_CODES as ProductCode[]).splice(PRODUCT_CODES.length - 1, 0, manifest.code);
  (PRODUCT_NAMES as Record<string, string>)[manifest.code] = manifest.title;
  for (const listener of registered) listener(manifest);
}

const registered: Array<(manifest: ProductManifest) => void> = [];

/** Runs `listener` for each product {@link registerProduct} adds from now on (contract/homes.ts). */
export function onProductRegistered(listener: (manifest: ProductManifest) => void): void {
  registered.push(listener);
}

/**
 * Product folders a server mounted at start (PRODUCT_DIRS, server/products/folder.ts), as the built portal
 * reads them: the server answers them as a script (`PRODUCT_FOLDERS_SCRIPT`, setting
 * `globalThis[PRODUCT_FOLDERS_GLOBAL]`) that index.html loads before the portal's own code. `files` holds
 * every file the folders place in the schemas tree (renderer/core/schema/productFolders.ts), parsed and
 * keyed by its path under schemas/ (`sample/request/list.json`, `_models/x.json`, `_fragments/x.json`,
 * `<folder>/_variant.json`): the portal sorts them as it sorts its own (src/schemaFiles/tree.ts).
 */
export interface MountedProductFolders {
  manifests: ProductManifest[];
  files: Record<string, unknown>;
}

/** The global the product-folders script sets. */
export const PRODUCT_FOLDERS_GLOBAL = '__SCF_PRODUCT_FOLDERS__';

/** Where the server answers that script, under the portal's base. */
export const PRODUCT_FOLDERS_SCRIPT = 'product-folders.js';
