/**
 * Runs declared actions (schema `actions`, `toolbar`, `rowActions`...): confirmation, the reason
 * dialog, the UKEY signing dialog, the model transition call, the success message and what comes
 * after (redirect or reload). Its dialogs are rendered by the component using the hook.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { actionPath } from '@renderer/core';
import type { ActionSchema, BizRecord, DialogAction, ModelAction, SubmitAction } from '@renderer/core';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { errorMessage } from '@renderer/react/context/services';
import type { SignRecord } from '@renderer/react/context/services';
import { loadActionDialogs, loadSchemaDialog } from '@renderer/react/lazyModules';
import { fillTemplate } from './conditions';
import type { ReasonPrompt } from './ActionDialogs';
import { useSign } from './useSign';

/** Where an action runs. */
export interface ActionContext {
  /** The record it acts on (a row, the page's record). */
  record?: BizRecord | undefined;
  /** The page's model (actions may name another). */
  model?: string | undefined;
  /** The page's URL query. */
  query: Record<string, string>;
  /** Text of the approve page's opinion box: the default reason. */
  opinion?: string;
  /**
   * Submits the page's form (form pages). `sign` runs the UKEY dialog (for `"sign": true`, once the
   * record exists, so the signature can name it); it resolves null when signing failed.
   */
  onSubmit?: (
    action: SubmitAction,
    sign: (context: Record<string, unknown>) => Promise<SignRecord | null>,
  ) => Promise<void>;
  /** After a model action without redirect (reload the data). */
  onDone?: () => void;
  /** Query parameters of an export (the list's current filters). */
  exportParams?: Record<string, unknown>;
  /** Checked before an action runs; false stops it (e.g. a required opinion is empty). */
  guard?: (action: ActionSchema) => boolean;
  /**
   * Validates the page's form before a submit asks for confirmation (false: the errors are shown and
   * nothing is asked): a user confirms only what can be sent.
   */
  validate?: () => Promise<boolean>;
}

const ActionDialogs = lazy(() => loadActionDialogs().then((m) => ({ default: m.ActionDialogs })));
const SchemaDialog = lazy(() => loadSchemaDialog().then((m) => ({ default: m.SchemaDialog })));

/** The action runner of a page area, and the dialogs it needs rendered. */
export function useActionRunner(): {
  run: (action: ActionSchema, context: ActionContext) => Promise<void>;
  running: string | null;
  dialogs: ReactNode;
} {
  const renderer = useRenderer();
  const flow = useSign();
  const [running, setRunning] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<ReasonPrompt | null>(null);
  const [signing, setSigning] = useState(false);
  const [dialog, setDialog] = useState<{ action: DialogAction; context: ActionContext } | null>(null);
  const busy = useRef(false);

  const confirm = (content: string): Promise<boolean> =>
    new Promise((resolve) => {
      renderer.modal.confirm({
        title: '请确认',
        content,
        okText: '确定',
        cancelText: '取消',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const askReason = (title: string, required: boolean, initial: string): Promise<string | null> =>
    new Promise((resolve) => setPrompt({ title, required, value: initial, error: null, resolve }));

  /** Runs the signing flow in a dialog; resolves with the record, or null when it failed or was closed. */
  const sign = async (context: Record<string, unknown>): Promise<SignRecord | null> => {
    setSigning(true);
    const result = await flow.sign(context);
    if (result.code === 0 && result.record) {
      setSigning(false);
      flow.reset();
      return result.record;
    }
    // The dialog stays open with the failure message until the user closes it.
    return null;
  };

  const runModelAction = async (action: ModelAction, context: ActionContext): Promise<void> => {
    const model = action.model ?? context.model;
    const record = context.record;
    if (!model || !record) throw new Error(`Action "${action.key}" needs a model and a record`);
    let reason: string | undefined = context.opinion?.trim() || undefined;
    if (action.reason === 'required' || action.reason === 'optional') {
      const answer = await askReason(
        action.reasonTitle ?? '原因',
        action.reason === 'required',
        reason ?? '',
      );
      if (answer === null) return;
      reason = answer.trim() || undefined;
    }
    let signature: SignRecord | null = null;
    if (action.sign) {
      signature = await sign({
        model,
        id: record.id,
        action: action.action,
        scope: `${model}/${record.id}/${action.action}`,
      });
      if (!signature) return;
    }
    await renderer.request({
      method: 'POST',
      url: actionPath(model, record.id, action.action),
      data: { version: record.version, ...(reason ? { reason } : {}), ...(signature ? { signature } : {}) },
    });
    void renderer.message.success(action.success ?? '操作成功');
    if (action.redirect) renderer.navigate(fillTemplate(action.redirect, record, context.query));
    else context.onDone?.();
  };

  const run = async (action: ActionSchema, context: ActionContext): Promise<void> => {
    if (busy.current) return;
    if (context.guard && !context.guard(action)) return;
    if (action.type === 'navigate') {
      renderer.navigate(
        fillTemplate(action.to, context.record, context.query),
        action.blank ? { blank: true } : {},
      );
      return;
    }
    if (action.type === 'back') {
      renderer.back();
      return;
    }
    if (action.type === 'dialog') {
      // The dialog submits on its own (SchemaDialog) and calls the context's onDone.
      setDialog({ action, context });
      return;
    }
    if (action.type === 'submit' && context.validate && !(await context.validate())) return;
    if (action.confirm && !(await confirm(action.confirm))) return;
    busy.current = true;
    setRunning(action.key);
    try {
      switch (action.type) {
        case 'action':
          await runModelAction(action, context);
          break;
        case 'submit':
          await context.onSubmit?.(action, sign);
          break;
        case 'download':
          (renderer.download ?? ((url: string) => window.open(url)))(
            fillTemplate(action.url, context.record, context.query),
          );
          break;
        case 'export':
          (renderer.download ?? ((url: string) => window.open(url)))(
            fillTemplate(action.url, context.record, context.query),
            context.exportParams,
          );
          break;
      }
    } catch (error) {
      void renderer.message.error(errorMessage(error));
    } finally {
      busy.current = false;
      setRunning(null);
    }
  };

  const closePrompt = (reason: string | null): void => {
    if (!prompt) return;
    if (reason !== null && prompt.required && reason.trim() === '') {
      setPrompt({ ...prompt, error: `请输入${prompt.title}` });
      return;
    }
    prompt.resolve(reason);
    setPrompt(null);
  };

  // Nothing to render (and no dialog code to load) until a dialog opens.
  const schemaDialog = dialog ? (
    <Suspense fallback={null}>
      <SchemaDialog action={dialog.action} context={dialog.context} onClose={() => setDialog(null)} />
    </Suspense>
  ) : null;
  const actionDialogs =
    prompt !== null || signing ? (
      <Suspense fallback={null}>
        <ActionDialogs
          prompt={prompt}
          onPromptChange={(value) => prompt && setPrompt({ ...prompt, value, error: null })}
          onPromptClose={closePrompt}
          signing={signing}
          flow={flow}
          onSignClose={() => {
            setSigning(false);
            flow.reset();
          }}
        />
      </Suspense>
    ) : null;
  const dialogs =
    schemaDialog || actionDialogs ? (
      <>
        {schemaDialog}
        {actionDialogs}
      </>
    ) : null;

  return { run, running, dialogs };
}
