import { Button, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { createUkeySigner, type UkeyIssuer } from '@/ukey';
import { SignResultView } from './SignResultView';
import { useTestSignature, type TestSignState } from './useTestSignature';

export interface UkeyTestSignProps {
  issuers: readonly UkeyIssuer[];
  /** Bank preselected (e.g. the bank of the enterprise's key). */
  defaultBank?: string | undefined;
  buttonText?: string;
  successTitle?: string;
  /** Written into the original text (what the signature approves). */
  scope?: string;
  onDone?: (state: TestSignState) => void;
}

/**
 * Choose the key's bank, sign an original with the inserted hardware key through the local signing agent,
 * and have the server verify the signature: the "test signature" of the ukey screens.
 */
export function UkeyTestSign({
  issuers,
  defaultBank,
  buttonText = '测试签名',
  successTitle,
  scope,
  onDone,
}: UkeyTestSignProps): React.JSX.Element {
  const banks = useMemo(() => issuers.filter((i) => !i.soft), [issuers]);
  const [bank, setBank] = useState<string | undefined>(defaultBank);
  useEffect(() => {
    if (defaultBank) setBank((b) => b ?? defaultBank);
  }, [defaultBank]);
  const { state, run } = useTestSignature();
  const running = state.phase === 'running';

  const start = async (): Promise<void> => {
    const signer = createUkeySigner({ bank });
    const done = await run(signer, scope ? { scope } : undefined);
    onDone?.(done);
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <span>UKEY颁发银行：</span>
        <Select
          data-testid="ukey-bank-select"
          style={{ width: 200 }}
          placeholder="请选择颁发银行"
          value={bank}
          onChange={setBank}
          options={banks.map((b) => ({ value: b.code, label: b.name, title: b.name }))}
        />
        <Button
          type="primary"
          data-testid="ukey-test-sign"
          loading={running}
          disabled={!bank}
          onClick={() => void start()}
        >
          {buttonText}
        </Button>
      </Space>
      <Typography.Text type="secondary">
        请只插入一个UKEY，并确认本机的UKEY签名助手已启动。签名时按提示输入UKEY密码。
      </Typography.Text>
      <SignResultView state={state} {...(successTitle ? { successTitle } : {})} />
    </Space>
  );
}
