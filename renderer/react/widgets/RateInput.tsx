/**
 * RateInput: the one input of a rate (an annual or monthly rate, a discount, pledge or margin ratio). The user
 * types a percentage (7.25, with the % sign after the box); the value is the fraction of one the models store
 * ('0.0725', model format `rate`), shifted exactly as decimal text. Read-pretty and every list and detail show
 * it with the one rate display rule (formatRate: 7.25%).
 */
import { connect, mapReadPretty } from '@formily/react';
import { Input } from 'antd';
import type { InputProps } from 'antd';
import { useEffect, useState } from 'react';
import { formatRate, isDecimal, shiftDecimal } from '@renderer/core';

export interface RateInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  /** The stored fraction ('0.0725'); empty is undefined. */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** Decimals of the percentage the user may type. @default 4 */
  precision?: number;
}

/** The percentage a stored fraction is typed as ('0.0725' → '7.25'); '' when there is none. */
export function percentOfRate(value: string | null | undefined): string {
  if (value === undefined || value === null || value === '' || !isDecimal(value)) return value ?? '';
  return shiftDecimal(value, 2);
}

/**
 * The stored fraction of a typed percentage ('7.25' → '0.0725'); text that is not a number, or has more
 * decimals than `precision`, is kept as typed so the field's rule names the problem instead of a silent fix.
 */
export function rateOfPercent(text: string, precision = 4): string | undefined {
  const clean = text.trim().replace(/%$/, '').trim();
  if (clean === '') return undefined;
  const fits = /^\d+(\.\d+)?$/.test(clean) && (clean.split('.')[1]?.length ?? 0) <= precision;
  return fits ? shiftDecimal(clean, -2) : clean;
}

export function RateInputBase({
  value,
  onChange,
  precision = 4,
  placeholder = '如 7.25',
  ...rest
}: RateInputProps): React.JSX.Element {
  // What the user types stays as typed ('7.' while typing 7.25); it follows the value when that changes.
  const [text, setText] = useState(() => percentOfRate(value));
  useEffect(() => {
    setText((typed) =>
      rateOfPercent(typed, precision) === (value ?? undefined) ? typed : percentOfRate(value),
    );
  }, [value, precision]);
  return (
    <Input
      {...rest}
      inputMode="decimal"
      placeholder={placeholder}
      addonAfter="%"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.(rateOfPercent(e.target.value, precision));
      }}
    />
  );
}

/** A rate as text (read-pretty mode). */
export function RateText({ value }: { value?: string | null }): React.JSX.Element {
  return <span className="rate-text">{formatRate(value)}</span>;
}

/** RateInput for schemas (`x-component: 'RateInput'`). */
export const RateInput = connect(RateInputBase, mapReadPretty(RateText));
