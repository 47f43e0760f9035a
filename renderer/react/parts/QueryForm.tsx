/**
 * The query form of lists and the filter form of statistics pages: Formily fields on a grid, with
 * 查询 / 重置. It is its own chunk: a list without a query form never loads Formily.
 */
import { FormLayout } from '@formily/antd-v5/esm/form-layout';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { Button, Space } from 'antd';
import { useMemo } from 'react';
import type { FormilyProperties } from '@renderer/core';
import { FieldScopeContext } from '@renderer/react/formily/fieldScope';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { objectSchema, useExpressionScope, useSchemaField } from '@renderer/react/formily/useSchemaField';
import { amountRangeProblem } from '@renderer/react/widgets/amountChecks';
import { testIds } from '@renderer/react/testIds';
import { Pending } from './PageFrame';
import { queryLabelWidth } from './queryLabelWidth';
import { queryProblem } from './queryParams';
import type { FieldScope } from '@renderer/react/testIds';

/** Props of {@link QueryForm}. */
export interface QueryFormProps {
  properties: FormilyProperties;
  columns?: number;
  query: Record<string, string>;
  scope?: FieldScope;
  /** Called with the form values on 查询, and with the reset values on 重置. */
  onSearch: (values: Record<string, unknown>) => void;
}

/** A query form. */
export function QueryForm({
  properties,
  columns = 3,
  query,
  scope = 'query',
  onSearch,
}: QueryFormProps): React.JSX.Element | null {
  const form = useMemo(() => createForm(), []);
  const renderer = useRenderer();
  const SchemaField = useSchemaField(properties);
  const expressionScope = useExpressionScope(query);
  const labelWidth = useMemo(() => queryLabelWidth(properties), [properties]);
  if (!SchemaField) return <Pending height={80} />;
  const search = (): void => {
    const values = { ...(form.values as Record<string, unknown>) };
    // A wrong range would silently find nothing: say why instead of searching.
    const problem = queryProblem(values, properties, amountRangeProblem);
    if (problem) void renderer.message.error(problem);
    else onSearch(values);
  };
  return (
    <FormProvider form={form}>
      <FieldScopeContext.Provider value={scope}>
        <form
          className="schema-query-form"
          onSubmit={(e) => {
            e.preventDefault();
            search();
          }}
        >
          {/* One label column as wide as the longest label (queryLabelWidth): no label breaks inside its
              term or ends in an ellipsis; one wider than the cap wraps, its whole text visible. */}
          <FormLayout layout="horizontal" labelWidth={labelWidth} labelWrap feedbackLayout="none">
            <div
              style={{
                display: 'grid',
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                columnGap: 16,
                rowGap: 12,
              }}
            >
              <SchemaField schema={objectSchema(properties)} scope={expressionScope} />
            </div>
          </FormLayout>
          <Space style={{ marginTop: 12, display: 'flex', justifyContent: 'flex-end' }}>
            <Button
              data-testid={testIds.action('query', 'reset')}
              onClick={() => void form.reset().then(search)}
            >
              重置
            </Button>
            <Button data-testid={testIds.action('query', 'search')} type="primary" htmlType="submit">
              查询
            </Button>
          </Space>
        </form>
      </FieldScopeContext.Provider>
    </FormProvider>
  );
}
