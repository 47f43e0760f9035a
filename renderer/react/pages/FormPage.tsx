/**
 * The `form` page: an application form (Formily fields on a grid, optionally in steps), submitted
 * with confirmation as a create (`POST .../records`) or an update (`PUT .../records/{id}`), then
 * optionally a transition (`then`), or to a hand-written endpoint (`submit`: registration, reset). Field errors the server returns (`data.fieldErrors`) are shown
 * on their fields until the user edits them.
 */
import { FormLayout } from '@formily/antd-v5/esm/form-layout';
import { createForm, onFieldInputValueChange } from '@formily/core';
import { FormProvider } from '@formily/react';
import { toJS } from '@formily/reactive';
import { Button, Result, Space } from 'antd';
import { lazy, Suspense, useContext, useEffect, useMemo, useState } from 'react';
import { actionPath, endpointNamed, recordPath, recordsPath } from '@renderer/core';
import { pathOf } from '@contract/api';
import type { BizRecord, FormilyProperties, FormPageSchema, SubmitAction } from '@renderer/core';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { errorMessage, fieldErrorsOf } from '@renderer/react/context/services';
import type { SignRecord } from '@renderer/react/context/services';
import { objectSchema, useExpressionScope, useSchemaField } from '@renderer/react/formily/useSchemaField';
import { ActionButtons } from '@renderer/react/parts/ActionButtons';
import { fillTemplate } from '@renderer/react/parts/conditions';
import {
  Loading,
  LoadError,
  MissingRecord,
  PageFrame,
  PartRefreshContext,
  Pending,
} from '@renderer/react/parts/PageFrame';
import { useLoad } from '@renderer/react/parts/useLoad';
import { keptValues, submitToEndpoint } from '@renderer/react/parts/endpointSubmit';
import { applyFieldAccess } from '@renderer/react/formily/fieldAccess';
import { cleanValues, SERVER_ERROR, showFieldErrors, valueNames } from '@renderer/react/formily/formValues';
import { loadSteps } from '@renderer/react/lazyModules';
import { testIds } from '@renderer/react/testIds';
import type { PageProps } from './ListPage';
import './FormPage.css';
import { signScope } from '@contract/ukey';

// Only forms with steps need the Steps component.
const Steps = lazy(loadSteps);

/**
 * Steps are void nodes named after their key with this prefix, so a step may share its key with a
 * field (a void node's name is an address, and a dependency on the field must not find the step).
 */
const STEP_PREFIX = 'step_';

interface Step {
  key: string;
  title: string;
  properties: FormilyProperties;
}

const pick = (values: Record<string, unknown>, names: string[]): Record<string, unknown> =>
  Object.fromEntries(names.filter((n) => n in values).map((n) => [n, values[n]]));

/** A form page. */
export function FormPage({ schema, query }: PageProps<FormPageSchema>): React.JSX.Element {
  const body = schema.form;
  const model = schema.model ?? '';
  const renderer = useRenderer();
  const scope = useExpressionScope(query);
  const editing = body.mode === 'edit';
  const { keptForms } = renderer;
  const form = useMemo(
    () =>
      createForm({
        initialValues: {
          ...body.initialValues,
          ...(body.keep ? keptForms?.load(body.keep.as) : undefined),
        },
        effects(form) {
          // A server error on a field is stale once the user changes that field.
          onFieldInputValueChange('*', (field) => {
            field.setFeedback({ type: 'error', code: SERVER_ERROR, messages: [] });
            // What the form keeps across a reload (never passwords or codes: the schema names the fields).
            if (body.keep) keptForms?.store(body.keep.as, keptValues(toJS(form.values), body.keep.fields));
          });
        },
      }),
    [body, keptForms],
  );
  const loaded = useLoad<BizRecord>(
    editing && query.id ? JSON.stringify([model, query.id]) : null,
    (signal) =>
      renderer.request<BizRecord>({ method: 'GET', url: recordPath(model, query.id ?? ''), signal }),
  );
  // `form.load`: a GET endpoint's answer as a value the form's conditions read (`$values.<as>`).
  const { load } = body;
  const read = useLoad<unknown>(load ? JSON.stringify(load) : null, (signal) => {
    const endpoint = load ? endpointNamed(load.endpoint) : undefined;
    if (!endpoint) return Promise.reject(new Error(`未知的接口：${load?.endpoint ?? ''}`));
    return renderer.request({ method: 'GET', url: pathOf(endpoint), signal });
  });
  useEffect(() => {
    if (load && read.data !== undefined) form.setValuesIn(load.as, read.data);
  }, [form, load, read.data]);
  useEffect(() => {
    if (loaded.data) {
      form.setInitialValues(loaded.data);
      applyFieldAccess(form, loaded.data.fieldAccess);
    }
  }, [form, loaded.data]);
  // Inside a composite page: the other parts (lists) reload after a save.
  const refreshParts = useContext(PartRefreshContext);

  const steps: Step[] = body.steps ?? [{ key: '', title: '', properties: body.properties ?? {} }];
  const SchemaField = useSchemaField(...steps.map((s) => s.properties));
  const editNames = steps.flatMap((s) => valueNames(s.properties));
  const [current, setCurrent] = useState(0);
  /** The submit action's `result`, shown in place of the form after success. */
  const [done, setDone] = useState<{
    title: string;
    description?: string;
    button?: string;
    to?: string;
  } | null>(null);
  const stepOf = (address: string | undefined): number =>
    Math.max(
      0,
      steps.findIndex((s) => s.key !== '' && (address ?? '').split('.')[0] === `${STEP_PREFIX}${s.key}`),
    );
  /** The earliest step holding a field in error: the user fixes the form from the top. */
  const firstErrorStep = (): number | null =>
    form.errors.length ? Math.min(...form.errors.map((e) => stepOf(e.address))) : null;

  const next = async (): Promise<void> => {
    const step = steps[current];
    try {
      if (step) await form.validate(`${STEP_PREFIX}${step.key}.*`);
      setCurrent((c) => Math.min(c + 1, steps.length - 1));
    } catch {
      void renderer.message.error('请检查本步中标红的内容');
    }
  };

  /** Validates every step; on errors shows the step of the first one. */
  const validate = async (): Promise<boolean> => {
    try {
      await form.validate();
      return true;
    } catch {
      setCurrent(firstErrorStep() ?? 0);
      void renderer.message.error('请检查表单中标红的内容');
      return false;
    }
  };

  const submit = async (
    action: SubmitAction,
    sign: (context: Record<string, unknown>) => Promise<SignRecord | null>,
  ): Promise<void> => {
    if (!(await validate())) return;
    const values = cleanValues(toJS(form.values)) as Record<string, unknown>;
    // What `form.load` read is the form's to read, not to send (no field has its name: schemas:check).
    if (load) delete values[load.as];
    try {
      if (body.submit) {
        let signature: SignRecord | null = null;
        const signing = body.submit.signature;
        if (action.sign && signing) {
          const bank = signing.bank ? values[signing.bank] : undefined;
          signature = await sign({ scope: signing.scope, ...(bank ? { ukeyBank: bank } : {}) });
          if (!signature) return;
        }
        const answer = await submitToEndpoint(renderer, body.submit, values, signature);
        if (body.keep) keptForms?.clear(body.keep.as);
        const to = action.redirect ? fillTemplate(action.redirect, answer, query) : undefined;
        // A topic the host maps to its own event (the portal: `session` reads the user's session again).
        if (action.announce) renderer.announce?.(action.announce);
        if (action.result) {
          setDone({ ...action.result, to });
          return;
        }
        // `""` says nothing (the page itself shows what changed, as the real-name page's face check does).
        if (action.success !== '') void renderer.message.success(action.success ?? '提交成功');
        if (to) renderer.navigate(to, { replace: true });
        // A form that stays on its page (person info's 修改密码) is emptied for the next entry.
        else await form.reset('*', { forceClear: true });
        return;
      }
      const saved = editing
        ? await renderer.request<BizRecord>({
            method: 'PUT',
            url: recordPath(model, query.id ?? ''),
            // The loaded record fills the form; only what the form shows is sent back.
            data: { ...pick(values, editNames), version: loaded.data?.version },
          })
        : await renderer.request<BizRecord>({ method: 'POST', url: recordsPath(model), data: values });
      if (action.then && saved) {
        let signature: SignRecord | null = null;
        if (action.sign) {
          // The record exists now: the signature names what it approves (model/id/action).
          signature = await sign({
            model,
            id: saved.id,
            action: action.then,
            scope: signScope(model, String(saved.id), action.then),
          });
          if (!signature) return;
        }
        await renderer.request({
          method: 'POST',
          url: actionPath(model, saved.id, action.then),
          data: { version: saved.version, ...(signature ? { signature } : {}) },
        });
      }
      if (action.success !== '') void renderer.message.success(action.success ?? '提交成功');
      if (action.redirect) renderer.navigate(fillTemplate(action.redirect, saved, query));
      else refreshParts?.();
    } catch (error) {
      const unplaced = showFieldErrors(form, fieldErrorsOf(error));
      const step = firstErrorStep();
      if (step !== null) setCurrent(step);
      void renderer.message.error([errorMessage(error), ...unplaced].join('；'));
    }
  };

  // An edit form opened without its record: nothing to load (it would wait for ever).
  if (editing && !query.id)
    return (
      <PageFrame kind="form" title={schema.route.title}>
        <MissingRecord />
      </PageFrame>
    );
  if ((editing && !loaded.data) || !SchemaField) {
    return (
      <PageFrame kind="form" title={schema.route.title}>
        {loaded.error ? <LoadError error={loaded.error} onRetry={loaded.reload} /> : <Loading />}
      </PageFrame>
    );
  }

  if (done)
    return (
      <PageFrame kind="form" title={schema.route.title}>
        <Result
          status="success"
          title={done.title}
          subTitle={done.description}
          extra={
            done.button ? (
              <Button
                type="primary"
                data-testid={testIds.action('form', 'result')}
                onClick={() => done.to && renderer.navigate(done.to)}
              >
                {done.button}
              </Button>
            ) : undefined
          }
        />
      </PageFrame>
    );

  const columns = body.columns ?? 2;
  const last = current === steps.length - 1;
  return (
    <PageFrame kind="form" title={schema.route.title}>
      <FormProvider form={form}>
        {body.steps ? (
          <Suspense fallback={<Pending height={56} />}>
            <Steps
              current={current}
              items={body.steps.map((s) => ({ title: s.title }))}
              style={{ marginBottom: 24 }}
            />
          </Suspense>
        ) : null}
        <FormLayout layout="horizontal" labelWidth={body.labelWidth ?? 140} feedbackLayout="terse">
          {steps.map((step, i) => (
            <div
              key={step.key || 'form'}
              className="schema-form-step"
              data-step={step.key || undefined}
              style={{
                display: i === current ? 'grid' : 'none',
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                columnGap: 24,
              }}
            >
              <SchemaField
                schema={
                  step.key
                    ? {
                        type: 'object',
                        properties: {
                          [`${STEP_PREFIX}${step.key}`]: {
                            type: 'void',
                            properties: objectSchema(step.properties).properties,
                          },
                        },
                      }
                    : objectSchema(step.properties)
                }
                scope={scope}
              />
            </div>
          ))}
        </FormLayout>
        <Space
          className="schema-form-actions"
          style={{ marginTop: 24, display: 'flex', justifyContent: 'center' }}
        >
          {current > 0 ? (
            <Button data-testid={testIds.action('step', 'previous')} onClick={() => setCurrent((c) => c - 1)}>
              上一步
            </Button>
          ) : null}
          {!last ? (
            <Button data-testid={testIds.action('step', 'next')} type="primary" onClick={() => void next()}>
              下一步
            </Button>
          ) : null}
          <ActionButtons
            actions={last ? body.actions : body.actions.filter((a) => a.type !== 'submit')}
            area="form"
            values={form.values}
            context={{ model, query, record: loaded.data, onSubmit: submit, validate }}
          />
        </Space>
      </FormProvider>
    </PageFrame>
  );
}
