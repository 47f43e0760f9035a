import { DEFAULT_ROLE, type RoleCode } from '@contract/roles';

/** The role catalogue: every role of contract/roles.ts and its display name (homes: contract/homes.ts). */
export interface RoleInfo {
  code: string;
  name: string;
}

const role = (code: RoleCode, name: string): RoleInfo => ({ code, name });

export const ROLES: readonly RoleInfo[] = [
  role('ROLE_CORE_OPERATOR', '核心企业经办岗'),
  role('ROLE_CORE_DIRECTOR', '核心企业主管岗'),
  role('ROLE_CORE_QUERY', '核心企业查询岗'),
  role('ROLE_CORE_FINAL', '核心企业终审岗'),
  role('ROLE_CORE_PURCHASE', '核心企业收货确认岗'),
  role('ROLE_CORP_OPERATOR', '链属企业经办岗'),
  role('ROLE_CORP_DIRECTOR', '链属企业主管岗'),
  role('ROLE_CORP_QUERY', '链属企业查询岗'),
  role('ROLE_CORP_PURCHASE', '链属企业收货确认岗'),
  role('ROLE_UNIT_OPERATOR', '非法人单位经办岗'),
  role('ROLE_UNIT_DIRECTOR', '非法人单位主管岗'),
  role('ROLE_UNIT_QUERY', '非法人单位查询岗'),
  role('ROLE_UNIT_PURCHASE', '非法人单位采购岗'),
  role('ROLE_FIN_CLIENT_MANAGER', '金融机构客户经理'),
  role('ROLE_FIN_PRODUCT_MANAGER', '金融机构产品经理'),
  role('ROLE_CORP_MANAGER', '管理员'),
  role('ROLE_CORP_DEFAULT', '默认角色'),
];

const BY_CODE = new Map(ROLES.map((r) => [r.code, r]));

export function roleInfo(code: string): RoleInfo {
  return BY_CODE.get(code) ?? { code, name: code };
}

/** A stable primary key for a role, as the portal's roles3 items carry it (`pkRole`). */
export function pkRole(code: string): string {
  return `PK_${code}`;
}

/**
 * The role a session starts with: the requested one if the user holds it, else the first non-default
 * role, else the default role.
 */
export function pickCurrentRole(roles: string[], requested: string | null | undefined): string | null {
  if (requested && roles.includes(requested)) return requested;
  return roles.find((r) => r !== DEFAULT_ROLE) ?? roles[0] ?? null;
}
