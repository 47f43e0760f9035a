/**
 * The `list` page: query form, status tabs, toolbar, a table paged and sorted by the server
 * (`GET .../records?page=&size=&sort=&<filters>` → `{list, pagecond}`), row actions, and empty and
 * error states.
 */
import { Alert, Button, Descriptions, Empty, Spin, Table } from 'antd';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { lazy, Suspense, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { sortParam } from '@renderer/core';
import type { BizRecord, ListAnswer, ListBody, ListPageSchema } from '@renderer/core';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { ActionButtonRow, ActionButtons, useConditionScope } from '@renderer/react/parts/ActionButtons';
import { buildColumns } from '@renderer/react/parts/buildColumns';
import { evaluateCondition, readPath } from '@renderer/react/parts/conditions';
import { loadListPage } from '@renderer/react/parts/dataSource';
import { arrangeColumns, shownColumns, useListSettings } from '@renderer/react/parts/listSettingsState';
import { LoadError, PageFrame, PartContext, Pending } from '@renderer/react/parts/PageFrame';
import { toQueryParams } from '@renderer/react/parts/queryParams';
import { useActionRunner } from '@renderer/react/parts/useActionRunner';
import { useLoad } from '@renderer/react/parts/useLoad';
import { usePoll } from '@renderer/react/parts/usePoll';
import { renderValue } from '@renderer/react/parts/renderValue';
import { loadListSettings, loadQueryForm, loadTabs } from '@renderer/react/lazyModules';
import { testIds } from '@renderer/react/testIds';

// A list loads its query form (Formily) and its tabs only when the schema has them.
const QueryForm = lazy(() => loadQueryForm().then((m) => ({ default: m.QueryForm })));
const Tabs = lazy(loadTabs);
const ListSettingsButton = lazy(() => loadListSettings().then((m) => ({ default: m.ListSettingsButton })));

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
  const [selected, setSelected] = useState<BizRecord[]>([]);
  const model = schema.model ?? '';
  // A to-do's 去处理 opens the list on its record (`?id=`, server/models/handovers.ts): that record only,
  // whatever tab it would be in, until the user asks for the whole list. A list inside a composite page
  // shares the page's address, whose `id` is the page's record (a pool's flows), never one of its rows.
  const part = useContext(PartContext);
  const [focus, setFocus] = useState(part === null ? query.id : undefined);
  const tabParams = focus ? {} : (list.tabs?.find((t) => t.key === tab)?.params ?? {});
  const params: Record<string, unknown> = {
    ...list.params,
    ...tabParams,
    ...(focus ? { id: focus } : {}),
    ...filters,
    page: paging.page,
    size: paging.size,
    ...(sort ? { sort: sortParam(sort.field, sort.order) } : {}),
    ...(list.summary?.length ? { summary: list.summary.join(',') } : {}),
  };
  const scope = useConditionScope({ query });
  const { data, loading, error, reload, refresh } = useLoad<ListAnswer>(
    JSON.stringify([model, list.api ?? null, params]),
    (signal) => loadListPage(renderer, { model, api: list.api }, scope, params, signal),
    true,
  );
  // Polling looks whether the list is shown (a kept-alive page the user left is not) through this marker.
  const pollAnchor = useRef<HTMLSpanElement>(null);
  // A failed read (a new error each time) keeps the rows shown and tries again next round.
  const polling = usePoll(list.poll, data?.list, error ?? data, refresh, pollAnchor);
  // Checked rows belong to the page shown: a new page, filter or reload clears them. Nothing checked:
  // keep the same array, or every page load would render the whole table a second time.
  useEffect(() => setSelected((checked) => (checked.length ? [] : checked)), [data]);
  const { settings, save } = useListSettings(schema.route.path, list.settings === true);
  const arranged = useMemo(
    () =>
      arrangeColumns(
        list.columns.filter((c) => evaluateCondition(c.visible, scope, renderer.functions)),
        settings,
      ),
    // scope is a new object each render; the role is what column conditions read from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [list.columns, settings, scope.$role, renderer.functions],
  );
  const shown = useMemo(() => shownColumns(arranged), [arranged]);
  const context = {
    model,
    query,
    exportParams: params,
    exportColumns: shown.map((c) => ({ field: c.field, title: c.title })),
    exportTitle: schema.route.title,
  };
  const columns = useMemo(
    () => {
      const built = buildColumns(shown, {
        scope,
        functions: renderer.functions,
        sort,
        onLink: (column, record) => column.link && void runner.run(column.link, { ...context, record }),
      });
      // The status stays on screen, last of the columns beside the actions, while a wide table scrolls
      // sideways (a 1280 px window; walk.spec checks it).
      const at = built.findIndex((c) => String(c.key).startsWith('status|') && !c.fixed);
      if (at >= 0) built.push({ ...built.splice(at, 1)[0]!, fixed: 'right' });
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
    // Columns depend on the schema, the user's arrangement, the sort shown, the runner state (busy
    // buttons) and the query.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- context, runner and scope are new objects each render
    [list, shown, sort, runner.running, renderer.functions, scope.$role, reload, query, model],
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
      {focus ? (
        <Alert
          data-testid="list-focus"
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="仅显示待处理消息中的记录"
          action={
            <Button size="small" type="link" onClick={() => setFocus(undefined)}>
              查看全部
            </Button>
          }
        />
      ) : null}
      {list.poll ? <span ref={pollAnchor} hidden /> : null}
      {polling && list.poll?.notice ? (
        <Alert
          data-testid={testIds.listPoll}
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={list.poll.notice}
        />
      ) : null}
      {list.toolbar?.length || list.batchActions?.length || list.settings ? (
        <div
          className="schema-list-toolbar"
          style={{ marginBottom: 12, display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}
        >
          {list.toolbar?.length ? (
            <ActionButtons actions={list.toolbar} area="toolbar" context={context} />
          ) : null}
          {list.batchActions?.length ? (
            <>
              <ActionButtonRow
                actions={list.batchActions}
                area="batch"
                context={{ ...context, records: selected, recordLabel: recordLabel(list) }}
                runner={runner}
                disabled={selected.length === 0}
              />
              <span className="schema-list-selected">已选 {selected.length} 条</span>
            </>
          ) : null}
          {list.settings ? (
            <div style={{ marginLeft: 'auto' }}>
              <Suspense fallback={null}>
                <ListSettingsButton
                  columns={arranged}
                  settings={settings}
                  density={settings?.density ?? 'middle'}
                  onChange={save}
                />
              </Suspense>
            </div>
          ) : null}
        </div>
      ) : null}
      {error && !data ? (
        <LoadError error={error} onRetry={reload} />
      ) : (
        <Table<BizRecord>
          rowKey={list.rowKey ?? 'id'}
          columns={columns}
          dataSource={rows}
          // The first page shows its spinner in the empty body, not as the table's loading overlay: the
          // overlay's blur class, taken off the whole table as the first rows arrive, makes the browser
          // restyle every cell once more (twice the style work of a 100-row mount; scripts/bench/render.mjs).
          // Later loads keep the rows shown under the overlay.
          loading={data ? loading : false}
          size={settings?.density ?? 'middle'}
          scroll={{ x: 'max-content' }}
          {...(list.batchActions?.length
            ? {
                rowSelection: {
                  selectedRowKeys: selected.map((r) => r.id),
                  onChange: (_keys: React.Key[], rowsChecked: BizRecord[]) => setSelected(rowsChecked),
                  getCheckboxProps: (record: BizRecord) =>
                    ({ 'aria-label': `选择 ${recordLabel(list)(record)}` }) as object,
                },
              }
            : {})}
          {...(list.expand
            ? {
                expandable: {
                  expandedRowRender: (record: BizRecord) => (
                    <ExpandedRow expand={list.expand!} record={record} />
                  ),
                },
              }
            : {})}
          {...(list.summary?.length && data?.summary
            ? {
                summary: () => (
                  <SummaryRow
                    columns={shown}
                    sums={data.summary ?? {}}
                    before={(list.batchActions?.length ? 1 : 0) + (list.expand ? 1 : 0)}
                    after={list.rowActions?.length ? 1 : 0}
                  />
                ),
              }
            : {})}
          onRow={(_, index) =>
            ({ 'data-testid': testIds.row(index ?? 0) }) as React.HTMLAttributes<HTMLElement>
          }
          onChange={onTableChange}
          locale={{
            // No empty-state picture while the first page is on its way: its spinner.
            emptyText: data ? (
              <Empty data-testid={testIds.empty} description={list.emptyText ?? '暂无数据'} />
            ) : (
              <Spin spinning={loading} />
            ),
          }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: data?.pagecond.count ?? 0,
            showSizeChanger: true,
            // An estimated total (over 10,000 matching records) is marked as such.
            showTotal: (total) => (data?.pagecond.estimated ? `共约 ${total} 条` : `共 ${total} 条`),
          }}
        />
      )}
      {runner.dialogs}
    </PageFrame>
  );
}

/** How a batch answer names a row: the title and value of the list's first column (its business number). */
function recordLabel(list: ListBody): (record: BizRecord) => string {
  const first = list.columns[0];
  return (record) => {
    const value = first ? readPath(record, first.field) : undefined;
    return first && value !== undefined && value !== null ? `${first.title} ${String(value)}` : record.id;
  };
}

/** The fields under an expanded row. */
function ExpandedRow({
  expand,
  record,
}: {
  expand: NonNullable<ListBody['expand']>;
  record: BizRecord;
}): React.JSX.Element {
  return (
    <Descriptions
      size="small"
      column={expand.columns ?? 3}
      items={expand.fields.map((field) => ({
        key: `${field.field}|${field.format ?? ''}`,
        label: field.title,
        span: field.span,
        children: (
          <span data-testid={testIds.detail('expand', field.field)}>
            {renderValue(readPath(record, field.field), field)}
          </span>
        ),
      }))}
    />
  );
}

/** The summary row: the server's sums of the whole query under their columns. */
function SummaryRow({
  columns,
  sums,
  before,
  after,
}: {
  columns: ListBody['columns'];
  sums: Record<string, string>;
  /** Columns ahead of the data columns (checkboxes, expand icons) and after them (actions). */
  before: number;
  after: number;
}): React.JSX.Element {
  return (
    <Table.Summary>
      <Table.Summary.Row data-testid={testIds.summaryRow}>
        {before ? <Table.Summary.Cell index={0} colSpan={before} /> : null}
        {columns.map((column, i) => {
          const sum = sums[column.field];
          return (
            <Table.Summary.Cell
              key={`${column.field}|${column.format ?? ''}`}
              index={before + i}
              align={sum !== undefined ? 'right' : undefined}
            >
              {sum !== undefined ? (
                <strong data-testid={testIds.summary(column.field)}>{renderValue(sum, column)}</strong>
              ) : i === 0 ? (
                <strong>合计</strong>
              ) : null}
            </Table.Summary.Cell>
          );
        })}
        {after ? <Table.Summary.Cell index={before + columns.length} colSpan={after} /> : null}
      </Table.Summary.Row>
    </Table.Summary>
  );
}
