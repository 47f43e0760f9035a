/**
 * The dialogs of declared actions: the reason box and the UKEY signing flow. Their own chunk,
 * rendered only while one is open (most pages never open either).
 */
import { Input, Modal } from 'antd';
import { testIds } from '@renderer/react/testIds';
import { Note } from './Note';
import { SignProgress } from './SignProgress';
import type { SignState } from './useSign';

/** An open reason box. */
export interface ReasonPrompt {
  title: string;
  required: boolean;
  value: string;
  error: string | null;
  resolve: (reason: string | null) => void;
}

/** Props of {@link ActionDialogs}. */
export interface ActionDialogsProps {
  prompt: ReasonPrompt | null;
  onPromptChange: (value: string) => void;
  /** OK (with the text) or cancel (null). */
  onPromptClose: (reason: string | null) => void;
  signing: boolean;
  flow: SignState;
  onSignClose: () => void;
}

/** The reason and signing dialogs. */
export function ActionDialogs({
  prompt,
  onPromptChange,
  onPromptClose,
  signing,
  flow,
  onSignClose,
}: ActionDialogsProps): React.JSX.Element {
  return (
    <>
      <Modal
        open={prompt !== null}
        title={prompt?.title}
        okText="确定"
        cancelText="取消"
        onOk={() => onPromptClose(prompt?.value ?? '')}
        onCancel={() => onPromptClose(null)}
        destroyOnHidden
      >
        <Input.TextArea
          data-testid={testIds.reason}
          rows={4}
          maxLength={200}
          showCount
          value={prompt?.value}
          placeholder={`请输入${prompt?.title ?? '原因'}`}
          onChange={(e) => onPromptChange(e.target.value)}
        />
        {prompt?.error ? <Note type="danger">{prompt.error}</Note> : null}
      </Modal>
      <Modal
        open={signing}
        title="UKEY签名"
        footer={null}
        closable={!flow.running}
        maskClosable={false}
        onCancel={onSignClose}
      >
        <SignProgress state={flow} />
      </Modal>
    </>
  );
}
