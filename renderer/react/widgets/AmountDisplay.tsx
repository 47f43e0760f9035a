/**
 * AmountDisplay: a rich read-only amount (spec section 5): the amount with thousands separators and
 * 元, the same amount in the unit steps 元 / 万元 / 亿元 / 万亿 (by 10000 once the integer part has 5
 * digits), and its Chinese capital text. Decimal strings throughout; no Number arithmetic.
 * In a schema: `"x-component": "AmountDisplay"` on the amount field itself (it shows the field's
 * value), or on a void node with `"of": "amount"`.
 */
import { observer, useField } from '@formily/react';
import type { GeneralField } from '@formily/core';
import { EMPTY_PLACEHOLDER, formatAmount, formatAmountUnit } from '@renderer/core';
import { capitalText } from './CapitalAmount';

/** Props of {@link AmountDisplayText}. */
export interface AmountDisplayProps {
  /** The amount (a decimal string). */
  value?: unknown;
  /** Path of the amount field to show (absolute, or relative with a leading dot); instead of `value`. */
  of?: string;
  /** Decimals of the amount. @default 2 */
  decimals?: number;
  /** Show the amount in its unit step (万元, 亿元...). @default true */
  unit?: boolean;
  /** Show the Chinese capital text. @default true */
  capital?: boolean;
}

/** The display itself, without Formily. */
export function AmountDisplayText({
  value,
  decimals = 2,
  unit = true,
  capital = true,
}: AmountDisplayProps): React.JSX.Element {
  const amount = formatAmount(value as string, decimals);
  const stepped = formatAmountUnit(value as string, decimals);
  const missing = amount === EMPTY_PLACEHOLDER;
  return (
    <span
      className="amount-display"
      data-testid="amount-display"
      style={{ display: 'inline-flex', flexDirection: 'column' }}
    >
      <span className="amount-display-value" style={{ fontWeight: 600 }}>
        {missing ? EMPTY_PLACEHOLDER : `${amount} 元`}
      </span>
      {!missing && unit && stepped.unit !== '元' ? (
        <span className="amount-display-unit" style={{ color: 'rgba(0,0,0,0.55)' }}>
          {`约 ${formatAmount(stepped.value, decimals)} ${stepped.unit}`}
        </span>
      ) : null}
      {!missing && capital ? (
        <span className="amount-display-capital" style={{ color: 'rgba(0,0,0,0.55)' }}>
          {capitalText(value)}
        </span>
      ) : null}
    </span>
  );
}

function amountOf(field: GeneralField | undefined, of: string | undefined, value: unknown): unknown {
  if (!of || !field) return value;
  const query = field.query(of);
  return query.take() ? query.value() : field.form.getValuesIn(of.replace(/^\.+/, ''));
}

/** AmountDisplay for schemas: the field's own value, or the `of` field's, read reactively. */
export const AmountDisplay = observer(function AmountDisplay(props: AmountDisplayProps): React.JSX.Element {
  const field = useField();
  return <AmountDisplayText {...props} value={amountOf(field, props.of, props.value)} />;
});
