/** The platform (branding) config of spec section 9, as `POST /biz/v1/platforms` answers it. */
export interface PlatformConfig {
  tempId: string;
  platformName?: string;
  loginUrl: string;
  platformType: string;
  isOrgLogin: boolean;
  isRT: boolean;
  platformLogo: string;
  topSlogan: string;
  slogan: string;
  topBarColor: string;
  topBarWordColor: string;
  tailBarColor: string;
  tailBarWordColor: string;
  hotline: string;
  contactAddress: string;
  postcode: string;
  onlineService: string;
  copyrightCn: string;
  copyrightEn: string;
  securityRegister: string;
  registerUrl: string;
  icpRegister: string;
  /** Comma-separated product keys; empty: the enterprise's opened products. */
  avalableProduct: string;
  /**
   * The portal's public address (`scheme://host[:port]`): every link sent outside the portal (SMS) is built
   * on it, so it opens from a phone (DESIGN.md section 13).
   */
  publicUrl?: string;
}

/**
 * The default CCBSCF brand (spec section 9: platformType CCBSCF): what the portal shows when the platforms
 * call fails, and what the server's default platform is built from.
 */
export const DEFAULT_PLATFORM_CONFIG: PlatformConfig = {
  tempId: '1',
  platformName: '供应链金融服务平台',
  loginUrl: '/login/login',
  platformType: 'CCBSCF',
  isOrgLogin: true,
  isRT: false,
  platformLogo: '/cv3/brand/ccbscf.svg',
  topSlogan: '产业链金融 · 数字化服务',
  slogan: '让产业链上的每一家企业都能便捷融资',
  topBarColor: '#0b4ea2',
  topBarWordColor: '#ffffff',
  tailBarColor: '#1d2733',
  tailBarWordColor: '#c9d1dc',
  hotline: '400-820-6688',
  contactAddress: '北京市西城区金融大街25号',
  postcode: '100033',
  onlineService: '工作日 9:00-18:00',
  copyrightCn: '版权所有 © 2026 建信融通有限责任公司',
  copyrightEn: 'Copyright © 2026 CCB Supply Chain Finance. All Rights Reserved.',
  securityRegister: '京公网安备11010202000001号',
  registerUrl: '/register/register',
  icpRegister: '京ICP备2026000001号-1',
  avalableProduct: '',
};
