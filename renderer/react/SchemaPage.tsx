/**
 * `SchemaPage`: renders a loaded page schema (see `loadPageSchema`) by its kind. Each page kind is
 * its own chunk, loaded with the first page of that kind: a list page never loads the form steps or
 * the statistics charts. The host mounts one `SchemaPage` per route inside a `RendererProvider`.
 */
import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import type { PageKind, PageSchema } from '@renderer/core';
import {
  loadApprovePage,
  loadDetailPage,
  loadFormPage,
  loadListPage,
  loadStatisticsPage,
  loadUploadPage,
} from './lazyModules';
import { Loading } from './parts/PageFrame';
import type { PageProps } from './pages/ListPage';

/** Props of {@link SchemaPage}. */
export interface SchemaPageProps {
  /** The loaded schema (migrated, `$ref` and `$dict` resolved). */
  schema: PageSchema;
  /** The page's URL query (`?id=` of detail/approve/edit pages, `?tab=` of lists). @default {} */
  query?: Record<string, string>;
}

type AnyPage = ComponentType<PageProps<PageSchema>>;
const page = (load: () => Promise<AnyPage>): AnyPage => lazy(async () => ({ default: await load() }));

const PAGES: Record<PageKind, AnyPage> = {
  list: page(() => loadListPage().then((m) => m.ListPage as AnyPage)),
  form: page(() => loadFormPage().then((m) => m.FormPage as AnyPage)),
  approve: page(() => loadApprovePage().then((m) => m.ApprovePage as AnyPage)),
  upload: page(() => loadUploadPage().then((m) => m.UploadPage as AnyPage)),
  detail: page(() => loadDetailPage().then((m) => m.DetailPage as AnyPage)),
  statistics: page(() => loadStatisticsPage().then((m) => m.StatisticsPage as AnyPage)),
};

const NO_QUERY: Record<string, string> = {};

/** Renders a page schema. */
export function SchemaPage({ schema, query = NO_QUERY }: SchemaPageProps): React.JSX.Element {
  const Page = PAGES[schema.page];
  return (
    <Suspense fallback={<Loading />}>
      <Page schema={schema} query={query} />
    </Suspense>
  );
}
