/**
 * The `list` page: query form, status tabs, toolbar, a table paged and sorted by the server
 * (`GET .../records?page=&size=&sort=&<filters>` → `{list, pagecond}`), row actions, and empty and
 * error states.
 */
import { Empty, Table } from 'antd';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { lazy, Suspense, useMemo, useState } from 'react';
import { sortParam } from '@renderer/core';
import type { BizRecord, ListAnswer, ListPageSchema } from '@renderer/core';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { ActionButtonRow, ActionButtons, useConditionScope } from '@renderer/react/parts/ActionButtons';
import { buildColumns } from '@renderer/react/parts/buildColumns';
import { loadListPage } from '@renderer/react/parts/dataSource';
import { LoadError, PageFrame, Pending } from '@renderer/react/parts/PageFrame';
import { toQueryParams } from '@renderer/react/parts/queryParams';
import { useActionRunner } from '@renderer/react/parts/useActionRunner';
import { useLoad } from '@renderer/react/parts/useLoad';
import { loadQueryForm, loadTabs } from '@renderer/react/lazyModules';
import { testIds } from '@renderer/react/testIds';

// A list loads its query form (Formily) and its tabs only when the schema has them.
const QueryForm = lazy(() => loadQueryForm().then((m) => ({ default: m.QueryForm })));
const Tabs = lazy(loadTabs);

/** Props of every page kind. */
export interface PageProps<S> {
  schema: S;
  /** The URL query of the page (`id`, `tab`...). */
  query: Record<string, string>;
}

/** The tab a `?tab=` (1-based) asks for. */
function initialTab(schema: ListPageSchema, query: Record<string, string>): string | undefined {
  const tabs = schema.list.tabs;
  if (!tabs?.length) return undefined;
  const index = Number(query.tab);
  return (Number.isInteger(index) && index >= 1 && index <= tabs.length ? tabs[index - 1] : tabs[0])?.key;
}

/** A list page. */
export function ListPage({ schema, query }: PageProps<ListPageSchema>): React.JSX.Element {
  const { list } = schema;
  const renderer = useRenderer();
  const runner = useActionRunner();
  const [tab, setTab] = useState(() => initialTab(schema, query));
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [paging, setPaging] = useState({ page: 1, size: list.pageSize ?? 10 });
  const [sort, setSort] = useState(list.defaultSort);
  const model = schema.model ?? '';
  const tabParams = list.tabs?.find((t) => t.key === tab)?.params ?? {};
  const params: Record<string, unknown> = {
    ...list.params,
    ...tabParams,
    ...filters,
    page: paging.page,
    size: paging.size,
    ...(sort ? { sort: sortParam(sort.field, sort.order) } : {}),
  };
  const scope = useConditionScope({ query });
  const { data, loading, error, reload } = useLoad<ListAnswer>(
    JSON.stringify([model, list.api ?? null, params]),
    (signal) => loadListPage(renderer, { model, api: list.api }, scope, params, signal),
  );
  const context = { model, query, onDone: reload, exportParams: params };
  const columns = useMemo(
    () => {
      const built = buildColumns(list.columns, {
        scope,
        functions: renderer.functions,
        sort,
        onLink: (column, record) => column.link && void runner.run(column.link, { ...context, record }),
      });
      if (list.rowActions?.length) {
        built.push({
          key: '__actions',
          title: '操作',
          fixed: 'right',
          render: (_: unknown, record: BizRecord) => (
            <ActionButtonRow
              actions={list.rowActions}
              area="row"
              context={{ ...context, record }}
              runner={runner}
              link
            />
          ),
        });
      }
      return built;
    },
    // Columns depend on the schema, the sort shown, the runner state (busy buttons) and the query.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- context, runner and scope are new objects each render
    [list, sort, runner.running, renderer.functions, scope.$role, reload, query, model],
  );

  const onTableChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<BizRecord> | SorterResult<BizRecord>[],
  ): void => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.order
      ? Array.isArray(one.field)
        ? one.field.join('.')
        : String(one.field ?? '')
      : '';
    const nextSort = field
      ? { field, order: one?.order === 'ascend' ? ('asc' as const) : ('desc' as const) }
      : undefined;
    const sortChanged = JSON.stringify(nextSort) !== JSON.stringify(sort);
    setSort(nextSort);
    setPaging({
      page: sortChanged ? 1 : (pagination.current ?? 1),
      size: pagination.pageSize ?? paging.size,
    });
  };

  const rows = data?.list ?? [];
  return (
    <PageFrame kind="list" title={schema.route.title}>
      {list.query && Object.keys(list.query).length > 0 ? (
        <div className="schema-list-query" style={{ marginBottom: 16 }}>
          <Suspense fallback={<Pending height={80} />}>
            <QueryForm
              properties={list.query}
              columns={list.queryColumns ?? 3}
              query={query}
              onSearch={(values) => {
                setFilters(toQueryParams(values, list.query));
                setPaging((p) => ({ ...p, page: 1 }));
              }}
            />
          </Suspense>
        </div>
      ) : null}
      {list.tabs?.length ? (
        <Suspense fallback={<Pending height={46} />}>
          <Tabs
            activeKey={tab}
            onChange={(key) => {
              setTab(key);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            items={list.tabs.map((t) => ({
              key: t.key,
              label: <span data-testid={testIds.tab(t.key)}>{t.title}</span>,
            }))}
          />
        </Suspense>
      ) : null}
      {list.toolbar?.length ? (
        <div className="schema-list-toolbar" style={{ marginBottom: 12 }}>
          <ActionButtons actions={list.toolbar} area="toolbar" context={context} />
        </div>
      ) : null}
      {error && !data ? (
        <LoadError error={error} onRetry={reload} />
      ) : (
        <Table<BizRecord>
          rowKey={list.rowKey ?? 'id'}
          columns={columns}
          dataSource={rows}
          loading={loading}
          size="middle"
          scroll={{ x: 'max-content' }}
          onRow={(_, index) =>
            ({ 'data-testid': testIds.row(index ?? 0) }) as React.HTMLAttributes<HTMLElement>
          }
          onChange={onTableChange}
          locale={{
            // No empty-state picture while the first page is on its way.
            emptyText: data ? (
              <Empty data-testid={testIds.empty} description={list.emptyText ?? '暂无数据'} />
            ) : (
              <span />
            ),
          }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: data?.pagecond.count ?? 0,
            showSizeChanger: true,
            showTotal: (total) => `共 ${total} 条`,
          }}
        />
      )}
      {runner.dialogs}
    </PageFrame>
  );
}
