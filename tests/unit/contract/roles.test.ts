import { describe, expect, it } from 'vitest';
import {
  BUSINESS_PRODUCT_CODES,
  PRODUCT_CODES,
  PRODUCT_NAMES,
  PRODUCTS,
  productOrder,
} from '@contract/products';
import {
  expandRoles,
  hasMenu,
  isCoreRole,
  isOperatorOrDirector,
  mayApplyForUkey,
  ROLE_CODES,
  ROLE_GROUPS,
  roleKindName,
  roleLabel,
  headerRoleLabel,
} from '@contract/roles';
import { schemaTreeJson } from '@renderer/core/node';
import { ROLES } from '@server/auth/roles';

const productTypes = schemaTreeJson<{ items: Array<{ value: string; label: string }> }>(
  '_dicts/productType.json',
);
const creditLimit = schemaTreeJson<{ fields: { product: { enum: string[] } } }>('_models/creditLimit.json');

describe('role predicates (spec section 6), one definition for portal and server', () => {
  it('calls operator or director exactly the roles whose code has none of QUERY, MANAGER, PURCHASE, FINAL', () => {
    expect(ROLE_CODES.filter(isOperatorOrDirector)).toEqual([
      'ROLE_CORE_OPERATOR',
      'ROLE_CORE_DIRECTOR',
      'ROLE_CORP_OPERATOR',
      'ROLE_CORP_DIRECTOR',
      'ROLE_UNIT_OPERATOR',
      'ROLE_UNIT_DIRECTOR',
      'ROLE_CORP_DEFAULT',
    ]);
    expect(isOperatorOrDirector(null)).toBe(false);
    expect(isOperatorOrDirector('ROLE_CORP_MANAGER')).toBe(false);
  });

  it('tells core roles by CORE in the code, and gives every role but the default one a menu', () => {
    expect(ROLE_CODES.filter(isCoreRole)).toEqual(ROLE_CODES.filter((r) => r.startsWith('ROLE_CORE_')));
    expect(ROLE_CODES.filter((r) => !hasMenu(r))).toEqual(['ROLE_CORP_DEFAULT']);
  });

  it('lets operators and directors of an enterprise with products, and its administrator, apply for a UKEY', () => {
    expect(ROLE_CODES.filter(mayApplyForUkey)).toEqual([
      'ROLE_CORE_OPERATOR',
      'ROLE_CORE_DIRECTOR',
      'ROLE_CORP_OPERATOR',
      'ROLE_CORP_DIRECTOR',
      'ROLE_UNIT_OPERATOR',
      'ROLE_UNIT_DIRECTOR',
      'ROLE_CORP_MANAGER',
    ]);
  });

  it('gives every known role a header label but the default role, and a kind to the enterprise roles', () => {
    expect(ROLE_CODES.filter((r) => roleLabel(r) === '')).toEqual(['ROLE_CORP_DEFAULT']);
    expect(roleKindName('ROLE_UNIT_PURCHASE') + roleLabel('ROLE_UNIT_PURCHASE')).toBe('非法人单位采购岗');
    expect(roleKindName('ROLE_CORP_PURCHASE') + roleLabel('ROLE_CORP_PURCHASE')).toBe('链属企业收货确认岗');
  });

  it('spec section 6: the header names the enterprise side only for a user whose roles act for two sides', () => {
    const dual = ['ROLE_CORE_OPERATOR', 'ROLE_CORP_OPERATOR'];
    expect(headerRoleLabel('ROLE_CORE_OPERATOR', dual)).toBe('核心企业经办岗');
    expect(headerRoleLabel('ROLE_CORP_OPERATOR', dual)).toBe('链属企业经办岗');
    expect(headerRoleLabel('ROLE_CORE_OPERATOR', ['ROLE_CORE_OPERATOR', 'ROLE_CORE_DIRECTOR'])).toBe(
      '经办岗',
    );
    expect(headerRoleLabel('ROLE_CORP_DEFAULT', ['ROLE_CORP_DEFAULT'])).toBe('');
  });

  it('defines the role groups route blocks use by the predicates, and expands them', () => {
    expect(ROLE_GROUPS['@all']).toEqual(ROLE_CODES);
    expect(ROLE_GROUPS['@operatorOrDirector']).toEqual(ROLE_CODES.filter(isOperatorOrDirector));
    expect(expandRoles(['ROLE_CORP_MANAGER', '@ukeyApplicant', 'ROLE_X', '@none'])).toEqual({
      roles: [
        'ROLE_CORP_MANAGER',
        ...ROLE_CODES.filter(mayApplyForUkey).filter((r) => r !== 'ROLE_CORP_MANAGER'),
      ],
      unknown: ['ROLE_X', '@none'],
    });
  });

  it('is the role list the server hands out, in the same order', () => {
    expect(ROLES.map((r) => r.code)).toEqual(ROLE_CODES);
  });
});

describe('products', () => {
  it('names every product and the account centre, which comes last in menus', () => {
    expect(PRODUCT_CODES.at(-1)).toBe('account');
    expect(PRODUCT_CODES.every((c) => PRODUCT_NAMES[c].length > 0)).toBe(true);
    expect(PRODUCT_NAMES.credit).toBe('信用凭证');
    expect(productOrder('credit')).toBeLessThan(productOrder('account'));
    expect(productOrder('unknown')).toBeGreaterThan(productOrder('account'));
  });
});

describe('product codes in the schemas (JSON cannot import the contract)', () => {
  it('are the contract’s: the productType dictionary and the limit model’s product enum', () => {
    expect(productTypes.items.map((i) => [i.value, i.label])).toEqual(PRODUCTS.map((p) => [p.code, p.name]));
    expect(creditLimit.fields.product.enum).toEqual(BUSINESS_PRODUCT_CODES);
  });
});
