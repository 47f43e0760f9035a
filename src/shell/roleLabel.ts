/** Spec section 6: the label a role shows in the header. */
export function roleLabel(roleCode: string | null | undefined): string {
  if (!roleCode) return '';
  if (roleCode === 'ROLE_FIN_CLIENT_MANAGER') return '金融机构客户经理';
  if (roleCode === 'ROLE_FIN_PRODUCT_MANAGER') return '金融机构产品经理';
  if (roleCode === 'ROLE_CORP_MANAGER') return '管理员';
  const kind = /^ROLE_(CORP|CORE|UNIT)_/.exec(roleCode)?.[1];
  if (!kind) return '';
  if (roleCode.endsWith('_DIRECTOR')) return '主管岗';
  if (roleCode.endsWith('_OPERATOR')) return '经办岗';
  if (roleCode.endsWith('_QUERY')) return '查询岗';
  if (roleCode.endsWith('_PURCHASE')) return kind === 'UNIT' ? '采购岗' : '收货确认岗';
  if (kind === 'CORE' && roleCode.endsWith('_FINAL')) return '终审岗';
  return '';
}

/** The enterprise kind a role belongs to, for the label's prefix (供应商 / 核心企业 / 非法人单位). */
export function roleKindName(roleCode: string | null | undefined): string {
  if (!roleCode) return '';
  if (roleCode.startsWith('ROLE_CORE_')) return '核心企业';
  if (roleCode.startsWith('ROLE_UNIT_')) return '非法人单位';
  if (roleCode.startsWith('ROLE_FIN_')) return '金融机构';
  if (roleCode === 'ROLE_CORP_DEFAULT') return '';
  return roleCode.startsWith('ROLE_CORP_') ? '链属企业' : '';
}

/** Spec section 6: an operator or director is a role whose name contains none of QUERY, MANAGER, PURCHASE, FINAL. */
export function isOperatorOrDirector(roleCode: string | null | undefined): boolean {
  return !!roleCode && !/QUERY|MANAGER|PURCHASE|FINAL/.test(roleCode) && roleCode !== 'ROLE_CORP_DEFAULT';
}
