import { CustomerServiceOutlined } from '@ant-design/icons';
import { FloatButton } from 'antd';
import { OUT_OF_HOURS_MESSAGE } from '@/api';
import { CHAT_WINDOW, isWithinChatHours } from './clientState';
import { tips } from './tips';

/** Online customer service: a 900×700 chat window in working hours, the spec's message outside them. */
export function ChatButton(): React.JSX.Element {
  const open = (): void => {
    if (!isWithinChatHours(new Date())) {
      tips.warning(OUT_OF_HOURS_MESSAGE, { autoClose: true });
      return;
    }
    window.open(
      '/cv3/service/chat',
      'ccbscf-chat',
      `width=${CHAT_WINDOW.width},height=${CHAT_WINDOW.height}`,
    );
  };
  return (
    <span data-testid="chat-button-wrap">
      <FloatButton
        icon={<CustomerServiceOutlined />}
        description="客服"
        shape="square"
        tooltip="在线客服"
        onClick={open}
      />
    </span>
  );
}
