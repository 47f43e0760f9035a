/**
 * `SchemaPage`: renders a loaded page schema (see `loadPageSchema`) by its kind. Each page kind is
 * its own chunk, loaded with the first page of that kind: a list page never loads the form steps or
 * the statistics charts. The host mounts one `SchemaPage` per route inside a `RendererProvider`.
 */
import { Suspense } from 'react';
import type { PageSchema } from '@renderer/core';
import { PAGE_KINDS } from './pageKinds';
import { Loading } from './parts/PageFrame';

/** Props of {@link SchemaPage}. */
export interface SchemaPageProps {
  /** The loaded schema (migrated, `$ref` and `$dict` resolved). */
  schema: PageSchema;
  /** The page's URL query (`?id=` of detail/approve/edit pages, `?tab=` of lists). @default {} */
  query?: Record<string, string>;
}

const NO_QUERY: Record<string, string> = {};

/** Renders a page schema. */
export function SchemaPage({ schema, query = NO_QUERY }: SchemaPageProps): React.JSX.Element {
  const Page = PAGE_KINDS[schema.page];
  return (
    <Suspense fallback={<Loading />}>
      <Page schema={schema} query={query} />
    </Suspense>
  );
}
