/**
 * Sections of detail and approve pages: a description grid of fields, or a table of an array in
 * the record (its children or an array field).
 */
import { Card, Descriptions, Table } from 'antd';
import type { BizRecord, DetailField, SectionSchema } from '@renderer/core';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { testIds } from '@renderer/react/testIds';
import { buildColumns } from './buildColumns';
import { evaluateCondition, readPath } from './conditions';
import type { ConditionScope } from './conditions';
import { renderValue } from './renderValue';

/** The test id of a detail field: the format is added when the same field shows twice. */
function detailId(section: SectionSchema, field: DetailField): string {
  const repeated = (section.fields ?? []).filter((f) => f.field === field.field).length > 1;
  const first = (section.fields ?? []).find((f) => f.field === field.field) === field;
  return testIds.detail(section.key, field.field, repeated && !first ? (field.format ?? 'text') : undefined);
}

/** One section. */
function Section({
  section,
  record,
  scope,
}: {
  section: SectionSchema;
  record: BizRecord;
  scope: ConditionScope;
}): React.JSX.Element {
  const { functions } = useRenderer();
  // Fields the model hides from the current role (the record's fieldAccess) are not shown at all.
  const fields = (section.fields ?? []).filter(
    (f) => record.fieldAccess?.[f.field] !== 'hidden' && evaluateCondition(f.visible, scope, functions),
  );
  const rows = section.table ? readPath(record, section.table.source) : undefined;
  return (
    <Card
      size="small"
      title={section.title}
      data-testid={testIds.section(section.key)}
      style={{ marginBottom: 16 }}
    >
      {fields.length > 0 ? (
        <Descriptions
          bordered
          size="small"
          column={section.columns ?? 3}
          items={fields.map((field) => ({
            key: `${field.field}|${field.format ?? ''}`,
            label: field.title,
            span: field.span,
            children: (
              <span data-testid={detailId(section, field)}>
                {renderValue(readPath(record, field.field), field)}
              </span>
            ),
          }))}
        />
      ) : null}
      {section.table ? (
        <Table<BizRecord>
          size="small"
          rowKey={(row) => String(readPath(row, section.table?.rowKey ?? 'id') ?? JSON.stringify(row))}
          columns={buildColumns(section.table.columns, { scope, functions })}
          dataSource={Array.isArray(rows) ? (rows as BizRecord[]) : []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          onRow={(_, index) =>
            ({ 'data-testid': testIds.row(index ?? 0) }) as React.HTMLAttributes<HTMLElement>
          }
        />
      ) : null}
    </Card>
  );
}

/** The sections of `sections` visible for this record. */
export function Sections({
  sections,
  record,
  scope,
}: {
  sections: readonly SectionSchema[];
  record: BizRecord;
  scope: ConditionScope;
}): React.JSX.Element {
  const { functions } = useRenderer();
  return (
    <div className="schema-sections">
      {sections
        .filter((section) => evaluateCondition(section.visible, scope, functions))
        .map((section) => (
          <Section key={section.key} section={section} record={record} scope={scope} />
        ))}
    </div>
  );
}
