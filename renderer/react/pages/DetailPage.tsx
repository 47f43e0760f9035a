/** The `detail` page: the record of `?id=` in sections, its children, its operation log. */
import type { DetailPageSchema, DictItem, SectionSchema } from '@renderer/core';
import { ActionButtons, useConditionScope } from '@renderer/react/parts/ActionButtons';
import { AuditLog } from '@renderer/react/parts/AuditLog';
import { Loading, LoadError, MissingRecord, PageFrame } from '@renderer/react/parts/PageFrame';
import { Sections } from '@renderer/react/parts/Sections';
import { useRecord } from '@renderer/react/parts/useRecord';
import type { PageProps } from './ListPage';

/** The labels of the record's states: the `status` field's dictionary in the sections, if shown. */
export function statusItems(sections: readonly SectionSchema[]): DictItem[] | undefined {
  for (const section of sections) {
    const field = section.fields?.find((f) => f.field === 'status' && f.enum);
    if (field?.enum) return field.enum;
  }
  return undefined;
}

/** A detail page. */
export function DetailPage({ schema, query }: PageProps<DetailPageSchema>): React.JSX.Element {
  const { detail } = schema;
  const { data: record, error, reload } = useRecord(schema.model, query.id);
  const scope = useConditionScope({ record, query });
  const audit = detail.audit;
  let content: React.ReactNode;
  if (!query.id) content = <MissingRecord />;
  else if (error && !record) content = <LoadError error={error} onRetry={reload} />;
  else if (!record) content = <Loading />;
  else {
    content = (
      <>
        <Sections sections={detail.sections} record={record} scope={scope} />
        {audit ? (
          <AuditLog
            entries={record.audit ?? []}
            title={typeof audit === 'object' ? audit.title : undefined}
            states={statusItems(detail.sections)}
          />
        ) : null}
        <div className="schema-detail-actions" style={{ textAlign: 'center' }}>
          <ActionButtons
            actions={detail.actions}
            area="detail"
            context={{ record, model: schema.model, query }}
          />
        </div>
      </>
    );
  }
  return (
    <PageFrame kind="detail" title={schema.route.title}>
      {content}
    </PageFrame>
  );
}
