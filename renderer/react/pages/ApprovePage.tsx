/**
 * The `approve` page: the record of `?id=` in sections, an opinion box, and the decisions (model
 * transitions: approve with an optional UKEY signature, reject with a required reason). The
 * opinion is sent as the reason.
 */
import { Card, Input } from 'antd';
import { useState } from 'react';
import type { ApprovePageSchema } from '@renderer/core';
import { ActionButtons, useConditionScope } from '@renderer/react/parts/ActionButtons';
import { Note } from '@renderer/react/parts/Note';
import { Loading, LoadError, MissingRecord, PageFrame } from '@renderer/react/parts/PageFrame';
import { Sections } from '@renderer/react/parts/Sections';
import { useRecord } from '@renderer/react/parts/useRecord';
import { testIds } from '@renderer/react/testIds';
import type { PageProps } from './ListPage';

/** An approve page. */
export function ApprovePage({ schema, query }: PageProps<ApprovePageSchema>): React.JSX.Element {
  const { approve } = schema;
  const { data: record, error, reload } = useRecord(schema.model, query.id);
  const scope = useConditionScope({ record, query });
  const [opinion, setOpinion] = useState('');
  const [missing, setMissing] = useState(false);
  const title = approve.opinion?.title ?? '审批意见';
  let content: React.ReactNode;
  if (!query.id) content = <MissingRecord />;
  else if (error && !record) content = <LoadError error={error} onRetry={reload} />;
  else if (!record) content = <Loading />;
  else {
    const needOpinion = approve.opinion?.required === true && opinion.trim() === '';
    content = (
      <>
        <Sections sections={approve.sections} record={record} scope={scope} />
        {approve.opinion ? (
          <Card size="small" title={title} style={{ marginBottom: 16 }}>
            <Input.TextArea
              data-testid={testIds.opinion}
              rows={3}
              showCount
              maxLength={approve.opinion.maxLength ?? 200}
              placeholder={approve.opinion.placeholder ?? `请输入${title}`}
              value={opinion}
              onChange={(e) => {
                setOpinion(e.target.value);
                setMissing(false);
              }}
            />
            {missing ? <Note type="danger">请输入{title}</Note> : null}
          </Card>
        ) : null}
        <div className="schema-approve-actions" style={{ textAlign: 'center' }}>
          <ActionButtons
            actions={approve.actions}
            area="approve"
            context={{
              record,
              model: schema.model,
              query,
              opinion,
              // A required opinion blocks every decision; leaving the page is always possible.
              guard: (action) => {
                if (!needOpinion || action.type === 'back' || action.type === 'navigate') return true;
                setMissing(true);
                return false;
              },
            }}
          />
        </div>
      </>
    );
  }
  return (
    <PageFrame kind="approve" title={schema.route.title}>
      {content}
    </PageFrame>
  );
}
