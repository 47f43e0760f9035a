/** Shapes of the session calls' answers (spec sections 3 and 7), as the server sends and the portal reads them. */
export interface RoleItem {
  pkRole: string;
  roleCode: string;
  roleName: string;
}

export interface MenuResource {
  pkMenu: string;
  menuName: string;
  menuBrief: string;
  childMenuResources: MenuResource[];
}

export interface User3 {
  personId: string;
  userId: string;
  userName: string;
  personName: string;
  mobile: string;
  userType: string;
  enableSwitchVersion: boolean;
  corpId: string;
  corpName: string;
  corpType: 'CORE' | 'CHAIN' | 'UNIT' | 'FIN';
  corpCancelled: boolean;
  /** Logged in with an initial password: the portal opens nothing but the password change until it is changed. */
  passwordChangeRequired: boolean;
}

export interface SecurityInfo {
  user3: User3;
  candidateRoles: RoleItem[];
  roles3: RoleItem[];
  currentRole3: RoleItem | null;
  menus3: MenuResource[];
  homeUrl: string;
  openedProductCorps: Record<string, boolean>;
  uKeyCodeSuffix: string | null;
  raType: string | null;
  certNumber: string | null;
}

/** The system type of this portal (the corporate web) in the `GET /login` answer. */
export const CORP_WEB_SYSTEM_TYPE = 'CORP_WEB';

/**
 * Spec section 7, `GET /login`: a session logged in inline by another system (`inlineLogin`, a system type
 * other than the corporate web) skips the login form and goes where `/uaa/login/success` says.
 */
export function inlineLoginApplies(bootstrap: Pick<LoginBootstrap, 'inlineLogin' | 'systemType'>): boolean {
  return bootstrap.inlineLogin && bootstrap.systemType !== CORP_WEB_SYSTEM_TYPE;
}

export interface LoginBootstrap {
  loggedIn: boolean;
  inlineLogin: boolean;
  systemType: string;
  csrfToken: string;
}

export interface PageCond {
  count: number;
  page: number;
  size: number;
}

export interface PageResult<T> {
  list: T[];
  pagecond: PageCond;
}
