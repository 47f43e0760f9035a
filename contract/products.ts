/** The products of ADR 0005 §1: their codes, names and menu order (spec sections 2 and 9). */

/** Products, in the order the header menu and the product switch show them. */
export const PRODUCTS = [
  { code: 'credit', name: '信用凭证' },
  { code: 'abs', name: 'ABS' },
  { code: 'abcp', name: 'ABCP' },
  { code: 'factoring-forward', name: '正向保理' },
  { code: 'factoring-delivery', name: '到货保理' },
  { code: 'factoring-reverse', name: '反向保理' },
  { code: 'factoring-joint', name: '联合保理' },
  { code: 'assets-pool', name: '资产池' },
] as const;

/** A business product an enterprise opens. */
export type BusinessProductCode = (typeof PRODUCTS)[number]['code'];

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
