import type { ChartDatum } from './chartData';
import { colorOf } from './chartData';

const R = 90;
const C = 110;

function arc(start: number, end: number): string {
  const large = end - start > Math.PI ? 1 : 0;
  const x1 = C + R * Math.sin(start);
  const y1 = C - R * Math.cos(start);
  const x2 = C + R * Math.sin(end);
  const y2 = C - R * Math.cos(end);
  return `M ${C} ${C} L ${x1.toFixed(2)} ${y1.toFixed(2)} A ${R} ${R} 0 ${large} 1 ${x2.toFixed(2)} ${y2.toFixed(2)} Z`;
}

/** Shares of the total, with a legend of exact values, as plain SVG. */
export function PieChart({
  data,
  format,
}: {
  data: readonly ChartDatum[];
  format: (value: string) => string;
}): React.JSX.Element {
  const values = data.map((d) => Math.max(0, Number(d.value)));
  const total = values.reduce((a, b) => a + b, 0);
  let angle = 0;
  return (
    <svg viewBox="0 0 560 220" width="100%" role="img" aria-label="饼图" className="chart chart-pie">
      {total === 0 ? <circle cx={C} cy={C} r={R} fill="#f0f0f0" /> : null}
      {data.map((d, i) => {
        const share = total === 0 ? 0 : (values[i] ?? 0) / total;
        const start = angle;
        angle += share * Math.PI * 2;
        if (share === 0) return null;
        return share >= 0.9999 ? (
          <circle key={d.key} cx={C} cy={C} r={R} fill={colorOf(d, i)} />
        ) : (
          <path key={d.key} d={arc(start, angle)} fill={colorOf(d, i)} stroke="#fff" strokeWidth={1}>
            <title>{`${d.label}：${format(d.value)}`}</title>
          </path>
        );
      })}
      {data.map((d, i) => (
        <g key={`legend-${d.key}`} data-key={d.key} transform={`translate(250, ${20 + i * 22})`}>
          <rect width={12} height={12} fill={colorOf(d, i)} rx={2} />
          <text x={18} y={11} fontSize={12} fill="#262626">
            {`${d.label}  ${format(d.value)}  ${total === 0 ? '0.0' : (((values[i] ?? 0) / total) * 100).toFixed(1)}%`}
          </text>
        </g>
      ))}
    </svg>
  );
}
