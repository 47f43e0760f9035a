/** The bench's baseline: the same form and list written by hand with antd Form and Table. */
import { Button, DatePicker, Form, Input, InputNumber, Select, Table, Tag } from 'antd';
import type { TableColumnType } from 'antd';
import { benchFields, benchRows, LIST_COLUMNS, SELECT_OPTIONS } from './benchData';

const group = (v: string): string => {
  const [int = '0', frac = '00'] = v.split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac.padEnd(2, '0').slice(0, 2)}`;
};

/** A hand-written antd form of `n` fields. */
export function antdForm(n: number): React.JSX.Element {
  const fields = benchFields(n);
  return (
    <Form layout="horizontal" labelCol={{ flex: '140px' }}>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 24 }}>
        {fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.title}
            rules={[{ required: true, message: '该字段是必填字段' }]}
          >
            {f.kind === 'input' ? (
              <Input />
            ) : f.kind === 'number' ? (
              <InputNumber style={{ width: '100%' }} />
            ) : f.kind === 'select' ? (
              <Select options={SELECT_OPTIONS} />
            ) : (
              <DatePicker style={{ width: '100%' }} />
            )}
          </Form.Item>
        ))}
      </div>
      <Button type="primary" htmlType="submit" data-testid="antd-submit">
        提交
      </Button>
    </Form>
  );
}

/** A hand-written antd table of `r` rows. */
export function antdList(r: number): React.JSX.Element {
  const rows = benchRows(r);
  const columns: TableColumnType<Record<string, string>>[] = LIST_COLUMNS.map((c) => ({
    key: c.field,
    title: c.title,
    dataIndex: c.field,
    align: 'format' in c && c.format === 'money' ? 'right' : undefined,
    render: (value: string) =>
      'enum' in c ? (
        <Tag color={c.enum.find((e) => e.value === value)?.color}>
          {c.enum.find((e) => e.value === value)?.label}
        </Tag>
      ) : 'format' in c && c.format === 'money' ? (
        group(value)
      ) : (
        value
      ),
  }));
  columns.push({
    key: 'ops',
    title: '操作',
    render: () => (
      <Button type="link" size="small">
        详情
      </Button>
    ),
  });
  return (
    <Table
      rowKey="id"
      columns={columns}
      dataSource={rows}
      pagination={{ pageSize: r }}
      size="middle"
      scroll={{ x: 'max-content' }}
    />
  );
}
