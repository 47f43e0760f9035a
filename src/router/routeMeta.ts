/** Route metadata of spec section 2 (the `route` block of ADR 0005 section 1). */
export interface RouteMeta {
  path: string;
  title: string;
  product?: string;
  roles?: string[];
  menu?: { group?: string; order?: number };
  hideInMenu?: boolean;
  hideTopMenu?: boolean;
  help?: string[];
  keepAlive?: boolean;
  openInBlank?: boolean;
  public?: boolean;
}

/** Where a route's screen comes from. */
export type RouteSource = { kind: 'schema'; file: string } | { kind: 'handwritten' };

export interface PortalRoute extends RouteMeta {
  source: RouteSource;
}
