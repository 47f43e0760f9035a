/**
 * Roles and permissions of spec section 6, shared by the portal and the server: the role codes, the
 * predicates that classify them, their header labels and the named role groups route blocks may use.
 */

/** Every role code the portal knows, in the order role lists show them. */
export const ROLE_CODES = [
  'ROLE_CORE_OPERATOR',
  'ROLE_CORE_DIRECTOR',
  'ROLE_CORE_QUERY',
  'ROLE_CORE_FINAL',
  'ROLE_CORE_PURCHASE',
  'ROLE_CORP_OPERATOR',
  'ROLE_CORP_DIRECTOR',
  'ROLE_CORP_QUERY',
  'ROLE_CORP_PURCHASE',
  'ROLE_UNIT_OPERATOR',
  'ROLE_UNIT_DIRECTOR',
  'ROLE_UNIT_QUERY',
  'ROLE_UNIT_PURCHASE',
  'ROLE_FIN_CLIENT_MANAGER',
  'ROLE_FIN_PRODUCT_MANAGER',
  'ROLE_CORP_MANAGER',
  'ROLE_CORP_DEFAULT',
] as const;

export type RoleCode = (typeof ROLE_CODES)[number];

/** The role of a user whose enterprise has no product yet: it has no menu (spec section 6). */
export const DEFAULT_ROLE: RoleCode = 'ROLE_CORP_DEFAULT';
/** The enterprise's administrator (管理员). */
export const MANAGER_ROLE: RoleCode = 'ROLE_CORP_MANAGER';

type Role = string | null | undefined;

/** Spec section 6: role codes containing CORE are core enterprises; the others are chain enterprises. */
export function isCoreRole(role: Role): boolean {
  return !!role && role.includes('CORE');
}

/**
 * Spec section 6: an operator or director is a role whose name contains none of QUERY, MANAGER,
 * PURCHASE or FINAL (so ROLE_CORP_DEFAULT is one, ROLE_CORP_MANAGER is not). Only they are sent to the
 * product-opening page and may apply to open a product.
 */
export function isOperatorOrDirector(role: Role): boolean {
  return !!role && !/QUERY|MANAGER|PURCHASE|FINAL/.test(role);
}

/** Spec section 6: ROLE_CORP_DEFAULT has no menu. */
export function hasMenu(role: Role): boolean {
  return !!role && role !== DEFAULT_ROLE;
}

/** Who may apply for a UKEY: the operators and directors of an enterprise with products, and its administrator. */
export function mayApplyForUkey(role: Role): boolean {
  return (hasMenu(role) && isOperatorOrDirector(role)) || role === MANAGER_ROLE;
}

/**
 * Who may start the legal person's face check (/my/enterprise-info/realname): the operators and directors
 * (the default role of a newly registered enterprise included) and the administrator.
 */
export function mayStartFaceCheck(role: Role): boolean {
  return isOperatorOrDirector(role) || role === MANAGER_ROLE;
}

/** Spec section 6: the label a role shows in the header. */
export function roleLabel(role: Role): string {
  if (!role) return '';
  if (role === 'ROLE_FIN_CLIENT_MANAGER') return '金融机构客户经理';
  if (role === 'ROLE_FIN_PRODUCT_MANAGER') return '金融机构产品经理';
  if (role === MANAGER_ROLE) return '管理员';
  const kind = /^ROLE_(CORP|CORE|UNIT)_/.exec(role)?.[1];
  if (!kind) return '';
  if (role.endsWith('_DIRECTOR')) return '主管岗';
  if (role.endsWith('_OPERATOR')) return '经办岗';
  if (role.endsWith('_QUERY')) return '查询岗';
  if (role.endsWith('_PURCHASE')) return kind === 'UNIT' ? '采购岗' : '收货确认岗';
  if (kind === 'CORE' && role.endsWith('_FINAL')) return '终审岗';
  return '';
}

/** The enterprise kind a role belongs to, for the label's prefix (链属企业 / 核心企业 / 非法人单位 / 金融机构). */
export function roleKindName(role: Role): string {
  if (!role || role === DEFAULT_ROLE) return '';
  if (role.startsWith('ROLE_CORE_')) return '核心企业';
  if (role.startsWith('ROLE_UNIT_')) return '非法人单位';
  if (role.startsWith('ROLE_FIN_')) return '金融机构';
  return role.startsWith('ROLE_CORP_') ? '链属企业' : '';
}

/**
 * The header's role label: spec section 6's post (经办岗…), prefixed with the enterprise side it acts for
 * (核心企业经办岗 / 链属企业经办岗) when the user's roles act for more than one side, so that a role switch
 * shows in the label.
 */
export function headerRoleLabel(role: Role, candidates: readonly string[]): string {
  const post = roleLabel(role);
  const sides = new Set(candidates.map(roleKindName).filter(Boolean));
  return post && sides.size > 1 ? `${roleKindName(role)}${post}` : post;
}

/** The business roles of each kind of enterprise (an administrator gives them to its users). */
const ROLES_OF_CORP_TYPE: Readonly<Record<string, readonly RoleCode[]>> = {
  CORE: ROLE_CODES.filter((r) => r.startsWith('ROLE_CORE_')),
  CHAIN: ['ROLE_CORP_OPERATOR', 'ROLE_CORP_DIRECTOR', 'ROLE_CORP_QUERY', 'ROLE_CORP_PURCHASE'],
  UNIT: ROLE_CODES.filter((r) => r.startsWith('ROLE_UNIT_')),
  FIN: ROLE_CODES.filter((r) => r.startsWith('ROLE_FIN_')),
};

/**
 * The roles an enterprise's administrator may give its users (enterprise-info/user/list): the business
 * roles of its kind and the administrator role itself.
 */
export function assignableRoles(corpType: string): RoleCode[] {
  return [...(ROLES_OF_CORP_TYPE[corpType] ?? []), MANAGER_ROLE];
}

/**
 * Named role groups a route block may list instead of role codes (`"roles": ["@all"]`), each defined
 * by the predicates above so that a new role lands in the right groups by its name.
 */
export const ROLE_GROUPS: Readonly<Record<string, readonly RoleCode[]>> = {
  /** Every role. */
  '@all': ROLE_CODES,
  /** Every role with a menu (all but ROLE_CORP_DEFAULT). */
  '@withMenu': ROLE_CODES.filter(hasMenu),
  /** Spec section 6's operators and directors (ROLE_CORP_DEFAULT included). */
  '@operatorOrDirector': ROLE_CODES.filter(isOperatorOrDirector),
  /** Who may apply for a UKEY. */
  '@ukeyApplicant': ROLE_CODES.filter(mayApplyForUkey),
};

/** Whether a name is a role group (`@…`) rather than a role code. */
export const isRoleGroup = (name: string): boolean => name.startsWith('@');

/**
 * Role codes and groups expanded to role codes (first appearance order, no duplicates); names that are
 * neither a known code nor a known group come back in `unknown`.
 */
export function expandRoles(names: readonly string[]): { roles: string[]; unknown: string[] } {
  const roles = new Set<string>();
  const unknown: string[] = [];
  const known = new Set<string>(ROLE_CODES);
  for (const name of names) {
    const group = isRoleGroup(name) ? ROLE_GROUPS[name] : undefined;
    if (group) group.forEach((r) => roles.add(r));
    else if (known.has(name)) roles.add(name);
    else unknown.push(name);
  }
  return { roles: [...roles], unknown };
}
