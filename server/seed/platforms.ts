import { DEFAULT_PLATFORM_CONFIG, type PlatformConfig } from '@contract/platform';
import { BUSINESS_PRODUCT_CODES } from '@contract/products';

// The two demo brands: the default CCBSCF platform and an ABS platform on its own host name.

/** The default brand is the contract's (the portal's fallback too), under its full name and with every product. */
export const DEFAULT_PLATFORM: PlatformConfig = {
  ...DEFAULT_PLATFORM_CONFIG,
  platformName: '建信融通供应链金融服务平台',
  avalableProduct: BUSINESS_PRODUCT_CODES.join(','),
  // Where the deployment is reached from outside (PUBLIC_URL), else this machine's default address.
  publicUrl: process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`,
};

export const ABS_PLATFORM: PlatformConfig = {
  ...DEFAULT_PLATFORM_CONFIG,
  platformName: '华建ABS资产证券化服务平台',
  loginUrl: '/login/abs/login',
  registerUrl: '/register/abs/register',
  platformType: 'ABS',
  platformLogo: '/cv3/brand/abs.svg',
  topSlogan: '应收账款资产证券化',
  slogan: '盘活工程应收账款，直通资本市场',
  topBarColor: '#8a1c2b',
  topBarWordColor: '#fff4e0',
  tailBarColor: '#3b1016',
  tailBarWordColor: '#f0d9b5',
  hotline: '400-990-1188',
  contactAddress: '上海市浦东新区陆家嘴环路1000号',
  postcode: '200120',
  copyrightCn: '版权所有 © 2026 华建资本管理有限公司',
  // A Chinese-only brand: its footer has no English copyright line.
  copyrightEn: '',
  securityRegister: '沪公网安备31011502000002号',
  icpRegister: '沪ICP备2026000002号-1',
  avalableProduct: 'abs,abcp',
};

export const PLATFORM_HOSTS: Array<[string, PlatformConfig]> = [
  ['*', DEFAULT_PLATFORM],
  ['127.0.0.1', DEFAULT_PLATFORM],
  ['localhost', DEFAULT_PLATFORM],
  ['abs.localhost', ABS_PLATFORM],
];
