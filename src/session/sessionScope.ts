import { maskPersonalData } from '@contract/personalData';
import { roleKindName, roleLabel } from '@contract/roles';
import type { SecurityInfo } from '@contract/session';
import { enabledProducts } from '@/shell/products';

/** A role as the account centre names it: its side and post (链属企业经办岗), or its own name (默认角色). */
const roleTitle = (r: { roleCode: string; roleName: string }): string =>
  `${roleKindName(r.roleCode)}${roleLabel(r.roleCode) || r.roleName}`;

/**
 * What page schemas read of the session as `$user` (the account information page,
 * schemas/my/account/info.json): the user as the session has it, the mobile masked (spec section 5), the
 * current role's and every role's title, the codes of the products the enterprise opened, and those the
 * user may switch to on this platform (`switchProducts`: its `avalableProduct`, else the opened ones; the
 * product chooser schemas/project/list.json). A user's only role is current even when it is not stored as
 * such (ROLE_CORP_DEFAULT, spec section 4).
 */
export function sessionScope(security: SecurityInfo, avalableProduct = ''): Record<string, unknown> {
  const { user3, roles3, currentRole3, openedProductCorps } = security;
  const current = currentRole3 ?? (roles3.length === 1 ? roles3[0] : null);
  return {
    ...user3,
    mobile: maskPersonalData('mobile', user3.mobile),
    currentRole: current ? roleTitle(current) : '',
    roles: roles3.map(roleTitle),
    products: Object.entries(openedProductCorps)
      .filter(([, opened]) => opened)
      .map(([product]) => product),
    switchProducts: enabledProducts(avalableProduct, openedProductCorps),
  };
}
