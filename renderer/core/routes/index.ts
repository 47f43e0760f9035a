export {
  buildMenu,
  checkScreens,
  compareMenuOrder,
  grantedRoutes,
  HANDWRITTEN_ROUTES_DIR,
  readRoutes,
  routeEntries,
  collectRouteProblems,
  DEFAULT_MENU_ORDER,
  extractRoutes,
  isPageFile,
  routeFile,
  RouteTableError,
} from './extractRoutes';
export type {
  ExtractRoutesOptions,
  MenuGroup,
  ProductMenu,
  RouteEntry,
  RouteMeta,
  RouteProblem,
} from './extractRoutes';
