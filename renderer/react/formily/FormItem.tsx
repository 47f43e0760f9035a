/**
 * The form-field decorator: @formily/antd-v5's FormItem plus the field's `data-testid`
 * (`<scope>-<path>`) and `gridSpan` as a CSS grid span (forms lay out on a plain CSS grid, which is
 * cheaper than FormGrid's measuring).
 */
import { FormItem as FormilyFormItem } from '@formily/antd-v5/esm/form-item';
import { useField } from '@formily/react';
import { cloneElement, isValidElement, useContext } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { testIds } from '@renderer/react/testIds';
import { FieldScopeContext } from './fieldScope';

type Props = ComponentProps<typeof FormilyFormItem> & { gridSpan?: number };

/** FormItem with a test id and grid span. */
export function FormItem({ gridSpan, style, ...props }: Props): React.JSX.Element {
  const field = useField();
  const scope = useContext(FieldScopeContext);
  const span = typeof gridSpan === 'number' && gridSpan > 1 ? { gridColumn: `span ${gridSpan}` } : undefined;
  // The visible label is not tied to the control (selects and pickers have no <label for>): name the
  // control after the field's title, so a screen reader announces it. The name goes onto the control's
  // element as it renders (setting it on the field after mount rendered every field a second time).
  const title = typeof field.title === 'string' ? field.title : undefined;
  const children = title ? named(props.children, title) : props.children;
  return (
    <FormilyFormItem
      {...props}
      children={children}
      style={span ? { ...style, ...span } : style}
      data-testid={testIds.field(scope, field.path.toString())}
    />
  );
}

/** The control element (Formily renders the component as the decorator's child) with `aria-label`, unless it has its own. */
function named(children: ReactNode, title: string): ReactNode {
  if (!isValidElement<{ 'aria-label'?: unknown }>(children) || children.props['aria-label'] !== undefined)
    return children;
  return cloneElement(children, { 'aria-label': title });
}
