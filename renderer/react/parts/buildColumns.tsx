/**
 * antd Table columns from schema columns: formatted cells, dictionary tags, link cells, server-side
 * sort, and the test ids of headers and cells.
 */
import type { TableColumnType } from 'antd';
import type { BizRecord, ColumnSchema, FunctionRegistry } from '@renderer/core';
import { testIds } from '@renderer/react/testIds';
import { evaluateCondition, readPath } from './conditions';
import type { ConditionScope } from './conditions';
import { ProgressCell } from './ProgressCell';
import { formatOf, isNumeric, renderValue } from './renderValue';

/** Options of {@link buildColumns}. */
export interface BuildColumnsOptions {
  scope: ConditionScope;
  functions: FunctionRegistry;
  /** The current server sort. */
  sort?: { field: string; order: 'asc' | 'desc' } | undefined;
  /** Runs a link cell's action. */
  onLink?: (column: ColumnSchema, record: BizRecord) => void;
}

/** The antd columns of `columns` (columns whose `visible` is false left out). */
export function buildColumns(
  columns: readonly ColumnSchema[],
  options: BuildColumnsOptions,
): TableColumnType<BizRecord>[] {
  return columns
    .filter((column) => evaluateCondition(column.visible, options.scope, options.functions))
    .map((column) => {
      const format = formatOf(column);
      // antd asks for header and cell props per cell: hand it the same objects every time.
      const headerProps = {
        'data-testid': testIds.column(column.field),
      } as React.HTMLAttributes<HTMLElement>;
      const cellProps = { 'data-testid': testIds.cell(column.field) } as React.HTMLAttributes<HTMLElement>;
      const sortOrder =
        options.sort?.field === column.field ? (options.sort.order === 'asc' ? 'ascend' : 'descend') : null;
      return {
        key: `${column.field}|${column.format ?? ''}`,
        title: column.title,
        dataIndex: column.field.split('.'),
        width: column.width,
        fixed: column.fixed,
        ellipsis: column.ellipsis,
        align: column.align ?? (isNumeric(format) ? 'right' : undefined),
        ...(column.sortable
          ? { sorter: true, sortOrder, sortDirections: ['ascend' as const, 'descend' as const] }
          : {}),
        onHeaderCell: () => headerProps,
        onCell: () => cellProps,
        render: (_: unknown, record: BizRecord) => {
          const content = column.progress ? (
            <ProgressCell column={{ ...column, progress: column.progress }} record={record} />
          ) : (
            renderValue(readPath(record, column.field), column)
          );
          if (!column.link || !options.onLink) return content;
          const link = column.link;
          return (
            <a
              onClick={(e) => {
                e.preventDefault();
                options.onLink?.({ ...column, link }, record);
              }}
              href="#"
            >
              {content}
            </a>
          );
        },
      };
    });
}
