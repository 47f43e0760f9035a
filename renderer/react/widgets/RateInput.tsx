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
import { formatRate, percentOfRate, rateOfPercent } from '@renderer/core';

export { percentOfRate, rateOfPercent };

export interface RateInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  /** The stored fraction ('0.0725'); empty is undefined. */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** Decimals of the percentage the user may type. @default 4 */
  precision?: number;
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
