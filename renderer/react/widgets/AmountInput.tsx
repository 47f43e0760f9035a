/**
 * AmountInput (spec section 5): min 0, max 99999999999999.98, 2 decimals, placeholder 金额,
 * thousands separators while typing, and a decimal-string value — antd InputNumber in string mode,
 * so 16 significant digits survive exactly (a double cannot hold 99999999999999.98).
 * A value outside the bounds is never changed behind the user's back (no clamping, no rounding): it
 * stays as typed and the user is told what is wrong — by the field's validator in a form, else by
 * the input itself.
 */
import { connect, mapProps, mapReadPretty } from '@formily/react';
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
import { amountProblem } from './amountChecks';

export { amountProblem };

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
  /** Shows what is wrong with the value under the input (off when a form field's validator says it). @default true */
  inlineError?: boolean;
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
  // Only a value the input accepts is shown rounded to its decimals; any other stays as typed.
  const fits = isDecimal(value) && (String(value).split('.')[1]?.length ?? 0) <= precision;
  return fits ? formatAmount(value, precision) : groupTyped(String(value));
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
  inlineError = true,
  ...rest
}: AmountInputProps): React.JSX.Element {
  const problem = amountProblem(value, min, max, precision);
  // No min, max or precision on InputNumber: it would clamp and round the value without a word.
  const input = (
    <InputNumber<string>
      {...rest}
      stringMode
      placeholder={placeholder}
      status={problem ? 'error' : rest.status}
      aria-invalid={problem ? true : undefined}
      style={{ width: '100%', ...style }}
      value={value === undefined || value === '' ? null : value}
      formatter={(text, info) =>
        info.userTyping ? groupTyped(info.input) : formatAmountInputValue(text, precision)
      }
      parser={parseAmountInput}
      onChange={(next) => onChange?.(next === null || next === '' ? undefined : String(next))}
    />
  );
  if (!inlineError) return input;
  // The same tree with or without a message: a remount would take the caret away while typing.
  return (
    <span style={{ display: 'block', width: '100%' }}>
      {input}
      {problem ? <InlineProblem testId="amount-input-error">{problem}</InlineProblem> : null}
    </span>
  );
}

/** What is wrong with a typed value, under its input (read out by screen readers as it appears). */
export function InlineProblem({ testId, children }: { testId: string; children: string }): React.JSX.Element {
  return (
    <span role="alert" data-testid={testId} style={{ display: 'block', color: '#cf1322', fontSize: 12 }}>
      {children}
    </span>
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

/**
 * AmountInput for schemas (`x-component: 'AmountInput'`): a field with validators reports the problem
 * itself (FormItem feedback), a field without shows it under the input.
 */
export const AmountInput = connect(
  AmountInputBase,
  mapProps((props, field) => ({
    ...props,
    inlineError: !('validator' in field && Array.isArray(field.validator) && field.validator.length > 0),
  })),
  mapReadPretty(AmountText),
);
