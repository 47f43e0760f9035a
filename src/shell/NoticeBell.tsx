import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, List, Popover } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { call, type PageResult } from '@/api';
import { decideAccess } from '@/router/access';
import { useSession } from '@/session/SessionContext';
import { announceMessagesChanged, MESSAGES_CHANGED } from './messageEvents';
import { API } from '@contract/api';

interface Message {
  id: string;
  title: string;
  content: string;
  createdAt: string;
  /** The screen the message is about. */
  link?: string | null;
}

const REFRESH_MS = 60_000;
/** The in-site mail list (my/message/message-query). */
const MESSAGE_LIST = '/my/message/message-query';

/** The notice bell: a dot when the messages count (data.pagecond.count) of unread mail is above zero. */
export function NoticeBell({ color }: { color: string }): React.JSX.Element {
  const [unread, setUnread] = useState<PageResult<Message> | null>(null);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { permitted } = useSession();
  const canOpen = (link: string | null | undefined): link is string =>
    !!link && decideAccess(link.split('?')[0]!, true, permitted) === 'allow';
  const refresh = useCallback(() => {
    call<PageResult<Message>>(API.messages, { query: { status: 'UNREAD', size: 5 } })
      .then(setUnread)
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    refresh();
    const timer = window.setInterval(refresh, REFRESH_MS);
    window.addEventListener(MESSAGES_CHANGED, refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener(MESSAGES_CHANGED, refresh);
    };
  }, [refresh]);
  const count = unread?.pagecond.count ?? 0;
  const content = (
    <List
      size="small"
      style={{ width: 320 }}
      locale={{ emptyText: '暂无未读消息' }}
      dataSource={unread?.list ?? []}
      renderItem={(m) => (
        <List.Item data-testid="notice-item">
          <List.Item.Meta
            title={
              canOpen(m.link) ? (
                <a
                  href={`/cv3${m.link}`}
                  onClick={(e) => {
                    e.preventDefault();
                    setOpen(false);
                    // Opened to act on it: read, as 去处理 in the message list does.
                    void call(API.messagesRead, { body: { ids: [m.id] } })
                      .then(announceMessagesChanged)
                      .catch(() => undefined);
                    navigate(m.link!);
                  }}
                >
                  {m.title}
                </a>
              ) : (
                m.title
              )
            }
            description={`${m.content}（${m.createdAt}）`}
          />
        </List.Item>
      )}
    />
  );
  return (
    <Popover
      content={content}
      title={
        <span style={{ display: 'flex', justifyContent: 'space-between' }}>
          <span>{`未读消息（${count}）`}</span>
          {canOpen(MESSAGE_LIST) && (
            <a
              href={`/cv3${MESSAGE_LIST}`}
              data-testid="notice-all"
              onClick={(e) => {
                e.preventDefault();
                setOpen(false);
                navigate(MESSAGE_LIST);
              }}
            >
              查看全部
            </a>
          )}
        </span>
      }
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
    >
      {/* data-unread only once the first answer is in: a test reading it never reads a count not yet asked. */}
      <Button
        type="text"
        aria-label="消息"
        data-testid="notice-bell"
        data-unread={unread ? count : undefined}
      >
        <Badge dot={count > 0} data-testid={count > 0 ? 'notice-dot' : undefined}>
          <BellOutlined style={{ color, fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
