/**
 * A column's `progress` (types.ts ProgressCell): the cell's number out of the record's total as a bar
 * with `done/total` beside it, finished or failed by the record's status.
 */
import { Progress } from 'antd';
import type { BizRecord, ColumnSchema, ProgressCell as ProgressSpec } from '@renderer/core';
import { readPath } from './conditions';

const count = (value: unknown): number => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

/** The bar's state and percent (0-100) of `record` by `spec`, `done` read from `field`. */
export function progressOf(
  record: BizRecord,
  field: string,
  spec: ProgressSpec,
): { done: number; total: number; percent: number; status: 'success' | 'exception' | 'active' } {
  const done = count(readPath(record, field));
  const total = count(readPath(record, spec.total));
  const state = spec.status === undefined ? undefined : String(readPath(record, spec.status) ?? '');
  const status =
    state !== undefined && spec.success?.includes(state)
      ? 'success'
      : state !== undefined && spec.exception?.includes(state)
        ? 'exception'
        : 'active';
  const percent =
    status === 'success' ? 100 : total > 0 ? Math.min(100, Math.floor((done * 100) / total)) : 0;
  return { done, total, percent, status };
}

/** The progress bar of one row. */
export function ProgressCell({
  column,
  record,
}: {
  column: ColumnSchema & { progress: ProgressSpec };
  record: BizRecord;
}): React.JSX.Element {
  const { done, total, percent, status } = progressOf(record, column.field, column.progress);
  return (
    <Progress
      aria-label={`${column.title} ${done}/${total}`}
      percent={percent}
      size="small"
      status={status}
      format={() => `${done}/${total}`}
    />
  );
}
