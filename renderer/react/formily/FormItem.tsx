/**
 * The form-field decorator: @formily/antd-v5's FormItem plus the field's `data-testid`
 * (`<scope>-<path>`) and `gridSpan` as a CSS grid span (forms lay out on a plain CSS grid, which is
 * cheaper than FormGrid's measuring).
 */
import { FormItem as FormilyFormItem } from '@formily/antd-v5/esm/form-item';
import { useField } from '@formily/react';
import { useContext, useEffect } from 'react';
import type { ComponentProps } from 'react';
import { testIds } from '@renderer/react/testIds';
import { FieldScopeContext } from './fieldScope';

type Props = ComponentProps<typeof FormilyFormItem> & { gridSpan?: number };

/** FormItem with a test id and grid span. */
export function FormItem({ gridSpan, style, ...props }: Props): React.JSX.Element {
  const field = useField();
  const scope = useContext(FieldScopeContext);
  const span = typeof gridSpan === 'number' && gridSpan > 1 ? { gridColumn: `span ${gridSpan}` } : undefined;
  // The visible label is not tied to the control (selects and pickers have no <label for>): name the
  // control after the field's title, so a screen reader announces it.
  const title = typeof field.title === 'string' ? field.title : undefined;
  useEffect(() => {
    if (!title || !('setComponentProps' in field)) return;
    const own = (field.componentProps as Record<string, unknown> | undefined)?.['aria-label'];
    if (own === undefined) field.setComponentProps({ 'aria-label': title });
  }, [field, title]);
  return (
    <FormilyFormItem
      {...props}
      style={span ? { ...style, ...span } : style}
      data-testid={testIds.field(scope, field.path.toString())}
    />
  );
}
