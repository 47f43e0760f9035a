import type { RouteObject } from 'react-router-dom';
import { loadChunk, toChunkError } from './chunks';
import { ChunkFailure } from './RouteError';

type Lazy = NonNullable<RouteObject['lazy']>;

/**
 * A lazily loaded screen. A chunk that fails (or takes over 120 s) becomes a screen of its own that says so
 * and offers a reload, instead of an error thrown into the router.
 */
export function lazyScreen(load: () => Promise<Record<string, unknown>>, name: string): Lazy {
  return (() =>
    loadChunk(load, name).then(
      (m) => ({ Component: m[name] as React.ComponentType }),
      (e: unknown) => {
        const error = toChunkError(e, name);
        return { Component: () => <ChunkFailure error={error} /> };
      },
    )) as Lazy;
}
