import { App, Button } from 'antd';
import { useEffect, useState } from 'react';
import { ApiRequestError, NETWORK_ERROR_MESSAGE } from '@/api';
import { SMS_SENT_MESSAGES, type SmsPurpose } from '@contract/registration';
import { sendSmsCode } from './registerApi';

/**
 * 获取验证码: asks the server to send a code to the phone `target` names (null when the form's fields are
 * not valid yet), then counts down until another may be asked for.
 */
export function SmsCodeButton(props: {
  purpose: SmsPurpose;
  target: () => Promise<{ mobile: string; username?: string } | null>;
}): React.JSX.Element {
  // The App's message (src/AntdRoot.tsx), not antd's static one: it shows in the portal's theme.
  const { message } = App.useApp();
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const t = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(t);
  }, [left]);

  const send = async (): Promise<void> => {
    const target = await props.target();
    if (!target) return;
    setBusy(true);
    try {
      const sent = await sendSmsCode(target.mobile, props.purpose, target.username);
      setLeft(sent.resendSeconds);
      void message.success(SMS_SENT_MESSAGES[props.purpose]);
    } catch (e) {
      void message.error(e instanceof ApiRequestError ? e.message : NETWORK_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button data-testid="sms-send" disabled={left > 0} loading={busy} onClick={() => void send()}>
      {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
    </Button>
  );
}
