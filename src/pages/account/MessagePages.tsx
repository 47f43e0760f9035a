import { App, Button, Card, Form, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { call, ApiRequestError, NETWORK_ERROR_MESSAGE, type PageResult } from '@/api';
import { announceMessagesChanged } from '@/shell/messageEvents';
import { API } from '@contract/api';
import type { Endpoint } from '@contract/api';

type ReadState = 'UNREAD' | 'READ';

interface MailItem {
  id: string;
  messageType: string;
  title: string;
  content: string;
  messageState: ReadState;
  link: string | null;
  createdAt: string;
  /** A to-do whose record has moved on (server/models/handovers.ts closeHandovers): when and by whom. */
  handledAt?: string | null;
  handledBy?: string | null;
}

interface SmsItem {
  id: string;
  mobile: string;
  content: string;
  sendStatus: 'SENT' | 'FAILED';
  readState: ReadState;
  createdAt: string;
}

const MESSAGE_TYPES: Record<string, string> = { SYSTEM: '系统通知', BUSINESS: '业务提醒' };
const stateTag = (s: ReadState) =>
  s === 'UNREAD' ? <Tag color="red">未读</Tag> : <Tag color="default">已读</Tag>;
const errorText = (e: unknown): string => (e instanceof ApiRequestError ? e.message : NETWORK_ERROR_MESSAGE);

interface ListSpec<T> {
  title: string;
  list: Endpoint;
  read: Endpoint;
  stateParam: string;
  testId: string;
  columns: (
    markRead: (ids: string[]) => void,
  ) => NonNullable<React.ComponentProps<typeof Table<T>>['columns']>;
  isUnread: (row: T) => boolean;
  /** In-site mail drives the bell. */
  announces: boolean;
}

/** A paged message list with a read-state filter, row and batch 标记已读, and 全部已读. */
function MessageList<T extends { id: string }>({ spec }: { spec: ListSpec<T> }): React.JSX.Element {
  const { message } = App.useApp();
  const [state, setState] = useState<ReadState | undefined>();
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const [data, setData] = useState<PageResult<T> | null>(null);
  const [selected, setSelected] = useState<string[]>([]);

  const load = useCallback(() => {
    setData(null);
    call<PageResult<T>>(spec.list, { query: { ...paging, ...(state ? { [spec.stateParam]: state } : {}) } })
      .then(setData)
      .catch(() => setData({ list: [], pagecond: { count: 0, ...paging } }));
  }, [paging, state, spec.list, spec.stateParam]);
  useEffect(load, [load]);

  const markRead = useCallback(
    (body: { ids: string[] } | { all: true }) => {
      call<{ updated: number }>(spec.read, { body })
        .then((r) => {
          void message.success(r.updated > 0 ? `已标记${r.updated}条为已读` : '没有需要标记的未读消息');
          setSelected([]);
          if (spec.announces) announceMessagesChanged();
          load();
        })
        .catch((e: unknown) => void message.error(errorText(e)));
    },
    [spec.read, spec.announces, message, load],
  );

  return (
    <Card title={spec.title}>
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label="状态">
          <Select<ReadState>
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            value={state}
            data-testid={`${spec.testId}-state`}
            onChange={(v) => {
              setState(v);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            options={[
              { value: 'UNREAD', label: '未读' },
              { value: 'READ', label: '已读' },
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button disabled={selected.length === 0} onClick={() => markRead({ ids: selected })}>
              标记已读
            </Button>
            <Button data-testid={`${spec.testId}-read-all`} onClick={() => markRead({ all: true })}>
              全部标记已读
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<T>
        rowKey="id"
        data-testid={spec.testId}
        loading={data === null}
        dataSource={data?.list ?? []}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (row) => ({ disabled: !spec.isUnread(row) }),
        }}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: data?.pagecond.count ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (page, size) => setPaging({ page, size }),
        }}
        columns={spec.columns((ids) => markRead({ ids }))}
      />
    </Card>
  );
}

const readLink = (onClick: () => void, testId: string) => (
  <Typography.Link data-testid={testId} onClick={onClick}>
    标记已读
  </Typography.Link>
);

function useMailSpec(): ListSpec<MailItem> {
  const navigate = useNavigate();
  return {
    title: '站内信',
    list: API.messages,
    read: API.messagesRead,
    stateParam: 'messageState',
    testId: 'mail-table',
    announces: true,
    isUnread: (m) => m.messageState === 'UNREAD',
    columns: (markRead) => [
      { title: '标题', dataIndex: 'title', width: 180 },
      { title: '内容', dataIndex: 'content' },
      { title: '类型', dataIndex: 'messageType', width: 100, render: (t: string) => MESSAGE_TYPES[t] ?? t },
      { title: '时间', dataIndex: 'createdAt', width: 170 },
      {
        title: '状态',
        dataIndex: 'messageState',
        width: 80,
        render: (s: ReadState, m: MailItem) =>
          m.handledAt ? (
            <Tag
              color="green"
              title={`${m.handledBy ?? ''} ${m.handledAt}`}
              data-testid={`mail-handled-${m.id}`}
            >
              已处理
            </Tag>
          ) : (
            stateTag(s)
          ),
      },
      {
        title: '操作',
        key: 'actions',
        width: 150,
        render: (_: unknown, m: MailItem) => (
          <Space>
            {m.handledAt && (
              <Typography.Text type="secondary">{`已由${m.handledBy ?? '他人'}处理`}</Typography.Text>
            )}
            {m.messageState === 'UNREAD' && readLink(() => markRead([m.id]), `mail-read-${m.id}`)}
            {m.link && !m.handledAt && (
              <Typography.Link
                onClick={() => {
                  if (m.messageState === 'UNREAD') markRead([m.id]);
                  navigate(m.link!);
                }}
              >
                去处理
              </Typography.Link>
            )}
          </Space>
        ),
      },
    ],
  };
}

const SMS_SPEC: ListSpec<SmsItem> = {
  title: '短信',
  list: API.smsMessages,
  read: API.smsRead,
  stateParam: 'readState',
  testId: 'sms-table',
  announces: false,
  isUnread: (m) => m.readState === 'UNREAD',
  columns: (markRead) => [
    { title: '短信内容', dataIndex: 'content' },
    { title: '接收手机号', dataIndex: 'mobile', width: 130 },
    {
      title: '发送状态',
      dataIndex: 'sendStatus',
      width: 100,
      render: (s: SmsItem['sendStatus']) =>
        s === 'SENT' ? <Tag color="green">发送成功</Tag> : <Tag color="orange">发送失败</Tag>,
    },
    { title: '发送时间', dataIndex: 'createdAt', width: 170 },
    { title: '状态', dataIndex: 'readState', width: 80, render: stateTag },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_: unknown, m: SmsItem) =>
        m.readState === 'UNREAD' ? readLink(() => markRead([m.id]), `sms-read-${m.id}`) : null,
    },
  ],
};

/** my/message/message-query: in-site mail (站内信). */
export function MessageQueryPage(): React.JSX.Element {
  return <MessageList spec={useMailSpec()} />;
}

/** my/message/text-message: SMS sent to the user's mobile (短信). */
export function TextMessagePage(): React.JSX.Element {
  return <MessageList spec={SMS_SPEC} />;
}

/** my/message/index: the message centre, in-site mail and SMS side by side as tabs. */
export function MessageIndexPage(): React.JSX.Element {
  const mail = useMailSpec();
  return (
    <Tabs
      items={[
        { key: 'mail', label: '站内信', children: <MessageList spec={mail} /> },
        { key: 'sms', label: '短信', children: <MessageList spec={SMS_SPEC} /> },
      ]}
    />
  );
}
