import { Alert, App, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useResolvedPath } from 'react-router-dom';
import {
  createModuleSource,
  instantiate,
  loadPageSchema,
  pageSource,
  RendererProvider,
  SchemaPage,
  variantsOf,
  type PageSchema,
} from '@renderer';
import { decideAccess } from '@/router/access';
import { routeByPath } from '@/router/routeTable';
import { useSession } from '@/session/SessionContext';
import { DOWNLOAD_CENTRE_PATH } from '@/pages/download/downloadCentrePath';
import { announceTopic } from '@/shell/messageEvents';
import { MODELS, PAGES, SHARED, VARIANT_FILES } from '@/schemaFiles/pages';
import { withPageModelRules } from './pageModelRules';
import { hostRegistry } from './hostRegistry';
import { openDownload, portalHolidays, portalSigner, rendererRequest } from './rendererServices';

// The schemas tree's page bodies, fragments, dictionaries and models (src/schemaFiles/pages.ts).
// A variant's page is its template's with the variant's values (renderer/core/schema/templates.ts).
const VARIANTS = variantsOf(VARIANT_FILES);
const pageFile = (file: string) =>
  pageSource(file.replace(/^\/schemas\//, ''), (f) => `/schemas/${f}` in PAGES, VARIANTS);
const source = createModuleSource({ modules: SHARED });

/** The loaded page with its model's rules on its form fields. */
async function loadPage(raw: unknown, file: string): Promise<PageSchema> {
  const schema = loadPageSchema(raw, { source, file: file.replace(/^\/schemas\//, '') }).schema;
  return withPageModelRules(
    schema,
    async (name) => MODELS[`/schemas/_models/${name}.json`]?.(),
    (name) => source.dict(name),
  );
}

type Loaded = { schema: PageSchema } | { error: string };

/** A route whose screen is a JSON page schema, rendered by the renderer with the portal's services. */
export function SchemaRoutePage(): React.JSX.Element {
  // A keepAlive page stays mounted while hidden: it must keep showing its own route, not the current one.
  const pathname = useResolvedPath('.').pathname;
  const location = useLocation();
  const active = location.pathname === pathname;
  const search = useRef(location.search);
  if (active) search.current = location.search;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { security, permitted } = useSession();
  const route = routeByPath(pathname);
  const file = route && !route.handwritten ? `/schemas/${route.file}` : null;
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let alive = true;
    setLoaded(null);
    const source = file ? pageFile(file) : null;
    const load = source ? PAGES[`/schemas/${source.file}`] : undefined;
    if (!file || !source || !load) {
      setLoaded({ error: `页面定义不存在：${pathname}` });
      return undefined;
    }
    load()
      .then((raw) => loadPage(instantiate(raw, source.params), file))
      .then((schema) => {
        if (alive) setLoaded({ schema });
      })
      .catch((e: unknown) => alive && setLoaded({ error: e instanceof Error ? e.message : String(e) }));
    return () => {
      alive = false;
    };
  }, [file, pathname]);

  const currentSearch = search.current;
  const query = useMemo(
    () => Object.fromEntries(new URLSearchParams(currentSearch).entries()),
    [currentSearch],
  );
  const user = useMemo(() => ({ ...security.user3 }), [security.user3]);
  const canOpen = useMemo(
    () => (path: string) => decideAccess(path.split('?')[0]!, true, permitted) === 'allow',
    [permitted],
  );
  const go = useMemo(
    () => (to: string, options?: { replace?: boolean; blank?: boolean }) => {
      if (options?.blank) window.open(`/cv3${to}`, '_blank', 'noopener');
      else navigate(to, options?.replace ? { replace: true } : undefined);
    },
    [navigate],
  );

  if (!loaded) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if ('error' in loaded)
    return <Alert type="error" showIcon message="页面加载失败" description={loaded.error} />;
  return (
    <RendererProvider
      request={rendererRequest}
      navigate={go}
      currentRole={security.currentRole3?.roleCode ?? null}
      canOpen={canOpen}
      signer={portalSigner}
      user={user}
      download={openDownload}
      downloadCentre={DOWNLOAD_CENTRE_PATH}
      announce={announceTopic}
      pageTitles={false}
      message={message}
      holidays={portalHolidays}
      components={hostRegistry}
    >
      <SchemaPage key={pathname} schema={loaded.schema} query={query} />
    </RendererProvider>
  );
}
