/**
 * The operation log of a record (`audit`: who, when, from which state to which, why), with state
 * labels from the page's status dictionary when it has one.
 */
import { Card, Table } from 'antd';
import type { AuditEntry, DictItem } from '@renderer/core';
import { DictTag, formatText } from './renderValue';

/** The operation log. */
export function AuditLog({
  entries,
  title = '操作记录',
  states,
}: {
  entries: readonly AuditEntry[];
  title?: string;
  states?: readonly DictItem[];
}): React.JSX.Element {
  const state = (value: unknown): React.ReactNode =>
    value === null || value === undefined || value === '' ? '——' : <DictTag items={states} value={value} />;
  return (
    <Card size="small" title={title} data-testid="audit-log" style={{ marginBottom: 16 }}>
      <Table<AuditEntry>
        size="small"
        rowKey={(entry) => `${entry.at}|${entry.action}|${entry.userName ?? ''}`}
        pagination={false}
        dataSource={[...entries]}
        locale={{ emptyText: '暂无操作记录' }}
        columns={[
          { key: 'at', title: '时间', render: (_, e) => formatText(e.at, 'datetime'), width: 180 },
          { key: 'action', title: '操作', render: (_, e) => String(e.actionTitle ?? e.title ?? e.action) },
          { key: 'from', title: '原状态', render: (_, e) => state(e.from) },
          { key: 'to', title: '新状态', render: (_, e) => state(e.to) },
          { key: 'user', title: '操作人', render: (_, e) => formatText(e.personName ?? e.userName, 'text') },
          { key: 'reason', title: '原因/意见', render: (_, e) => formatText(e.reason, 'text') },
        ]}
      />
    </Card>
  );
}
