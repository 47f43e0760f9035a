export {
  buildMenu,
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
