import type { ChartDatum } from './chartData';

const W = 560;
const H = 260;
const PAD = { top: 24, right: 24, bottom: 48, left: 24 };

/** A line through the groups in order (months), with point labels, as plain SVG. */
export function LineChart({
  data,
  format,
}: {
  data: readonly ChartDatum[];
  format: (value: string) => string;
}): React.JSX.Element {
  const max = Math.max(0, ...data.map((d) => Number(d.value))) || 1;
  const step = data.length > 1 ? (W - PAD.left - PAD.right) / (data.length - 1) : 0;
  const height = H - PAD.top - PAD.bottom;
  const points = data.map((d, i) => ({
    d,
    x: data.length > 1 ? PAD.left + i * step : W / 2,
    y: H - PAD.bottom - (Math.max(0, Number(d.value)) / max) * height,
  }));
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label="折线图" className="chart chart-line">
      <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke="#d9d9d9" />
      <polyline
        fill="none"
        stroke="#1677ff"
        strokeWidth={2}
        points={points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}
      />
      {points.map(({ d, x, y }) => (
        <g key={d.key} data-key={d.key}>
          <circle cx={x} cy={y} r={3.5} fill="#1677ff">
            <title>{`${d.label}：${format(d.value)}`}</title>
          </circle>
          <text x={x} y={y - 8} textAnchor="middle" fontSize={11} fill="#595959">
            {format(d.value)}
          </text>
          <text x={x} y={H - PAD.bottom + 16} textAnchor="middle" fontSize={11} fill="#262626">
            {d.label}
          </text>
        </g>
      ))}
    </svg>
  );
}
