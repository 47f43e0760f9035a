/**
 * An enterprise's master data as the account centre shows it (GET {@link ENTERPRISE_PROFILE_API}) and as an
 * approved corpInfoChange changes it: the keys are the change's fields, each with its label, and for
 * personal data its kind: every screen shows those masked, the way it shows the user's own mobile
 * (contract/personalData.ts maskPersonalData).
 */
export const ENTERPRISE_PROFILE_FIELDS = [
  { key: 'enterpriseName', title: '企业名称' },
  { key: 'creditCode', title: '统一社会信用代码' },
  { key: 'legalName', title: '法定代表人' },
  { key: 'legalIdCard', title: '法定代表人身份证号', personal: 'idCard' },
  { key: 'registeredAddress', title: '注册地址' },
  { key: 'contactName', title: '联系人' },
  { key: 'contactMobile', title: '联系人手机', personal: 'mobile' },
] as const;

export type EnterpriseProfileKey = (typeof ENTERPRISE_PROFILE_FIELDS)[number]['key'];

/** The caller's enterprise: its master data (a value not known yet is empty) and how often it changed. */
export type EnterpriseProfile = Record<EnterpriseProfileKey, string> & { profileVersion: number };

/** Where the logged-in user's enterprise profile is read (under /api/web). */
export const ENTERPRISE_PROFILE_API = '/corp/v1/corps/me/profile';
