/**
 * CapitalAmount: the Chinese capital text (大写金额) of an amount field, updated as the amount is
 * typed. In a schema it is a void node naming the amount field: `"x-component-props": {"of": "amount"}`
 * (`.amount` for a sibling inside an array row).
 */
import { observer, useField } from '@formily/react';
import { EMPTY_PLACEHOLDER, isCapitalConvertible, toChineseCapital } from '@renderer/core';

/** The capital text of `amount` ('' becomes the long dash; an invalid amount shows nothing). */
export function capitalText(amount: unknown): string {
  if (amount === undefined || amount === null || amount === '') return EMPTY_PLACEHOLDER;
  return isCapitalConvertible(amount) ? toChineseCapital(amount) : '';
}

/** The capital text of a given amount, without Formily. */
export function CapitalAmountText({ amount }: { amount?: unknown }): React.JSX.Element {
  return (
    <span className="capital-amount" data-testid="capital-amount">
      {capitalText(amount)}
    </span>
  );
}

/** Props of {@link CapitalAmount}. */
export interface CapitalAmountProps {
  /** Path of the amount field (absolute, or relative with a leading dot). */
  of?: string;
  /** An amount given directly (outside a form, or when `of` is absent). */
  value?: unknown;
}

/** CapitalAmount for schemas: reads the `of` field reactively. */
export const CapitalAmount = observer(function CapitalAmount({
  of,
  value,
}: CapitalAmountProps): React.JSX.Element {
  const field = useField();
  let amount = value;
  if (of && field) {
    const query = field.query(of);
    // A field not mounted (yet) is read from the form values, which hold it anyway.
    amount = query.take() ? query.value() : field.form.getValuesIn(of.replace(/^\.+/, ''));
  }
  return <CapitalAmountText amount={amount} />;
});
