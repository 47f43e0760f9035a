import { Button, Input, List } from 'antd';
import { useState } from 'react';
import { useSession } from '@/session/SessionContext';

interface Line {
  from: 'user' | 'service';
  text: string;
}

/** The customer-service chat window (opened 900×700 from the shell's button). */
export function ChatPage(): React.JSX.Element {
  const { security } = useSession();
  const [lines, setLines] = useState<Line[]>([
    { from: 'service', text: `${security.user3.personName}您好，欢迎咨询平台在线客服，请问有什么可以帮您？` },
  ]);
  const [draft, setDraft] = useState('');
  const send = (): void => {
    const text = draft.trim();
    if (!text) return;
    setLines((l) => [
      ...l,
      { from: 'user', text },
      { from: 'service', text: '已收到您的问题，客服人员将尽快为您解答。' },
    ]);
    setDraft('');
  };
  return (
    <div data-testid="chat-page" style={{ maxWidth: 860, margin: '0 auto', padding: 16 }}>
      <h2 style={{ fontSize: 18, margin: '0 0 12px' }}>在线客服</h2>
      <List
        bordered
        dataSource={lines}
        style={{ height: 440, overflow: 'auto', background: '#fff' }}
        renderItem={(l) => (
          <List.Item style={{ justifyContent: l.from === 'user' ? 'flex-end' : 'flex-start' }}>
            {l.text}
          </List.Item>
        )}
      />
      <div style={{ display: 'flex', gap: 8, marginTop: 12 }}>
        <Input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={send}
          placeholder="请输入您的问题"
          maxLength={500}
        />
        <Button type="primary" onClick={send}>
          发送
        </Button>
      </div>
    </div>
  );
}
