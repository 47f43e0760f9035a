/**
 * Bar, line and pie charts on ECharts (tree-shaken through `echarts/core`: three chart types, grid,
 * tooltip, legend, aria and the SVG renderer; no `eval`, so it runs under the portal's CSP). This
 * module is its own chunk: a statistics page loads it when it has a chart to draw.
 *
 * Values stay decimal strings for every text shown (tooltips and labels format the exact string);
 * only the geometry reads them as numbers. Text colours keep ≥ 4.5:1 contrast on white.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { colorOf } from './chartData';
import type { ChartDatum } from './chartData';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  AriaComponent,
  SVGRenderer,
]);

/** Text on white: #262626 (15:1) for labels, #595959 (7:1) for axes. */
const TEXT = '#262626';
const AXIS_TEXT = '#595959';
const HEIGHT = 280;

export interface EChartProps {
  type: 'bar' | 'line' | 'pie';
  data: readonly ChartDatum[];
  /** Formats an exact value for tooltips and labels. */
  format: (value: string) => string;
  /** Name of the measure in tooltips and the legend (the chart's title). */
  name: string;
}

/** The ECharts option of a chart. */
export function chartOption({ type, data, format, name }: EChartProps): echarts.EChartsCoreOption {
  const byIndex = (i: number): ChartDatum | undefined => data[i];
  const tooltip = {
    trigger: type === 'pie' ? 'item' : 'axis',
    confine: true,
    textStyle: { color: TEXT },
    formatter: (params: unknown) => {
      const p = (Array.isArray(params) ? params[0] : params) as { dataIndex: number };
      const d = byIndex(p.dataIndex);
      return d ? `${escapeHtml(d.label)}：${escapeHtml(format(d.value))}` : '';
    },
  };
  const base = {
    aria: { enabled: true },
    animation: false,
    textStyle: { color: TEXT, fontFamily: 'inherit' },
    tooltip,
  };
  if (type === 'pie') {
    return {
      ...base,
      legend: { type: 'scroll', bottom: 0, textStyle: { color: TEXT } },
      series: [
        {
          type: 'pie',
          name,
          radius: ['35%', '65%'],
          center: ['50%', '45%'],
          label: { color: TEXT, formatter: (p: { dataIndex: number }) => byIndex(p.dataIndex)?.label ?? '' },
          data: data.map((d, i) => ({
            name: d.label,
            value: Number(d.value),
            itemStyle: { color: colorOf(d, i) },
          })),
        },
      ],
    };
  }
  return {
    ...base,
    legend: { bottom: 0, data: [name], textStyle: { color: TEXT } },
    grid: { left: 16, right: 16, top: 32, bottom: 56, containLabel: true },
    xAxis: {
      type: 'category',
      data: data.map((d) => d.label),
      axisLabel: { color: AXIS_TEXT, interval: 0, width: 80, overflow: 'truncate' },
    },
    yAxis: { type: 'value', axisLabel: { color: AXIS_TEXT } },
    series: [
      {
        type,
        name,
        data: data.map((d) => ({
          value: Number(d.value),
          ...(type === 'bar' ? { itemStyle: { color: colorOf(d, 0) } } : {}),
        })),
        label: {
          show: data.length <= 12,
          position: 'top',
          color: AXIS_TEXT,
          formatter: (p: { dataIndex: number }) => format(byIndex(p.dataIndex)?.value ?? '0'),
        },
        ...(type === 'line' ? { smooth: false, symbolSize: 6 } : { barMaxWidth: 48 }),
      },
    ],
  };
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One chart, sized to its container's width and redrawn on resize. */
export default function EChart(props: EChartProps): React.JSX.Element {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!host.current) return;
    const instance = echarts.init(host.current, null, { renderer: 'svg', height: HEIGHT });
    chart.current = instance;
    const observer =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(host.current);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  const { type, data, format, name } = props;
  useEffect(() => {
    chart.current?.setOption(chartOption({ type, data, format, name }), { notMerge: true });
  }, [type, data, format, name]);
  return <div ref={host} className={`chart chart-${props.type}`} style={{ width: '100%', height: HEIGHT }} />;
}
