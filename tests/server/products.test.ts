/**
 * Products as plugins (issue 9, item 5): effects, error codes, role homes and demo data come from
 * server/products/<product>/ through one list; a second product is a folder and a line.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError, CODE_PREFIX, ERRORS } from '@server/errors';
import { errorsOf } from '@server/errors';
import { duplicateErrorCodes, PRODUCTS, productEffects, productHome } from '@server/products';
import type { ServerProduct } from '@server/products';
import { creditError } from '@server/products/credit/errors';

const SCHEMAS = join(process.cwd(), 'schemas');

const abs: ServerProduct = {
  code: 'abs',
  effects: [{ 'abs.check': async () => {} }],
  errors: { ABS_POOL_CLOSED: { status: 200, message: '资产池{pool}已封包' } },
  homes: { ROLE_FIN_PRODUCT_MANAGER: '/abs/index/manager' },
};

describe('products', () => {
  it('define each error code once, next to the platform catalogue', () => {
    expect(duplicateErrorCodes()).toEqual([]);
    const clash: ServerProduct = { ...abs, errors: { RECORD_INVALID: { status: 200, message: 'x' } } };
    expect(duplicateErrorCodes([...PRODUCTS, clash])).toEqual(['abs: RECORD_INVALID']);
  });

  it('throw their own codes with the platform envelope', () => {
    const error = creditError('VOUCHER_EXPIRED', { voucherNo: 'CV1' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.wireCode).toBe(`${CODE_PREFIX}VOUCHER_EXPIRED`);
    expect(error.message).toBe('凭证CV1已到期，不能转让或融资');
    expect(Object.keys(ERRORS)).not.toContain('VOUCHER_EXPIRED');
    expect(errorsOf(abs.errors)('ABS_POOL_CLOSED', { pool: 'P1' }).message).toBe('资产池P1已封包');
  });

  it('add effects and homes by being listed, and an effect name defined twice stops the server', () => {
    const effects = productEffects([...PRODUCTS, abs]);
    expect(effects.has('abs.check')).toBe(true);
    expect(effects.has('issue.createVoucher')).toBe(true);
    expect(productHome('ROLE_FIN_PRODUCT_MANAGER', [abs])).toBe('/abs/index/manager');
    expect(productHome('ROLE_CORP_MANAGER')).toBeNull();
    const twice: ServerProduct = { ...abs, effects: [{ 'limit.freeze': async () => {} }] };
    expect(() => productEffects([...PRODUCTS, twice])).toThrow('Duplicate effect name "limit.freeze"');
  });

  it('give homes that are pages of theirs, and own every model that names their product', () => {
    const codes = PRODUCTS.map((p) => p.code);
    for (const product of PRODUCTS) {
      for (const [role, home] of Object.entries(product.homes)) {
        expect(home.startsWith(`/${product.code}/`), `${role} → ${home}`).toBe(true);
        expect(existsSync(join(SCHEMAS, `${home}.json`)), `${role} → ${home}`).toBe(true);
      }
    }
    for (const file of readdirSync(join(SCHEMAS, '_models'))) {
      const model = JSON.parse(readFileSync(join(SCHEMAS, '_models', file), 'utf8')) as { product?: string };
      if (model.product) expect(codes, file).toContain(model.product);
    }
  });
});
