/**
 * A row of declared buttons: shown by role, by `visible` expression and (for navigation) by the
 * host's `canOpen`; run through {@link useActionRunner}.
 */
import { Button, Space, Tooltip } from 'antd';
import type { ActionSchema } from '@renderer/core';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import type { RendererContextValue } from '@renderer/react/context/RendererProvider';
import { testIds } from '@renderer/react/testIds';
import type { ActionArea } from '@renderer/react/testIds';
import { evaluateCondition, fillTemplate } from './conditions';
import { isSigningAction, UkeySignTrigger } from './UkeySignTrigger';
import type { ConditionScope } from './conditions';
import { useActionRunner } from './useActionRunner';
import type { ActionContext } from './useActionRunner';

/** The scope of action conditions for a context. */
export function conditionScope(
  renderer: RendererContextValue,
  context: Pick<ActionContext, 'record' | 'query'>,
  values?: unknown,
): ConditionScope {
  return { ...renderer.scope, $record: context.record ?? {}, $query: context.query, $values: values ?? {} };
}

/** {@link conditionScope} with the provider's services. */
export function useConditionScope(
  context: Pick<ActionContext, 'record' | 'query'>,
  values?: unknown,
): ConditionScope {
  return conditionScope(useRenderer(), context, values);
}

/** The actions of `actions` the current user sees here (a plain function: list rows call it per row). */
export function visibleActions(
  renderer: RendererContextValue,
  actions: readonly ActionSchema[] | undefined,
  context: ActionContext,
  scope: ConditionScope,
): ActionSchema[] {
  return (actions ?? []).filter((action) => {
    if (action.roles && !(renderer.currentRole && action.roles.includes(renderer.currentRole))) return false;
    // The server lists on each record the transitions the current role and enterprise may run now, and
    // apart those a related record blocks (shown disabled with the reason, see blockedReason).
    const offered = context.record?.actions;
    if (
      action.type === 'action' &&
      Array.isArray(offered) &&
      !offered.includes(action.action) &&
      !blockedReason(action, context)
    )
      return false;
    if (action.type === 'navigate' && renderer.canOpen) {
      const path = fillTemplate(action.to, context.record, context.query).split('?')[0] ?? '';
      if (!renderer.canOpen(path)) return false;
    }
    return evaluateCondition(action.visible, scope, renderer.functions);
  });
}

/**
 * Why the server would refuse this model action now because of related records (the record's
 * `blockedActions`, from the model's `requires`, ADR 0014), or null.
 */
export function blockedReason(action: ActionSchema, context: Pick<ActionContext, 'record'>): string | null {
  if (action.type !== 'action') return null;
  const blocked = context.record?.blockedActions;
  if (!blocked || typeof blocked !== 'object') return null;
  const reason = (blocked as Record<string, unknown>)[action.action];
  return typeof reason === 'string' ? reason : null;
}

/** Props of {@link ActionButtons}. */
export interface ActionButtonsProps {
  actions: readonly ActionSchema[] | undefined;
  area: ActionArea;
  context: ActionContext;
  /** Form values, for `$values` in conditions. */
  values?: unknown;
  /** Link-style small buttons (table rows). */
  link?: boolean;
  /** Disables every button (e.g. while the page saves). */
  disabled?: boolean;
}

/** The runner of {@link useActionRunner}. */
export type ActionRunner = ReturnType<typeof useActionRunner>;

/**
 * The buttons alone, run by a runner owned by the caller: a list shares one runner (and one set of
 * dialogs) among all its rows.
 */
export function ActionButtonRow({
  actions,
  area,
  context,
  values,
  link,
  disabled,
  runner,
}: ActionButtonsProps & { runner: ActionRunner }): React.JSX.Element | null {
  const renderer = useRenderer();
  const scope = conditionScope(renderer, context, values);
  const visible = visibleActions(renderer, actions, context, scope);
  if (visible.length === 0) return null;
  const buttons = visible.map((action) => {
    const blocked = blockedReason(action, context);
    // A signing action is the UKEY sign button, the same everywhere (UkeySignTrigger).
    const Kind = isSigningAction(action) ? UkeySignTrigger : Button;
    const button = (
      <Kind
        key={action.key}
        data-testid={testIds.action(area, action.key)}
        type={link ? 'link' : action.primary ? 'primary' : 'default'}
        size={link ? 'small' : 'middle'}
        danger={action.danger}
        loading={runner.running === action.key}
        disabled={
          blocked !== null ||
          disabled ||
          (runner.running !== null && runner.running !== action.key) ||
          evaluateCondition(action.disabled, scope, renderer.functions, false)
        }
        onClick={() => void runner.run(action, context)}
      >
        {action.label}
      </Kind>
    );
    // A disabled button takes no pointer events: the span carries the reason's tooltip.
    return blocked === null ? (
      button
    ) : (
      <Tooltip key={action.key} title={blocked}>
        <span data-testid={testIds.action(area, `${action.key}-blocked`)}>{button}</span>
      </Tooltip>
    );
  });
  // Table rows hold many of these: a plain span is lighter than Space.
  return link ? <span className="schema-row-actions">{buttons}</span> : <Space wrap>{buttons}</Space>;
}

/** Renders the visible buttons of `actions`, with their own runner and dialogs. */
export function ActionButtons(props: ActionButtonsProps): React.JSX.Element {
  const runner = useActionRunner();
  return (
    <>
      <ActionButtonRow {...props} runner={runner} />
      {runner.dialogs}
    </>
  );
}
