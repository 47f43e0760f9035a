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
