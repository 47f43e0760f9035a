import type { RouteObject } from 'react-router-dom';
import { loadChunk } from './chunks';

let portalRoutes: Promise<RouteObject[]> | undefined;

/**
 * The route table and every route but the plain screens (./portalRoutes.tsx), loaded once. The login page
 * starts it when the user submits, so it loads beside the login request; a failed load is tried again.
 */
export function loadPortalRoutes(): Promise<RouteObject[]> {
  portalRoutes ??= loadChunk(() => import('./portalRoutes'), 'portalRoutes').then(
    (m) => m.PORTAL_ROUTES,
    (error: unknown) => {
      portalRoutes = undefined;
      throw error;
    },
  );
  return portalRoutes;
}
