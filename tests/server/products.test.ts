/**
 * Products as plugins (README, "Add a product"): effects, error codes, role homes and demo data come from
 * products/<product>/server/ through one list; a second product is a folder and a line.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError, CODE_PREFIX, ERRORS } from '@server/errors';
import { errorsOf } from '@server/errors';
import { FALLBACK_HOME, PLATFORM_HOMES, PRODUCT_HOMES, roleHome } from '@contract/homes';
import { PRODUCT_MANIFESTS } from '@contract/products';
import { grantedRoutes } from '@renderer/core/routes';
import { loadRoutes } from '@server/menus';
import { duplicateErrorCodes, PRODUCTS, productEffects } from '@server/products';
import type { ServerProduct } from '@server/products';
import { creditError } from '../../products/credit/server/errors';
import { readSchemaDirectory } from '@renderer/core/node';

const SCHEMAS = join(process.cwd(), 'schemas');

const abs: ServerProduct = {
  code: 'abs',
  effects: [{ 'abs.check': async () => {} }],
  errors: { ABS_POOL_CLOSED: { status: 200, message: '资产池{pool}已封包' } },
};

describe('products', () => {
  it("are their manifests' server plugins, declaring the agreements their manifests name", () => {
    for (const m of PRODUCT_MANIFESTS) {
      const plugins = PRODUCTS.filter((p) => p.code === m.code);
      expect(plugins.length, m.code).toBe(m.server ? 1 : 0);
      expect(
        (plugins[0]?.agreements ?? []).map((a) => a.model),
        m.code,
      ).toEqual(m.agreements);
    }
  });

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

  it('add effects by being listed, and an effect name defined twice stops the server', () => {
    const effects = productEffects([...PRODUCTS, abs]);
    expect(effects.has('abs.check')).toBe(true);
    expect(effects.has('issue.createVoucher')).toBe(true);
    const twice: ServerProduct = { ...abs, effects: [{ 'limit.freeze': async () => {} }] };
    expect(() => productEffects([...PRODUCTS, twice])).toThrow('Duplicate effect name "limit.freeze"');
  });

  it('give homes (contract/homes.ts) that are menu pages of theirs granted to the role', () => {
    const routes = loadRoutes(SCHEMAS);
    for (const [product, homes] of Object.entries(PRODUCT_HOMES)) {
      for (const [role, home] of Object.entries(homes)) {
        const route = grantedRoutes(routes, role).find((r) => r.path === home);
        expect(route?.product, `${product}: ${role} → ${home}`).toBe(product);
        expect(route?.hideInMenu, `${product}: ${role} → ${home}`).toBeFalsy();
      }
    }
    for (const [role, home] of Object.entries(PLATFORM_HOMES)) {
      expect(
        grantedRoutes(routes, role).map((r) => r.path),
        `${role} → ${home}`,
      ).toContain(home);
    }
  });

  it("start a role on the home of its enterprise's first opened product that gives it one", () => {
    const credit = { credit: true, 'factoring-forward': true };
    expect(roleHome('ROLE_FIN_CLIENT_MANAGER', credit)).toBe('/credit/core/supplier/finance-query');
    // A factor with only factoring opened never lands on a credit page.
    expect(roleHome('ROLE_FIN_CLIENT_MANAGER', { 'factoring-joint': true })).toBe(
      '/factoring/joint/finance-management/loan/apply/list',
    );
    expect(roleHome('ROLE_FIN_PRODUCT_MANAGER', { credit: false, 'factoring-delivery': true })).toBe(
      '/factoring/delivery/whites/white-list/list',
    );
    // Product order, not the order the enterprise opened them in.
    expect(roleHome('ROLE_CORE_OPERATOR', { 'factoring-reverse': true, 'factoring-forward': true })).toBe(
      '/factoring/forward/asset/receivable/list',
    );
    // A product that gives the role no home is passed over; none at all leaves the product cards.
    expect(roleHome('ROLE_CORE_FINAL', { 'factoring-forward': true, credit: true })).toBe(
      '/credit/core/index/final-approve',
    );
    expect(roleHome('ROLE_CORE_FINAL', { 'factoring-forward': true })).toBe(FALLBACK_HOME);
    expect(roleHome('ROLE_CORE_OPERATOR', { abs: true })).toBe('/abs/core/index/operator');
    expect(roleHome('ROLE_CORP_OPERATOR', {})).toBe(FALLBACK_HOME);
    expect(roleHome(null, credit)).toBe(FALLBACK_HOME);
    // The administrator and the default role start outside the products whatever is opened.
    expect(roleHome('ROLE_CORP_MANAGER', credit)).toBe('/my/enterprise-info/user/list');
    expect(roleHome('ROLE_CORP_DEFAULT', {})).toBe('/my/product/overview');
  });

  it('own every model that names their product', () => {
    const codes = PRODUCTS.map((p) => p.code);
    for (const [name, model] of Object.entries(readSchemaDirectory(SCHEMAS).models ?? {}))
      if (model.product) expect(codes, name).toContain(model.product);
  });
});
