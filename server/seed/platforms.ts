/** The two demo brands: the default CCBSCF platform and an ABS platform on its own host name. */
const common = {
  tempId: '1',
  isOrgLogin: true,
  isRT: false,
  postcode: '100033',
  onlineService: '工作日 9:00-18:00',
  copyrightEn: 'Copyright © 2026 CCB Supply Chain Finance. All Rights Reserved.',
  registerUrl: '/register/register',
};

export const DEFAULT_PLATFORM = {
  ...common,
  platformName: '建信融通供应链金融服务平台',
  loginUrl: '/login/login',
  platformType: 'CCBSCF',
  platformLogo: '/cv3/brand/ccbscf.svg',
  topSlogan: '产业链金融 · 数字化服务',
  slogan: '让产业链上的每一家企业都能便捷融资',
  topBarColor: '#0b4ea2',
  topBarWordColor: '#ffffff',
  tailBarColor: '#1d2733',
  tailBarWordColor: '#c9d1dc',
  hotline: '400-820-6688',
  contactAddress: '北京市西城区金融大街25号',
  copyrightCn: '版权所有 © 2026 建信融通有限责任公司',
  securityRegister: '京公网安备11010202000001号',
  icpRegister: '京ICP备2026000001号-1',
  avalableProduct:
    'credit,abs,abcp,factoring-forward,factoring-delivery,factoring-reverse,factoring-joint,assets-pool',
};

export const ABS_PLATFORM = {
  ...common,
  platformName: '华建ABS资产证券化服务平台',
  loginUrl: '/login/abs/login',
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
  copyrightCn: '版权所有 © 2026 华建资本管理有限公司',
  securityRegister: '沪公网安备31011502000002号',
  icpRegister: '沪ICP备2026000002号-1',
  avalableProduct: 'abs,abcp',
};

export const PLATFORM_HOSTS: Array<[string, Record<string, unknown>]> = [
  ['*', DEFAULT_PLATFORM],
  ['127.0.0.1', DEFAULT_PLATFORM],
  ['localhost', DEFAULT_PLATFORM],
  ['abs.localhost', ABS_PLATFORM],
];
