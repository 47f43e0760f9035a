import { PLAIN_SCREENS } from './plainScreens';

/**
 * The hand-written screens: route path → the module and export that render it. With ./plainScreens.ts (the
 * login pages, which the router knows before this table loads) this is the only place the portal maps a path
 * to a component; each path's route block (title, public/always-allowed, roles, menu, the one-line reason it
 * is written by hand) is declared once in schemas/_routes/handwritten.json, and `npm run schemas:check`
 * reports a path that is on one side only or a block without its reason. No imports run here (the loaders
 * are lazy), so Node scripts can read the keys.
 */
export type ScreenModule = () => Promise<Record<string, unknown>>;

export const SCREENS: Readonly<Record<string, readonly [load: ScreenModule, exportName: string]>> = {
  ...PLAIN_SCREENS,
  '/factoring/reverse/accounts-payable-sign': [
    () => import('@/pages/factoring-reverse/PublicLinkPage'),
    'AccountsPayableSignPage',
  ],
  '/factoring/reverse/accounts-payable-confirm': [
    () => import('@/pages/factoring-reverse/PublicLinkPage'),
    'AccountsPayableConfirmPage',
  ],
  // Hand-written until the renderer refreshes a list while a job runs and shows a progress column.
  '/service/chat': [() => import('@/pages/service/ChatPage'), 'ChatPage'],
  '/error-page/403': [() => import('@/pages/error/ErrorPages'), 'ForbiddenPage'],
  '/error-page/404': [() => import('@/pages/error/ErrorPages'), 'NotFoundPage'],
  '/error-page/authorized': [() => import('@/pages/error/ErrorPages'), 'AuthorizedPage'],
  '/error-page/contact-manager-open-product': [
    () => import('@/pages/error/ErrorPages'),
    'ContactManagerPage',
  ],
  '/h5/face': [() => import('@/pages/h5/H5FacePages'), 'H5FacePage'],
  '/h5/face_success': [() => import('@/pages/h5/H5FacePages'), 'H5FaceSuccessPage'],
  '/h5/face_err': [() => import('@/pages/h5/H5FacePages'), 'H5FaceErrPage'],
};

/** The render-bench page, mounted (public) in bench builds only (scripts/bench/render.mjs); no route block. */
export const BENCH_SCREEN = {
  path: '/bench/render',
  screen: [() => import('@/pages/bench/RenderBenchPage'), 'RenderBenchPage'] as const,
};
