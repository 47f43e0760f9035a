import { Alert, Descriptions, Spin } from 'antd';
import { ALGORITHM_LABEL } from './ukeyLabels';
import type { TestSignState } from './useTestSignature';

/** The outcome of a test signature: progress, the flow's failure message, the server's refusal or success. */
export function SignResultView({
  state,
  successTitle = '签名验证通过',
}: {
  state: TestSignState;
  successTitle?: string;
}): React.JSX.Element | null {
  switch (state.phase) {
    case 'idle':
      return null;
    case 'running':
      return (
        <Alert
          type="info"
          showIcon
          icon={<Spin size="small" />}
          message={<span data-testid="ukey-sign-progress">{state.progress}</span>}
        />
      );
    case 'flowFailed':
      return (
        <Alert
          type="error"
          showIcon
          data-testid="ukey-sign-result"
          data-flow-code={state.result.code}
          message={state.result.message}
          // The flow code (spec section 4) is for support, on the element; the user reads the message.
          description={
            state.result.detail ? <div data-testid="ukey-sign-detail">{state.result.detail}</div> : undefined
          }
        />
      );
    case 'refused':
      return (
        <Alert
          type="error"
          showIcon
          data-testid="ukey-sign-result"
          data-server-code={state.code}
          message={state.message}
          description={<span style={{ opacity: 0.65 }}>服务器验签未通过（{state.code}）</span>}
        />
      );
    case 'verified':
      return (
        <Alert
          type="success"
          showIcon
          data-testid="ukey-sign-result"
          data-flow-code={0}
          message={successTitle}
          description={
            <Descriptions size="small" column={2} style={{ marginTop: 8 }}>
              <Descriptions.Item label="介质编号">{state.verified.ukeyNo}</Descriptions.Item>
              <Descriptions.Item label="签名算法">
                <span data-testid="ukey-sign-algorithm">
                  {ALGORITHM_LABEL[state.verified.algorithmType] ?? state.verified.algorithmType}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label="证书序列号">{state.verified.certSerial ?? '——'}</Descriptions.Item>
              <Descriptions.Item label="持有人">{state.verified.holderName ?? '——'}</Descriptions.Item>
              <Descriptions.Item label="证书主题" span={2}>
                {state.verified.subjectDN}
              </Descriptions.Item>
            </Descriptions>
          }
        />
      );
  }
}
