import { useEffect, useState } from 'react';
import {
  createModuleSource,
  instantiate,
  loadPageSchema,
  pageSource,
  variantsOf,
  type PageSchema,
} from '@renderer';
import { routeByPath } from '@/router/routeTable';
import { MODELS, PAGES, SHARED, VARIANT_FILES } from '@/schemaFiles/pages';
import { withPageModelRules } from './pageModelRules';

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

export type LoadedSchema = { schema: PageSchema } | { error: string };

/** The page schema of a route path, loaded (null while it loads). */
export function useRouteSchema(pathname: string): LoadedSchema | null {
  const route = routeByPath(pathname);
  const file = route && !route.handwritten ? `/schemas/${route.file}` : null;
  const [loaded, setLoaded] = useState<LoadedSchema | null>(null);

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
  return loaded;
}
