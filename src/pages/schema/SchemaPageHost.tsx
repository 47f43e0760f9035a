/**
 * The portal side of the renderer: loads the page schema of the current route (its own chunk),
 * resolves `$ref` fragments and `$dict` dictionaries from the bundled `schemas/` files, and renders it
 * with the portal's services — the axios request of src/api (signature, CSRF, error rules), router
 * navigation, the session's current role and permitted paths, and the UKEY signer.
 * SchemaRoutePage mounts it: `return <SchemaPageHost />`.
 */
import { Empty, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useResolvedPath } from 'react-router-dom';
import { createModuleSource, loadPageSchema, RendererProvider, SchemaPage } from '@renderer';
import type { PageSchema, RendererRequest } from '@renderer';
import { BASE_PATH, request } from '@/api';
import type { ApiResponse } from '@/api';
import { decideAccess } from '@/router/access';
import { useSession } from '@/session/SessionContext';
import { createUkeySigner } from '@/ukey';

// Page bodies load with their route; fragments and dictionaries are small and shared by all pages.
const pageModules = import.meta.glob<unknown>(['/schemas/**/*.json', '!/schemas/_*/**'], { import: 'default' });
const source = createModuleSource({
  modules: import.meta.glob<unknown>(['/schemas/_fragments/**/*.json', '/schemas/_dicts/*.json'], { import: 'default', eager: true }),
});

/** The renderer's request over the portal's axios instance: resolves with `data` of a code-'0' answer. */
const rendererRequest: RendererRequest = async <T,>(options: Parameters<RendererRequest>[0]): Promise<T> => {
  const { onUploadProgress } = options;
  const answer = await request().request<ApiResponse<T>>({
    method: options.method,
    url: options.url,
    params: options.params,
    data: options.data,
    signal: options.signal,
    ...(onUploadProgress ? { onUploadProgress: (e) => onUploadProgress({ loaded: e.loaded, ...(e.total ? { total: e.total } : {}) }) } : {}),
  });
  return answer.data.data;
};

const signer = createUkeySigner();

/** Renders the schema page of the current path. */
export function SchemaPageHost(): React.JSX.Element {
  // The route's own path, not the location's: a keepAlive page stays mounted (hidden) while the user
  // is elsewhere, and must keep showing its own schema and query.
  const pathname = useResolvedPath('.').pathname;
  const location = useLocation();
  const search = useRef(location.search);
  if (location.pathname === pathname) search.current = location.search;
  const navigate = useNavigate();
  const session = useSession();
  const [state, setState] = useState<{ path: string; schema?: PageSchema; error?: string }>({ path: '' });
  const file = `/schemas${pathname.replace(/\/+$/, '')}.json`;

  useEffect(() => {
    let current = true;
    const load = pageModules[file];
    if (!load) {
      setState({ path: file, error: '页面不存在' });
      return undefined;
    }
    load().then(
      (raw) => current && setState({ path: file, schema: loadPageSchema(raw, { file: file.slice('/schemas/'.length), source }).schema }),
      (error: unknown) => current && setState({ path: file, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [file]);

  const query = useMemo(() => Object.fromEntries(new URLSearchParams(search.current)), [search.current]);
  const role = session.security.currentRole3?.roleCode ?? null;
  const user = useMemo(() => ({ ...session.security.user3 }), [session.security.user3]);
  const services = useMemo(
    () => ({
      navigate: (to: string, options?: { replace?: boolean; blank?: boolean }) => {
        if (options?.blank) window.open(`${BASE_PATH.slice(0, -1)}${to}`, '_blank', 'noopener');
        else navigate(to, options?.replace ? { replace: true } : undefined);
      },
      back: () => navigate(-1),
      canOpen: (path: string) => decideAccess(path, true, session.permitted) === 'allow',
      download: (url: string, params?: Record<string, unknown>) => {
        const query = params ? `?${new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => [k, String(x)])))}` : '';
        window.open(`/api/web${url}${query}`, '_blank', 'noopener');
      },
    }),
    [navigate, session.permitted],
  );

  if (state.path !== file || (!state.schema && !state.error)) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }
  if (!state.schema) return <Empty description={state.error} />;
  return (
    <RendererProvider request={rendererRequest} currentRole={role} user={user} signer={signer} pageTitles={false} {...services}>
      <SchemaPage key={file} schema={state.schema} query={query} />
    </RendererProvider>
  );
}
