/**
 * antd's Select that never takes the focus back from the field the user has moved on to (the forms'
 * `Select` and `RemoteSelect` are made of it).
 *
 * rc-select gives the focus back to the select a timer after a mouse-down in its dropdown
 * (rc-select/es/BaseSelect/index.js, `onInternalMouseDown`: `setTimeout(() => selector.focus())` unless
 * the dropdown holds the focus). On a busy main thread (a slow machine, a page's first load) that timer
 * runs after the user has picked an option and clicked into the next field: what they type there goes to
 * the select, and the field stays empty. {@link KeptFocusSelect} hands such a focus back.
 */
import { Select as AntdSelect } from 'antd';
import type { SelectProps } from 'antd';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { MouseEvent, Ref } from 'react';

type SelectRef = React.ComponentRef<typeof AntdSelect>;

/** The element that had the focus, if the user can type or choose there (not the page, not a dropdown). */
function fieldLeft(element: EventTarget | null, select: Element): HTMLElement | null {
  if (!(element instanceof HTMLElement) || !element.isConnected || element === document.body) return null;
  if (select.contains(element) || element.closest('.ant-select-dropdown')) return null;
  return element;
}

/**
 * antd's Select that hands the focus back to the field the user went to when rc-select's delayed
 * give-back (see the file comment) takes it from there. The focus is watched on the select's own element
 * in the capture phase: rc-select calls its `onFocus` only once its blur has settled (10 ms later).
 */
export const KeptFocusSelect = forwardRef(function KeptFocusSelect(
  { onMouseDown, ...props }: SelectProps,
  ref: Ref<SelectRef>,
): React.JSX.Element {
  const select = useRef<SelectRef>(null);
  useImperativeHandle(ref, () => select.current as SelectRef);
  // Between a mouse-down in the dropdown and rc-select's timer: the only focus that timer gives.
  const givingBack = useRef(false);
  useEffect(() => {
    const root = select.current?.nativeElement;
    if (!root) return undefined;
    const onFocusIn = (event: FocusEvent): void => {
      const left = givingBack.current ? fieldLeft(event.relatedTarget, root) : null;
      givingBack.current = false;
      left?.focus();
    };
    root.addEventListener('focusin', onFocusIn, true);
    return () => root.removeEventListener('focusin', onFocusIn, true);
  }, []);
  return (
    <AntdSelect
      {...props}
      ref={select}
      onMouseDown={(event: MouseEvent<HTMLDivElement>) => {
        onMouseDown?.(event);
        // The dropdown is portalled out of the select's element; a mouse-down on the select itself is
        // the user's own click into it.
        if (event.currentTarget.contains(event.target as Node)) return;
        givingBack.current = true;
        // rc-select's timer was set before this handler ran; timers of one delay run in order.
        setTimeout(() => {
          givingBack.current = false;
        });
      }}
    />
  );
});
