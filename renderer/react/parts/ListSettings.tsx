/**
 * The settings panel of a list (its own chunk): columns shown, their order and fixing, and the
 * density; the state and its saving are in `listSettingsState.ts`.
 */
import { Button, Checkbox, Popover, Segmented, Select, Space } from 'antd';
import type { ListColumnSetting, ListDensity, ListSettings } from '@renderer/core';
import { testIds } from '@renderer/react/testIds';
import type { arrangeColumns } from './listSettingsState';

const DENSITIES: Array<{ value: ListDensity; label: string }> = [
  { value: 'large', label: '宽松' },
  { value: 'middle', label: '中等' },
  { value: 'small', label: '紧凑' },
];

const FIXED_OPTIONS = [
  { value: 'none', label: '不固定' },
  { value: 'left', label: '固定在左侧' },
  { value: 'right', label: '固定在右侧' },
];

/** The settings button of a list: a panel of its columns and the density switch. */
export function ListSettingsButton({
  columns,
  settings,
  density,
  onChange,
}: {
  columns: ReturnType<typeof arrangeColumns>;
  settings: ListSettings | null;
  density: ListDensity;
  onChange: (next: ListSettings) => void;
}): React.JSX.Element {
  const current: ListColumnSetting[] = columns.map((c) => ({
    field: c.field,
    ...(c.hidden ? { hidden: true } : {}),
    ...(c.fixed ? { fixed: c.fixed } : {}),
  }));
  const change = (next: ListColumnSetting[]): void => onChange({ ...settings, columns: next });
  const update = (field: string, patch: Partial<ListColumnSetting>): void =>
    change(
      current.map((c) => {
        if (c.field !== field) return c;
        const merged = { ...c, ...patch };
        if (!merged.hidden) delete merged.hidden;
        if (!merged.fixed) delete merged.fixed;
        return merged;
      }),
    );
  const move = (index: number, by: -1 | 1): void => {
    const next = [...current];
    const [item] = next.splice(index, 1);
    if (!item) return;
    next.splice(index + by, 0, item);
    change(next);
  };
  const shown = columns.filter((c) => !c.hidden).length;
  const panel = (
    <div style={{ minWidth: 360 }}>
      <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {columns.map((column, i) => (
          <li
            key={column.field}
            data-testid={`column-setting-${column.field}`}
            style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 0' }}
          >
            <Checkbox
              checked={!column.hidden}
              // The last shown column stays: a table needs one.
              disabled={!column.hidden && shown === 1}
              onChange={(e) => update(column.field, { hidden: !e.target.checked })}
              style={{ flex: 1 }}
            >
              {column.title}
            </Checkbox>
            <Button
              size="small"
              aria-label={`上移${column.title}`}
              disabled={i === 0}
              onClick={() => move(i, -1)}
            >
              上移
            </Button>
            <Button
              size="small"
              aria-label={`下移${column.title}`}
              disabled={i === columns.length - 1}
              onClick={() => move(i, 1)}
            >
              下移
            </Button>
            <Select
              size="small"
              aria-label={`${column.title}固定方式`}
              value={column.fixed ?? 'none'}
              options={FIXED_OPTIONS}
              style={{ width: 112 }}
              onChange={(value: string) =>
                update(column.field, value === 'none' ? { fixed: undefined } : { fixed: value as 'left' })
              }
            />
          </li>
        ))}
      </ul>
      <div style={{ marginTop: 8, textAlign: 'right' }}>
        <Button size="small" onClick={() => onChange({ ...(settings?.density ? { density } : {}) })}>
          恢复默认
        </Button>
      </div>
    </div>
  );
  return (
    <Space>
      <Segmented
        data-testid={testIds.listDensity}
        size="small"
        value={density}
        options={DENSITIES}
        onChange={(value) => onChange({ ...settings, density: value as ListDensity })}
      />
      <Popover trigger="click" placement="bottomRight" title="列设置" content={panel}>
        <Button data-testid={testIds.listSettings}>列设置</Button>
      </Popover>
    </Space>
  );
}
