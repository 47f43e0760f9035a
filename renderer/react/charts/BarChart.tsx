import type { ChartDatum } from './chartData';

const W = 560;
const H = 260;
const PAD = { top: 24, right: 16, bottom: 48, left: 16 };

/** Vertical bars with value labels, as plain SVG (one colour: a bar's dictionary colour, else blue). */
export function BarChart({
  data,
  format,
}: {
  data: readonly ChartDatum[];
  format: (value: string) => string;
}): React.JSX.Element {
  const max = Math.max(0, ...data.map((d) => Number(d.value))) || 1;
  const slot = (W - PAD.left - PAD.right) / Math.max(1, data.length);
  const bar = Math.min(48, slot * 0.6);
  const height = H - PAD.top - PAD.bottom;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label="柱状图" className="chart chart-bar">
      <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke="#d9d9d9" />
      {data.map((d, i) => {
        const h = (Math.max(0, Number(d.value)) / max) * height;
        const x = PAD.left + i * slot + (slot - bar) / 2;
        const y = H - PAD.bottom - h;
        return (
          <g key={d.key} data-key={d.key}>
            <rect x={x} y={y} width={bar} height={h} fill={d.color ?? '#1677ff'} rx={2}>
              <title>{`${d.label}：${format(d.value)}`}</title>
            </rect>
            <text x={x + bar / 2} y={y - 6} textAnchor="middle" fontSize={11} fill="#595959">
              {format(d.value)}
            </text>
            <text x={x + bar / 2} y={H - PAD.bottom + 16} textAnchor="middle" fontSize={11} fill="#262626">
              {d.label.length > 8 ? `${d.label.slice(0, 7)}…` : d.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
