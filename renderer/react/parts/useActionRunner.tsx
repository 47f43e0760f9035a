/**
 * Runs declared actions (schema `actions`, `toolbar`, `rowActions`...): confirmation, the reason
 * dialog, the UKEY signing dialog, the model transition call, the success message and what comes
 * after (redirect or reload). Its dialogs are rendered by the component using the hook.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { actionPath, batchPath, exportPath, importPath, serviceResultOf } from '@renderer/core';
import type {
  ActionSchema,
  BatchAnswer,
  BizRecord,
  DialogAction,
  ExportAction,
  ExportColumn,
  ExportJob,
  ImportAction,
  ModelAction,
  SubmitAction,
} from '@renderer/core';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { errorMessage } from '@renderer/react/context/services';
import { isStale, staleMessage } from '@renderer/react/context/writes';
import type { RendererError, SignRecord } from '@renderer/react/context/services';
import { loadActionDialogs, loadSchemaDialog } from '@renderer/react/lazyModules';
import { testIds } from '@renderer/react/testIds';
import { fillTemplate } from './conditions';
import { callApi } from './dataSource';
import type { ReasonPrompt, ShownResult } from './ActionDialogs';
import { useSign } from './useSign';
import { signScope } from '@contract/ukey';

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
  /** Query parameters of an export (the list's current filters). */
  exportParams?: Record<string, unknown>;
  /** Columns of a server-side export (the ones the user shows, in their order) and its title. */
  exportColumns?: ExportColumn[];
  exportTitle?: string;
  /** The checked rows a batch action acts on (list `batchActions`). */
  records?: BizRecord[];
  /** How the batch answer names a record (its business number). @default its id */
  recordLabel?: (record: BizRecord) => string;
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
  // An action's `result` with the answer it shows (a new user's one-time password), until closed.
  const [shown, setShown] = useState<ShownResult | null>(null);
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
        scope: signScope(model, String(record.id), action.action),
      });
      if (!signature) return;
    }
    await renderer.request({
      method: 'POST',
      url: actionPath(model, record.id, action.action),
      data: { version: record.version, ...(reason ? { reason } : {}), ...(signature ? { signature } : {}) },
    });
    if (action.announce) renderer.announce?.(action.announce, context.record);
    const said = action.success ?? '操作成功';
    if (said) void renderer.message.success(said);
    // The page's lists and records load again by themselves after the write (context/writes.ts).
    if (action.redirect) renderer.navigate(fillTemplate(action.redirect, record, context.query));
  };

  /** Signs each record's own original (scope `model/id/action`, ADR 0008); null when one failed. */
  const signEach = async (
    model: string,
    records: BizRecord[],
    action: string,
  ): Promise<Map<string, SignRecord> | null> => {
    const signatures = new Map<string, SignRecord>();
    for (const record of records) {
      const signature = await sign({
        model,
        id: record.id,
        action,
        scope: signScope(model, String(record.id), action),
      });
      if (!signature) return null;
      signatures.set(record.id, signature);
    }
    return signatures;
  };

  /** One transition on every checked row in one request; the answer is shown per row. */
  const runBatchAction = async (action: ModelAction, context: ActionContext): Promise<void> => {
    const model = action.model ?? context.model;
    const records = context.records ?? [];
    if (!model) throw new Error(`Action "${action.key}" needs a model`);
    if (records.length === 0) {
      void renderer.message.warning('请选择要操作的记录');
      return;
    }
    let reason: string | undefined;
    if (action.reason === 'required' || action.reason === 'optional') {
      const answer = await askReason(action.reasonTitle ?? '原因', action.reason === 'required', '');
      if (answer === null) return;
      reason = answer.trim() || undefined;
    }
    const signatures = action.sign ? await signEach(model, records, action.action) : null;
    if (action.sign && !signatures) return;
    const answer = await renderer.request<BatchAnswer>({
      method: 'POST',
      url: batchPath(model, action.action),
      data: {
        items: records.map((r) => ({
          id: r.id,
          version: r.version,
          ...(signatures?.get(r.id) ? { signature: signatures.get(r.id) } : {}),
        })),
        ...(reason ? { reason } : {}),
      },
    });
    const label = context.recordLabel ?? ((r: BizRecord) => r.id);
    const byId = new Map(records.map((r) => [r.id, r]));
    if (action.announce && answer.succeeded > 0) renderer.announce?.(action.announce);
    const title = `${action.label}：成功 ${answer.succeeded} 条，未通过 ${answer.refused} 条`;
    if (answer.refused === 0) void renderer.message.success(title);
    else
      renderer.modal.warning({
        title,
        width: 560,
        okText: '知道了',
        content: (
          <ul data-testid={testIds.batchResult} style={{ paddingLeft: 16, margin: 0 }}>
            {answer.results.map((r) => {
              const record = byId.get(r.id);
              return (
                <li key={r.id} data-testid={testIds.batchResultRow(r.id)}>
                  {record ? label(record) : r.id}：{r.ok ? '成功' : r.message}
                </li>
              );
            })}
          </ul>
        ),
      });
  };

  /** An export: the server's .xlsx of the query (at once, or as a download-centre job), or a URL. */
  const runExport = async (action: ExportAction, context: ActionContext): Promise<void> => {
    const download = renderer.download ?? ((url: string) => window.open(url));
    if (action.url) {
      download(fillTemplate(action.url, context.record, context.query), context.exportParams);
      return;
    }
    if (!context.model) throw new Error(`Export "${action.key}" needs a model`);
    const { page: _page, size: _size, summary: _summary, ...params } = context.exportParams ?? {};
    if (context.records) {
      if (context.records.length === 0) {
        void renderer.message.warning('请选择要导出的记录');
        return;
      }
      params.id = context.records.map((r) => r.id);
    }
    const job = await renderer.request<ExportJob>({
      method: 'POST',
      url: exportPath(context.model),
      data: { params, columns: context.exportColumns ?? [], title: context.exportTitle },
    });
    if (job.status === 'done' && job.url) {
      download(job.url);
      return;
    }
    const centre = renderer.downloadCentre;
    renderer.modal.info({
      title: '已转入下载中心',
      content: `共 ${job.total} 条数据，正在后台生成 Excel 文件，完成后请到下载中心下载。`,
      okText: centre ? '前往下载中心' : '知道了',
      ...(centre ? { onOk: () => renderer.navigate(centre) } : {}),
    });
  };

  /**
   * An import: the user picks an .xlsx (a file input the test ids name), the server creates every row or
   * none; a refusal (with the row number) stays on screen until closed.
   */
  const runImport = async (action: ImportAction, context: ActionContext): Promise<void> => {
    const model = action.model ?? context.model;
    if (!model) throw new Error(`Import "${action.key}" needs a model`);
    const file = await pickFile(testIds.importInput(action.key));
    if (!file) return;
    const body = new FormData();
    for (const [key, value] of Object.entries(action.values ?? {})) body.append(key, value);
    body.append('file', file, file.name);
    try {
      const answer = await renderer.request<{ count: number }>({
        method: 'POST',
        url: importPath(model),
        data: body,
      });
      void renderer.message.success(
        (action.success ?? '导入成功，共 {count} 条').replace('{count}', String(answer.count)),
      );
    } catch (error) {
      renderer.modal.error({
        title: '导入失败，本次导入的数据均未保存',
        content: <ImportRefusal error={error} />,
        okText: '知道了',
      });
    }
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
      // The dialog submits on its own (SchemaDialog); the page loads again after its write.
      setDialog({ action, context });
      return;
    }
    if (action.type === 'submit' && context.validate && !(await context.validate())) return;
    // `{field}` in the question names the row (停用“{personName}”…).
    if (action.confirm && !(await confirm(fillAnswer(action.confirm, context.record ?? {})))) return;
    busy.current = true;
    setRunning(action.key);
    try {
      switch (action.type) {
        case 'action':
          await (context.records ? runBatchAction(action, context) : runModelAction(action, context));
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
          await runExport(action, context);
          break;
        case 'import':
          await runImport(action, context);
          break;
        case 'request': {
          // The action's endpoint (POST unless it says otherwise), placeholders from the row, `$ids` the
          // checked rows of a batch button; the page loads again after the write (context/writes.ts).
          const ids = context.records?.map((r) => r.id);
          if (ids && ids.length === 0) break;
          const answer = await callApi(
            renderer,
            { ...action.api, method: action.api.method ?? 'POST' },
            {
              ...renderer.scope,
              $record: context.record ?? {},
              $query: context.query,
              ...(ids ? { $ids: ids } : {}),
            },
          );
          // A topic the host maps to its own event (the portal: the header bell's unread count).
          // A row's button tells which row (announce: product); a toolbar's or batch's, none.
          if (action.announce)
            if (context.record) renderer.announce?.(action.announce, context.record);
            else renderer.announce?.(action.announce);
          if (action.result) setShown({ result: action.result, answer: serviceResultOf(answer) });
          else {
            const said = fillAnswer(action.success ?? '操作成功', answer);
            if (said) void renderer.message.success(said);
          }
          if (action.redirect)
            renderer.navigate(fillTemplate(action.redirect, context.record, context.query));
          break;
        }
      }
    } catch (error) {
      // Another user changed the record: the page has already loaded it again (writes.ts); say so.
      void renderer.message.error(isStale(error) ? staleMessage(error) : errorMessage(error));
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
      <SchemaDialog
        action={dialog.action}
        context={dialog.context}
        onClose={() => setDialog(null)}
        onAnswer={(answer) =>
          dialog.action.result && setShown({ result: dialog.action.result, answer: serviceResultOf(answer) })
        }
      />
    </Suspense>
  ) : null;
  const actionDialogs =
    prompt !== null || signing || shown !== null ? (
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
          shown={shown}
          onResultClose={() => setShown(null)}
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

/**
 * `{name}` placeholders of a message filled from the answer's members (`已标记{updated}条为已读`), or of a
 * confirmation question from the row's.
 */
function fillAnswer(text: string, answer: unknown): string {
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
    const value = (answer as Record<string, unknown> | null)?.[name];
    return typeof value === 'number' || typeof value === 'string' ? String(value) : whole;
  });
}

/** Asks the user for one .xlsx file (a hidden file input, removed afterwards); null when cancelled. */
function pickFile(testId: string): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.xlsx';
    input.style.display = 'none';
    input.setAttribute('data-testid', testId);
    const done = (file: File | null): void => {
      input.remove();
      resolve(file);
    };
    input.addEventListener('change', () => done(input.files?.[0] ?? null));
    input.addEventListener('cancel', () => done(null));
    document.body.appendChild(input);
    input.click();
  });
}

/**
 * What an import's refusal says: every refused row at once, one line each, when the server lists them
 * (IMPORT_ROWS_INVALID `data.errors`), else its message.
 */
function ImportRefusal({ error }: { error: unknown }): React.JSX.Element {
  const rows = (error as RendererError | null)?.data as { errors?: unknown } | undefined;
  const list = Array.isArray(rows?.errors)
    ? rows.errors.filter(
        (e): e is { message: string } => typeof (e as { message?: unknown })?.message === 'string',
      )
    : [];
  if (list.length < 2) return <span data-testid={testIds.importError}>{errorMessage(error)}</span>;
  return (
    <div data-testid={testIds.importError}>
      <div>共{list.length}处错误，请修改后重新导入：</div>
      <ul style={{ maxHeight: 320, overflow: 'auto', margin: '8px 0 0', paddingLeft: 20 }}>
        {list.map((e, i) => (
          <li key={i}>{e.message}</li>
        ))}
      </ul>
    </div>
  );
}
