/**
 * The forms' select keeps the focus where the user went: rc-select gives the focus back to a select a
 * timer after an option is picked (widgets/KeptFocusSelect.tsx), and on a busy page that timer ran after
 * the user had clicked into the next field, so what they typed there was lost (an e2e once lost its
 * 应收账款金额 that way). Here the timer runs after the next field has the focus, as it did then.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Select as AntdSelect } from 'antd';
import type { SelectProps } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { KeptFocusSelect } from '@renderer/react/widgets/KeptFocusSelect';

const OPTIONS = [
  { label: '施工合同', value: 'construction' },
  { label: '采购合同', value: 'purchase' },
];

/** Lets the timers set so far run (rc-select's give-back among them). */
const timersRun = (): Promise<void> => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

function renderForm(Select: React.ComponentType<SelectProps>): {
  selectInput: HTMLElement;
  next: HTMLElement;
} {
  render(
    <div>
      <Select aria-label="合同类型" options={OPTIONS} open />
      <input aria-label="应收账款金额" />
    </div>,
  );
  return {
    selectInput: screen.getByRole('combobox'),
    next: screen.getByRole('textbox', { name: '应收账款金额' }),
  };
}

/** Picks an option with the mouse, as a user does (rc-select sets its give-back timer on the mouse-down). */
function pick(label: string): void {
  const option = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${label}"]`);
  if (!option) throw new Error(`no option ${label}`);
  fireEvent.mouseDown(option);
  fireEvent.click(option);
}

describe('KeptFocusSelect', () => {
  afterEach(cleanup);

  it('leaves the focus in the next field the user went to before the give-back timer ran', async () => {
    const { selectInput, next } = renderForm(KeptFocusSelect);
    selectInput.focus();
    pick('施工合同');
    next.focus();
    await timersRun();
    expect(document.activeElement).toBe(next);
  });

  it('this is what antd’s own select does: the timer takes the focus from the next field', async () => {
    // The premise of the widget: should antd stop doing it, KeptFocusSelect can go.
    const { selectInput, next } = renderForm(AntdSelect);
    selectInput.focus();
    pick('施工合同');
    next.focus();
    await timersRun();
    expect(document.activeElement).toBe(selectInput);
  });

  it('still gets the focus back after a pick when the user went nowhere else', async () => {
    const { selectInput } = renderForm(KeptFocusSelect);
    selectInput.focus();
    pick('采购合同');
    selectInput.blur();
    await timersRun();
    expect(document.activeElement).toBe(selectInput);
  });

  it('takes the focus when the user clicks into it from another field', async () => {
    const { selectInput, next } = renderForm(KeptFocusSelect);
    next.focus();
    fireEvent.mouseDown(selectInput);
    selectInput.focus();
    await timersRun();
    expect(document.activeElement).toBe(selectInput);
  });
});
