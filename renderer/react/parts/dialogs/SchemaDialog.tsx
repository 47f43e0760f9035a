/**
 * The `dialog` action (renderer v2, like ProComponents' ModalForm / DrawerForm): a form or a record's
 * sections in a modal or a drawer. The form creates a record of the model, edits the row's record
 * (only the fields it shows are sent, with the record's version) or posts to an `api`, then may run a
 * transition; on success it closes (an action's `result` then shows the answer in a dialog) and the list
 * reloads (after any write: context/writes.ts). Server field errors show on their fields; the record's
 * `fieldAccess` hides or locks fields.
 */
import { FormLayout } from '@formily/antd-v5/esm/form-layout';
import { createForm, onFieldInputValueChange } from '@formily/core';
import { FormProvider } from '@formily/react';
import { toJS } from '@formily/reactive';
import { Button, Drawer, Modal, Space } from 'antd';
import { useMemo, useState } from 'react';
import { actionPath, recordPath, recordsPath } from '@renderer/core';
import type { BizRecord, DialogAction } from '@renderer/core';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { errorMessage, fieldErrorsOf } from '@renderer/react/context/services';
import { applyFieldAccess } from '@renderer/react/formily/fieldAccess';
import { cleanValues, SERVER_ERROR, showFieldErrors, valueNames } from '@renderer/react/formily/formValues';
import { objectSchema, useExpressionScope, useSchemaField } from '@renderer/react/formily/useSchemaField';
import { conditionScope } from '@renderer/react/parts/ActionButtons';
import { evaluateValue, readPath } from '@renderer/react/parts/conditions';
import { callApi } from '@renderer/react/parts/dataSource';
import { Pending } from '@renderer/react/parts/PageFrame';
import { Sections } from '@renderer/react/parts/Sections';
import type { ActionContext } from '@renderer/react/parts/useActionRunner';
import { testIds } from '@renderer/react/testIds';

/** Props of {@link SchemaDialog}. */
export interface SchemaDialogProps {
  action: DialogAction;
  context: ActionContext;
  onClose: () => void;
  /** The server's answer to the accepted form (the action's `result` shows members of it). */
  onAnswer?: (answer: unknown) => void;
}

/** A dialog or drawer opened by a `dialog` action. */
export function SchemaDialog({ action, context, onClose, onAnswer }: SchemaDialogProps): React.JSX.Element {
  const renderer = useRenderer();
  const [open, setOpen] = useState(true);
  const [saving, setSaving] = useState(false);
  const spec = action.form;
  const model = action.model ?? context.model ?? '';
  const record = context.record;
  const editing = spec?.mode === 'edit';
  const scope = conditionScope(renderer, context);
  const names = useMemo(() => valueNames(spec?.properties), [spec]);
  // One form per opening of the dialog.
  const [form] = useState(() => {
    const initial: Record<string, unknown> = {};
    if (editing && record) for (const name of names) initial[name] = readPath(record, name);
    for (const [name, source] of Object.entries(spec?.initialValues ?? {}))
      initial[name] = evaluateValue(source, scope, renderer.functions);
    const created = createForm({
      initialValues: initial,
      effects() {
        onFieldInputValueChange('*', (field) =>
          field.setFeedback({ type: 'error', code: SERVER_ERROR, messages: [] }),
        );
      },
    });
    if (editing) applyFieldAccess(created, record?.fieldAccess);
    return created;
  });
  const SchemaField = useSchemaField(spec?.properties);
  const expressionScope = useExpressionScope(context.query);
  const close = (): void => setOpen(false);

  const submit = async (): Promise<void> => {
    if (!spec) return;
    try {
      await form.validate();
    } catch {
      void renderer.message.error('请检查表单中标红的内容');
      return;
    }
    const all = cleanValues(toJS(form.values)) as Record<string, unknown>;
    const values: Record<string, unknown> = {};
    for (const name of names) if (all[name] !== undefined) values[name] = all[name];
    setSaving(true);
    try {
      let saved: BizRecord | undefined;
      if (spec.api) saved = await callApi<BizRecord>(renderer, spec.api, scope, values);
      else if (editing && record)
        saved = await renderer.request<BizRecord>({
          method: 'PUT',
          url: recordPath(model, record.id),
          data: { ...values, version: record.version },
        });
      else
        saved = await renderer.request<BizRecord>({ method: 'POST', url: recordsPath(model), data: values });
      if (spec.then && saved?.id) {
        await renderer.request({
          method: 'POST',
          url: actionPath(model, saved.id, spec.then),
          data: { version: saved.version },
        });
      }
      if (action.result) onAnswer?.(saved);
      else void renderer.message.success(action.success ?? '操作成功');
      close();
    } catch (error) {
      const unplaced = showFieldErrors(form, fieldErrorsOf(error));
      void renderer.message.error([errorMessage(error), ...unplaced].join('；'));
    } finally {
      setSaving(false);
    }
  };

  const footer = (
    <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button data-testid={testIds.action('dialog', 'cancel')} onClick={close}>
        {spec ? '取消' : '关闭'}
      </Button>
      {spec ? (
        <Button
          type="primary"
          loading={saving}
          data-testid={testIds.action('dialog', 'submit')}
          onClick={() => void submit()}
        >
          {spec.okText ?? '提交'}
        </Button>
      ) : null}
    </Space>
  );

  const columns = spec?.columns ?? 1;
  const body = (
    <div className="schema-dialog">
      {spec ? (
        SchemaField ? (
          <FormProvider form={form}>
            <FormLayout layout="horizontal" labelWidth={spec.labelWidth ?? 120} feedbackLayout="terse">
              <div
                style={{
                  display: 'grid',
                  gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                  columnGap: 24,
                }}
              >
                <SchemaField schema={objectSchema(spec.properties)} scope={expressionScope} />
              </div>
            </FormLayout>
          </FormProvider>
        ) : (
          <Pending height={120} />
        )
      ) : null}
      {action.detail && record ? (
        <Sections sections={action.detail.sections} record={record} scope={scope} />
      ) : null}
    </div>
  );

  const title = action.title ?? action.label;
  return action.container === 'drawer' ? (
    <Drawer
      data-testid={testIds.dialog(action.key)}
      open={open}
      title={title}
      width={action.width ?? 640}
      onClose={close}
      afterOpenChange={(visible) => !visible && onClose()}
      footer={footer}
      destroyOnHidden
    >
      {body}
    </Drawer>
  ) : (
    <Modal
      open={open}
      title={title}
      width={action.width ?? 560}
      onCancel={close}
      afterClose={onClose}
      footer={footer}
      destroyOnHidden
      maskClosable={false}
      modalRender={(node) => <div data-testid={testIds.dialog(action.key)}>{node}</div>}
    >
      {body}
    </Modal>
  );
}
