/**
 * Aggregates as charts need them. Values stay decimal strings for every text shown (exact); only
 * the geometry (bar heights, angles) uses floating point, where rounding is invisible.
 */
import { sumMoney } from '@renderer/core';
import type { DictItem } from '@renderer/core';

/** One group of a chart. */
export interface ChartDatum {
  key: string;
  label: string;
  /** Exact value: a decimal string (sums) or an integer string (counts). */
  value: string;
  color?: string | undefined;
}

/** Tag colours of antd, as chart colours. */
const NAMED: Record<string, string> = {
  blue: '#1677ff',
  green: '#52c41a',
  red: '#ff4d4f',
  orange: '#fa8c16',
  gold: '#faad14',
  cyan: '#13c2c2',
  purple: '#722ed1',
  magenta: '#eb2f96',
  default: '#8c8c8c',
};

/** Colours for groups without a dictionary colour. */
export const PALETTE = [
  '#1677ff',
  '#52c41a',
  '#faad14',
  '#13c2c2',
  '#722ed1',
  '#eb2f96',
  '#fa8c16',
  '#2f54eb',
  '#a0d911',
  '#8c8c8c',
];

/** A normalised aggregate answer. */
export interface Aggregate {
  total: string;
  groups: ChartDatum[];
}

const text = (value: unknown): string =>
  value === undefined || value === null || value === '' ? '0' : String(value);

/**
 * Reads an aggregate answer: `{ total?, groups|list: [{ key|group, label|name?, value|sum|total, count }] }`
 * or a bare array of groups. For `count`, a group's `count` is its value.
 */
export function readAggregate(answer: unknown, measure: string, labels?: readonly DictItem[]): Aggregate {
  const body = (answer ?? {}) as Record<string, unknown>;
  const rows = Array.isArray(answer)
    ? answer
    : Array.isArray(body.groups)
      ? body.groups
      : Array.isArray(body.list)
        ? body.list
        : [];
  const groups = rows.map((row: unknown, i): ChartDatum => {
    const r = (row ?? {}) as Record<string, unknown>;
    const key = String(r.key ?? r.group ?? r.name ?? i);
    const item = labels?.find((l) => String(l.value) === key);
    const raw = measure === 'count' ? (r.count ?? r.value) : (r.value ?? r.sum ?? r.total ?? r[measure]);
    return {
      key,
      label: item?.label ?? String(r.label ?? r.name ?? key),
      value: text(raw),
      color: item?.color ? (NAMED[item.color] ?? item.color) : undefined,
    };
  });
  // Dictionary colours that repeat (two green states) would make a pie unreadable: use the palette then.
  const colors = groups.map((g) => g.color);
  if (new Set(colors).size !== colors.length) for (const group of groups) group.color = undefined;
  const total =
    body.total !== undefined && body.total !== null && measure !== 'count'
      ? text(body.total)
      : sum(
          groups.map((g) => g.value),
          measure,
        );
  return { total, groups };
}

/** Exact sum of values: money sums as decimals, counts as integers. */
export function sum(values: readonly string[], measure: string): string {
  if (measure === 'count') return String(values.reduce((n, v) => n + (Number.parseInt(v, 10) || 0), 0));
  return sumMoney(values.map((v) => (/^-?\d+(\.\d+)?$/.test(v) ? v : '0')));
}

/** The first `limit` groups, the rest summed into one '其他' group. */
export function limitGroups(groups: readonly ChartDatum[], limit: number, measure: string): ChartDatum[] {
  if (groups.length <= limit) return [...groups];
  const head = groups.slice(0, limit - 1);
  const rest = groups.slice(limit - 1);
  return [
    ...head,
    {
      key: '__other',
      label: '其他',
      value: sum(
        rest.map((g) => g.value),
        measure,
      ),
    },
  ];
}

/** The colour of group `i`. */
export function colorOf(datum: ChartDatum, i: number): string {
  return datum.color ?? PALETTE[i % PALETTE.length] ?? '#1677ff';
}
