/**
 * AmountInput (spec section 5): min 0, max 99999999999999.98, 2 decimals, placeholder 金额,
 * thousands separators while typing, and a decimal-string value — antd InputNumber in string mode,
 * so 16 significant digits survive exactly (a double cannot hold 99999999999999.98).
 */
import { connect, mapReadPretty } from '@formily/react';
import { InputNumber } from 'antd';
import type { InputNumberProps } from 'antd';
import {
  AMOUNT_DECIMALS,
  AMOUNT_MAX,
  AMOUNT_MIN,
  EMPTY_PLACEHOLDER,
  formatAmount,
  isDecimal,
} from '@renderer/core';

/** Props of {@link AmountInputBase}. */
export interface AmountInputProps extends Omit<
  InputNumberProps<string>,
  'value' | 'onChange' | 'stringMode' | 'formatter' | 'parser'
> {
  /** A decimal string ('1234.5'); empty is undefined. */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** @default '0' */
  min?: string;
  /** @default '99999999999999.98' */
  max?: string;
  /** @default 2 */
  precision?: number;
}

const group = (integer: string): string => integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * The text shown while typing: what the user typed, with the integer part grouped and the rest
 * (a trailing '.', typed decimals) kept, so the caret never fights the formatting.
 */
export function groupTyped(input: string): string {
  const clean = input.replace(/,/g, '');
  const match = /^(-?)(\d*)(\.?)(\d*)(.*)$/.exec(clean);
  if (!match) return clean;
  const [, sign = '', integer = '', dot = '', fraction = '', rest = ''] = match;
  return `${sign}${group(integer)}${dot}${fraction}${rest}`;
}

/** The text of a value when not typing: grouped with fixed decimals. */
export function formatAmountInputValue(
  value: string | undefined,
  precision: number = AMOUNT_DECIMALS,
): string {
  if (value === undefined || value === null || value === '') return '';
  return isDecimal(value) ? formatAmount(value, precision) : String(value);
}

/** Reads back what {@link groupTyped} / {@link formatAmountInputValue} wrote. */
export function parseAmountInput(text: string | undefined): string {
  return (text ?? '').replace(/,/g, '').replace(/[^\d.-]/g, '');
}

/** The amount input, usable without Formily. */
export function AmountInputBase({
  value,
  onChange,
  min = AMOUNT_MIN,
  max = AMOUNT_MAX,
  precision = AMOUNT_DECIMALS,
  placeholder = '金额',
  style,
  ...rest
}: AmountInputProps): React.JSX.Element {
  return (
    <InputNumber<string>
      {...rest}
      stringMode
      min={min}
      max={max}
      precision={precision}
      placeholder={placeholder}
      style={{ width: '100%', ...style }}
      value={value === undefined || value === '' ? null : value}
      formatter={(text, info) =>
        info.userTyping ? groupTyped(info.input) : formatAmountInputValue(text, precision)
      }
      parser={parseAmountInput}
      onChange={(next) => onChange?.(next === null || next === '' ? undefined : String(next))}
    />
  );
}

/** An amount as text, with separators (read-pretty mode). */
export function AmountText({ value }: { value?: string | null }): React.JSX.Element {
  return (
    <span className="amount-text">
      {value === undefined || value === null || value === '' ? EMPTY_PLACEHOLDER : formatAmount(value)}
    </span>
  );
}

/** AmountInput for schemas (`x-component: 'AmountInput'`). */
export const AmountInput = connect(AmountInputBase, mapReadPretty(AmountText));
