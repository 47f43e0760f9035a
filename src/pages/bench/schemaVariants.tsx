/** The bench's schema variants: pages rendered by the renderer from generated schemas. */
import { RendererProvider, SchemaPage } from '@renderer';
import type { RendererRequest } from '@renderer';
import { benchFormSchema, benchListSchema, benchRows } from './benchData';

const noop = (): void => undefined;

function provider(request: RendererRequest, children: React.ReactNode): React.JSX.Element {
  return (
    <RendererProvider
      request={request}
      navigate={noop}
      back={noop}
      currentRole="ROLE_CORE_OPERATOR"
      pageTitles={false}
    >
      {children}
    </RendererProvider>
  );
}

/** A schema form of `n` fields. */
export function schemaForm(n: number): React.JSX.Element {
  const request = (async () => ({})) as RendererRequest;
  return provider(request, <SchemaPage schema={benchFormSchema(n)} />);
}

/** A schema list of `r` rows (the fake API answers at once). */
export function schemaList(r: number): React.JSX.Element {
  const rows = benchRows(r);
  const request = (async () => ({ list: rows, pagecond: { count: r, page: 1, size: r } })) as RendererRequest;
  return provider(request, <SchemaPage schema={benchListSchema(r)} />);
}
