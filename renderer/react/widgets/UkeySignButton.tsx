/**
 * UkeySignButton: runs the host's signing flow and keeps the sign record as the field value (sent
 * as `signature`), showing the flow's messages as they come. Approve pages sign through their
 * actions (`"sign": true`) with the same flow and the same button (UkeySignTrigger).
 */
import { connect } from '@formily/react';
import { Space, Tag } from 'antd';
import type { SignRecord } from '@renderer/react/context/services';
import { SignProgress } from '@renderer/react/parts/SignProgress';
import { UkeySignTrigger } from '@renderer/react/parts/UkeySignTrigger';
import { useSign } from '@renderer/react/parts/useSign';

/** Props of {@link UkeySignButtonBase}. */
export interface UkeySignButtonProps {
  value?: SignRecord | null;
  onChange?: (record: SignRecord | undefined) => void;
  /** Handed to the signer (e.g. what is being signed). */
  context?: Record<string, unknown>;
  /** @default 'UKEY签名' */
  label?: string;
  disabled?: boolean;
  readOnly?: boolean;
}

/** The sign button, usable without Formily. */
export function UkeySignButtonBase({
  value,
  onChange,
  context,
  label = 'UKEY签名',
  disabled,
  readOnly,
}: UkeySignButtonProps): React.JSX.Element {
  const flow = useSign();
  const run = async (): Promise<void> => {
    onChange?.(undefined);
    const result = await flow.sign(context);
    if (result.code === 0 && result.record) onChange?.(result.record);
  };
  return (
    <div className="ukey-sign">
      <Space>
        <UkeySignTrigger
          data-testid="ukey-sign"
          onClick={() => void run()}
          loading={flow.running}
          disabled={disabled || readOnly}
        >
          {value ? '重新签名' : label}
        </UkeySignTrigger>
        {value ? <Tag color="green">已签名：{value.subjectDN || value.ukeyNo}</Tag> : null}
      </Space>
      <SignProgress state={flow} />
    </div>
  );
}

/** UkeySignButton for schemas. */
export const UkeySignButton = connect(UkeySignButtonBase);
