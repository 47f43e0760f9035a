/**
 * The `statistics` page: summary figures and charts from the server's aggregates
 * (`GET .../aggregates?groupBy=<name>&measure=<field>&<filters>`), drawn with ECharts (a chunk loaded
 * when a chart is shown; tooltips, legends) over a visually hidden table of the same exact values for
 * screen readers, with an optional filter form sent with every request.
 */
import { Card, Col, Empty, Row, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { aggregatePath } from '@renderer/core';
import type { ChartSchema, DisplayFormat, FigureSchema, StatisticsPageSchema } from '@renderer/core';
import { limitGroups, readAggregate } from '@renderer/react/charts/chartData';
import type { ChartDatum } from '@renderer/react/charts/chartData';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { errorMessage } from '@renderer/react/context/services';
import { Note } from '@renderer/react/parts/Note';
import { PageFrame, Pending } from '@renderer/react/parts/PageFrame';
import { toQueryParams } from '@renderer/react/parts/queryParams';
import { formatText } from '@renderer/react/parts/renderValue';
import { useLoad } from '@renderer/react/parts/useLoad';
import { loadChart, loadQueryForm } from '@renderer/react/lazyModules';
import { testIds } from '@renderer/react/testIds';

const QueryForm = lazy(() => loadQueryForm().then((m) => ({ default: m.QueryForm })));
const EChart = lazy(loadChart);

/** Hidden from sight, not from screen readers. */
const VISUALLY_HIDDEN: React.CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/** The chart's values as a table (what the chart shows, exactly, for screen readers and tests). */
function ChartTable({
  title,
  data,
  format,
}: {
  title: string;
  data: readonly ChartDatum[];
  format: (value: string) => string;
}): React.JSX.Element {
  return (
    <table className="chart-data" style={VISUALLY_HIDDEN}>
      <caption>{title}</caption>
      <tbody>
        {data.map((d) => (
          <tr key={d.key} data-key={d.key}>
            <th scope="row">{d.label}</th>
            <td>{format(d.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
import type { PageProps } from './ListPage';

/** The format of a measure's values: money for sums, counts as numbers. */
function formatFor(measure: string, format: DisplayFormat | undefined): DisplayFormat {
  return format ?? (measure === 'count' ? 'count' : 'money');
}

/** Loads one aggregate. */
function useAggregate(
  model: string,
  spec: { groupBy?: string | undefined; measure: string; params?: Record<string, unknown> | undefined },
  filters: Record<string, unknown>,
) {
  const { request } = useRenderer();
  const params: Record<string, unknown> = {
    ...spec.params,
    ...filters,
    ...(spec.groupBy ? { groupBy: spec.groupBy } : {}),
    ...(spec.measure !== 'count' ? { measure: spec.measure } : {}),
  };
  return useLoad<unknown>(
    JSON.stringify([model, params]),
    (signal) => request<unknown>({ method: 'GET', url: aggregatePath(model), params, signal }),
    true,
  );
}

function Figure({
  model,
  figure,
  filters,
}: {
  model: string;
  figure: FigureSchema;
  filters: Record<string, unknown>;
}): React.JSX.Element {
  const { data, error, loading } = useAggregate(model, figure, filters);
  const format = formatFor(figure.measure, figure.format);
  const value = data === undefined ? undefined : readAggregate(data, figure.measure).total;
  return (
    <Card size="small" data-testid={testIds.figure(figure.key)}>
      <Note type="secondary">{figure.title}</Note>
      <div style={{ fontSize: 24, fontWeight: 600, marginTop: 4 }}>
        {error ? (
          <Note type="danger" style={{ fontSize: 14 }}>
            {errorMessage(error)}
          </Note>
        ) : loading && value === undefined ? (
          <Spin size="small" />
        ) : (
          <>
            <span className="figure-value">{formatText(value, format)}</span>
            {figure.suffix ? <span style={{ fontSize: 14, marginLeft: 4 }}>{figure.suffix}</span> : null}
          </>
        )}
      </div>
    </Card>
  );
}

function Chart({
  model,
  chart,
  filters,
}: {
  model: string;
  chart: ChartSchema;
  filters: Record<string, unknown>;
}): React.JSX.Element {
  const { data, error, loading } = useAggregate(model, chart, filters);
  const format = (value: string): string => formatText(value, formatFor(chart.measure, chart.format));
  const groups =
    data === undefined
      ? []
      : limitGroups(readAggregate(data, chart.measure, chart.enum).groups, chart.limit ?? 12, chart.measure);
  let body: React.ReactNode;
  if (error) body = <Note type="danger">{errorMessage(error)}</Note>;
  else if (loading && data === undefined) body = <Spin />;
  else if (groups.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;
  else
    body = (
      <div style={{ position: 'relative' }}>
        <ChartTable title={chart.title} data={groups} format={format} />
        <Suspense fallback={<Pending height={280} />}>
          <EChart type={chart.type} data={groups} format={format} name={chart.title} />
        </Suspense>
      </div>
    );
  return (
    <Card size="small" title={chart.title} data-testid={testIds.chart(chart.key)} style={{ height: '100%' }}>
      {body}
    </Card>
  );
}

/** A statistics page. */
export function StatisticsPage({ schema, query }: PageProps<StatisticsPageSchema>): React.JSX.Element {
  const { statistics } = schema;
  const model = schema.model ?? '';
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const figures = statistics.figures ?? [];
  return (
    <PageFrame kind="statistics" title={schema.route.title}>
      {statistics.filters && Object.keys(statistics.filters).length > 0 ? (
        <div style={{ marginBottom: 16 }}>
          <Suspense fallback={<Pending height={40} />}>
            <QueryForm
              properties={statistics.filters}
              query={query}
              scope="filter"
              onSearch={(values) => setFilters(toQueryParams(values, statistics.filters))}
            />
          </Suspense>
        </div>
      ) : null}
      {figures.length ? (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          {figures.map((figure) => (
            <Col key={figure.key} xs={24} sm={12} lg={Math.max(6, Math.floor(24 / figures.length))}>
              <Figure model={model} figure={figure} filters={filters} />
            </Col>
          ))}
        </Row>
      ) : null}
      <Row gutter={[16, 16]}>
        {(statistics.charts ?? []).map((chart) => (
          <Col key={chart.key} xs={24} xl={12}>
            <Chart model={model} chart={chart} filters={filters} />
          </Col>
        ))}
      </Row>
    </PageFrame>
  );
}
