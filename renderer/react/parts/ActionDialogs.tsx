/**
 * The dialogs of declared actions: the reason box, the UKEY signing flow and an action's `result`. Their
 * own chunk, rendered only while one is open (most pages never open any).
 */
import { Button, Input, Modal, Space, Typography } from 'antd';
import type { ActionResult } from '@renderer/core';
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
  /** An action's result with the answer it shows, or null. */
  shown?: ShownResult | null;
  onResultClose?: () => void;
}

/** A result to show: the action's `result` and the server's answer. */
export interface ShownResult {
  result: ActionResult;
  answer: unknown;
}

/** The answer's value of a result line as text. */
function answerText(answer: unknown, field: string): string {
  const value = (answer as Record<string, unknown> | null)?.[field];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** The reason and signing dialogs. */
export function ActionDialogs({
  prompt,
  onPromptChange,
  onPromptClose,
  signing,
  flow,
  onSignClose,
  shown = null,
  onResultClose,
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
      <Modal
        open={shown !== null}
        title={shown?.result.title}
        closable={false}
        maskClosable={false}
        keyboard={false}
        destroyOnHidden
        modalRender={(node) => <div data-testid={testIds.resultDialog}>{node}</div>}
        footer={
          <Button type="primary" data-testid={testIds.resultClose} onClick={onResultClose}>
            {shown?.result.button ?? '关闭'}
          </Button>
        }
      >
        {shown ? (
          <Space direction="vertical">
            {(shown.result.fields ?? []).map(({ field, title }) => (
              <span key={field}>
                {title}：
                <Typography.Text copyable strong data-testid={testIds.resultValue(field)}>
                  {answerText(shown.answer, field)}
                </Typography.Text>
              </span>
            ))}
            {shown.result.description ? (
              <Typography.Text type="secondary">{shown.result.description}</Typography.Text>
            ) : null}
          </Space>
        ) : null}
      </Modal>
    </>
  );
}
