/**
 * The `composite` page (renderer v2): a tree of parts. Containers (tabs, card, collapse, grid, steps)
 * hold content parts — a list, a form, a record's detail sections, statistics — each rendered by its
 * page kind as a part (no title of its own, `part-<key>`). With a `record` block the page is about one
 * record: parts read it as `$record`, and a list part's `filter` turns it into filters (master-detail).
 * A form part that saves makes the content parts load again (a list next to it shows the new row).
 */
import { useCallback, useMemo, useState } from 'react';
import type { CompositePageSchema } from '@renderer/core';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { ActionButtons, conditionScope } from '@renderer/react/parts/ActionButtons';
import { PartTree } from '@renderer/react/parts/containers/PartTree';
import type { PartTreeContext } from '@renderer/react/parts/containers/PartTree';
import { Loading, LoadError, PageFrame, PartRefreshContext } from '@renderer/react/parts/PageFrame';
import { useRecord } from '@renderer/react/parts/useRecord';
import type { PageProps } from './ListPage';

/** A composite page. */
export function CompositePage({ schema, query }: PageProps<CompositePageSchema>): React.JSX.Element {
  const body = schema.composite;
  const recordModel = body.record ? (body.record.model ?? schema.model) : undefined;
  const recordId = body.record ? query[body.record.param ?? 'id'] : undefined;
  const { data: record, error, reload } = useRecord(recordModel, recordId);
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((g) => g + 1), []);
  const renderer = useRenderer();
  const tree: PartTreeContext = useMemo(
    () => ({ schema, query, record, scope: conditionScope(renderer, { record, query }), generation }),
    [schema, query, record, renderer, generation],
  );

  let content: React.ReactNode;
  if (body.record && error && !record) content = <LoadError error={error} onRetry={reload} />;
  else if (body.record && recordId && !record) content = <Loading />;
  else
    content = (
      <PartRefreshContext.Provider value={refresh}>
        <PartTree parts={body.parts} context={tree} />
        {body.actions?.length ? (
          <div className="schema-composite-actions" style={{ textAlign: 'center', marginTop: 16 }}>
            <ActionButtons
              actions={body.actions}
              area="composite"
              context={{ record, model: recordModel, query }}
            />
          </div>
        ) : null}
      </PartRefreshContext.Provider>
    );
  return (
    <PageFrame kind="composite" title={schema.route.title}>
      {content}
    </PageFrame>
  );
}
