import { Alert } from 'antd';
import { testIds } from '@renderer/react/testIds';
import type { SignState } from './useSign';

/** The flow messages of a signing flow; the last one as success or error once it ended. */
export function SignProgress({ state }: { state: SignState }): React.JSX.Element | null {
  if (state.messages.length === 0 && !state.running) return null;
  const failed = state.result !== null && state.result.code !== 0;
  const done = state.result !== null && state.result.code === 0;
  return (
    <div data-testid={testIds.signProgress} className="sign-progress">
      <ol style={{ margin: '8px 0', paddingLeft: 20 }}>
        {state.messages.map((message, i) => (
          <li key={`${i}-${message}`}>{message}</li>
        ))}
      </ol>
      {state.running ? <Alert type="info" showIcon message="正在签名，请勿拔出UKEY…" /> : null}
      {failed ? (
        <Alert type="error" showIcon message={state.result?.message} description={state.result?.detail} />
      ) : null}
      {done ? <Alert type="success" showIcon message="签名成功" /> : null}
    </div>
  );
}
