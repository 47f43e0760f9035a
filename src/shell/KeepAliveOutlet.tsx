import { useRef, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router-dom';
import { routeByPath } from '@/router/routeTable';

/**
 * The page outlet. A route marked keepAlive stays mounted (hidden) when the user leaves it, so its query
 * form, page and scroll position are still there on return.
 */
export function KeepAliveOutlet({
  isKeepAlive = (path) => routeByPath(path)?.keepAlive === true,
}: {
  /** Whether the route at `path` stays mounted (the route table's `keepAlive` by default). */
  isKeepAlive?: (path: string) => boolean;
}): React.JSX.Element {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const cache = useRef(new Map<string, ReactNode>());
  const keepAlive = isKeepAlive(pathname);
  if (keepAlive && !cache.current.has(pathname)) cache.current.set(pathname, outlet);
  return (
    <>
      {[...cache.current.entries()].map(([path, element]) => (
        <div key={path} style={{ display: path === pathname ? 'block' : 'none' }} data-keep-alive={path}>
          {element}
        </div>
      ))}
      {!keepAlive && outlet}
    </>
  );
}
