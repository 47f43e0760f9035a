/**
 * The `composite` page (renderer v2): a tree of parts. Containers (tabs, card, collapse, grid, steps)
 * hold content parts — a list, a form, a record's detail sections, statistics — each rendered by its
 * page kind as a part (no title of its own, `part-<key>`). With a `record` block the page is about one
 * record: parts read it as `$record`, and a list part's `filter` turns it into filters (master-detail).
 * A form part that saves makes the content parts load again (a list next to it shows the new row).
 * The record may instead be an endpoint's answer (`record.api`, read again after every write), followed
 * while `record.poll` says it is still changing (usePoll.ts), e.g. the real-name page's face check.
 */
import { Alert } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ApiSource, BizRecord, CompositePageSchema } from '@renderer/core';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { ActionButtons, conditionScope } from '@renderer/react/parts/ActionButtons';
import { readPath } from '@renderer/react/parts/conditions';
import { PartTree } from '@renderer/react/parts/containers/PartTree';
import type { PartTreeContext } from '@renderer/react/parts/containers/PartTree';
import { callApi } from '@renderer/react/parts/dataSource';
import { Loading, LoadError, PageFrame, PartRefreshContext } from '@renderer/react/parts/PageFrame';
import { useLoad } from '@renderer/react/parts/useLoad';
import type { LoadState } from '@renderer/react/parts/useLoad';
import { usePoll } from '@renderer/react/parts/usePoll';
import { useRecord } from '@renderer/react/parts/useRecord';
import { testIds } from '@renderer/react/testIds';
import type { PageProps } from './ListPage';

/**
 * The page's record read from an endpoint (`record.api`; its `response.record` path, else the answer),
 * again after every write of the tab; no api, no load.
 */
function useApiRecord(api: ApiSource | undefined, query: Record<string, string>): LoadState<BizRecord> {
  const renderer = useRenderer();
  return useLoad<BizRecord>(
    api ? JSON.stringify([api, query]) : null,
    async (signal) => {
      const answer = await callApi(renderer, api!, conditionScope(renderer, { query }), {}, signal);
      const path = api!.response?.record;
      return (path ? readPath(answer, path) : answer) as BizRecord;
    },
    true,
  );
}

/** A composite page. */
export function CompositePage({ schema, query }: PageProps<CompositePageSchema>): React.JSX.Element {
  const body = schema.composite;
  const api = body.record?.api;
  const recordModel = body.record && !api ? (body.record.model ?? schema.model) : undefined;
  const recordId = body.record && !api ? query[body.record.param ?? 'id'] : undefined;
  const byId = useRecord(recordModel, recordId);
  const byApi = useApiRecord(api, query);
  const { data: record, error, reload, refresh: reread } = api ? byApi : byId;
  // `poll`: read the record again while it is still changing (a face check running on a phone).
  const pollAnchor = useRef<HTMLSpanElement>(null);
  const answer = useMemo(() => ({ record, error }), [record, error]);
  const rows = useMemo(() => (record ? [record] : undefined), [record]);
  const polling = usePoll(body.record?.poll, rows, answer, reread, pollAnchor);
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((g) => g + 1), []);
  const renderer = useRenderer();
  const tree: PartTreeContext = useMemo(
    () => ({ schema, query, record, scope: conditionScope(renderer, { record, query }), generation }),
    [schema, query, record, renderer, generation],
  );

  let content: React.ReactNode;
  if (body.record && error && !record) content = <LoadError error={error} onRetry={reload} />;
  else if (body.record && (recordId || api) && !record) content = <Loading />;
  else
    content = (
      <PartRefreshContext.Provider value={refresh}>
        {body.record?.poll ? <span ref={pollAnchor} hidden /> : null}
        {polling && body.record?.poll?.notice ? (
          <Alert
            data-testid={testIds.recordPoll}
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message={body.record.poll.notice}
          />
        ) : null}
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
