import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from './lazyScreen';

/**
 * A screen written by hand. Its access metadata (roles, menu, hideTopMenu...) lives in
 * schemas/_routes/handwritten.json so that the server builds menus3 from it too; `title` and `public` here
 * are used only for a screen that has no entry there.
 */
export interface HandwrittenRoute {
  path: string;
  title: string;
  public?: boolean;
  lazy: NonNullable<RouteObject['lazy']>;
}

const page = lazyScreen;

/** Hand-written screens, one line each. */
export const HANDWRITTEN_ROUTES: HandwrittenRoute[] = [
  {
    path: '/login/login',
    title: '登录',
    public: true,
    lazy: page(() => import('@/pages/login/LoginPage'), 'LoginPage'),
  },
  {
    path: '/login/abs/login',
    title: '登录',
    public: true,
    lazy: page(() => import('@/pages/login/LoginPage'), 'LoginPage'),
  },
  {
    path: '/project/list',
    title: '选择产品',
    lazy: page(() => import('@/pages/project/ProjectListPage'), 'ProjectListPage'),
  },
  {
    path: '/transfer-record',
    title: '产品切换记录',
    lazy: page(() => import('@/pages/transfer/TransferRecordPage'), 'TransferRecordPage'),
  },
  {
    path: '/my/account/info',
    title: '账户信息',
    lazy: page(() => import('@/pages/account/AccountInfoPage'), 'AccountInfoPage'),
  },
  {
    path: '/my/download-center',
    title: '下载中心',
    lazy: page(() => import('@/pages/download/DownloadCentrePage'), 'DownloadCentrePage'),
  },
  {
    path: '/my/product/overview',
    title: '产品开通',
    lazy: page(() => import('@/pages/product/ProductOverviewPage'), 'ProductOverviewPage'),
  },
  {
    path: '/supplier/index',
    title: '供应链企业管理',
    lazy: page(() => import('@/pages/supplier/SupplierIndexPage'), 'SupplierIndexPage'),
  },
  {
    path: '/service/chat',
    title: '在线客服',
    lazy: page(() => import('@/pages/service/ChatPage'), 'ChatPage'),
  },
  {
    path: '/error-page/403',
    title: '无权限',
    lazy: page(() => import('@/pages/error/ErrorPages'), 'ForbiddenPage'),
  },
  {
    path: '/error-page/404',
    title: '页面不存在',
    lazy: page(() => import('@/pages/error/ErrorPages'), 'NotFoundPage'),
  },
  {
    path: '/error-page/authorized',
    title: '企业已认证',
    lazy: page(() => import('@/pages/error/ErrorPages'), 'AuthorizedPage'),
  },
  {
    path: '/error-page/contact-manager-open-product',
    title: '开通产品',
    lazy: page(() => import('@/pages/error/ErrorPages'), 'ContactManagerPage'),
  },
  {
    path: '/my/enterprise-info/ukey/list',
    title: 'UKEY管理',
    lazy: page(() => import('@/pages/ukey/UkeyListPage'), 'UkeyListPage'),
  },
  {
    path: '/my/enterprise-info/ukey/apply',
    title: '申请UKEY',
    lazy: page(() => import('@/pages/ukey/UkeyApplyPage'), 'UkeyApplyPage'),
  },
  {
    path: '/my/enterprise-info/ukey/apply-detail',
    title: 'UKEY申请详情',
    lazy: page(() => import('@/pages/ukey/UkeyApplyDetailPage'), 'UkeyApplyDetailPage'),
  },
  {
    path: '/register/abs/identify/index',
    title: '企业身份认证',
    lazy: page(() => import('@/pages/register/IdentifyIndexPage'), 'IdentifyIndexPage'),
  },
  {
    path: '/register/abs/identify/ukey',
    title: 'UKEY认证',
    lazy: page(() => import('@/pages/register/IdentifyUkeyPage'), 'IdentifyUkeyPage'),
  },
  {
    path: '/register/abs/identify/soft-key',
    title: '软证书认证',
    lazy: page(() => import('@/pages/register/IdentifySoftKeyPage'), 'IdentifySoftKeyPage'),
  },
  ...(import.meta.env.VITE_BENCH === '1'
    ? [
        {
          path: '/bench/render',
          title: '渲染性能',
          public: true,
          lazy: page(() => import('@/pages/bench/RenderBenchPage'), 'RenderBenchPage'),
        },
      ]
    : []), // bench builds only (scripts/bench/render.mjs)
];
