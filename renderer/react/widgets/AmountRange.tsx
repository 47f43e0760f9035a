/**
 * AmountRange: two amounts (from, to) for list queries; the list sends `<field>Min` / `<field>Max`.
 */
import { connect } from '@formily/react';
import { Space } from 'antd';
import { AmountInputBase } from './AmountInput';

/** Props of {@link AmountRangeBase}. */
export interface AmountRangeProps {
  /** `[min, max]`, each a decimal string or empty. */
  value?: Array<string | undefined> | null;
  onChange?: (value: Array<string | undefined> | undefined) => void;
  disabled?: boolean;
}

/** The range input, usable without Formily. */
export function AmountRangeBase({ value, onChange, disabled }: AmountRangeProps): React.JSX.Element {
  const [low, high] = Array.isArray(value) ? value : [];
  const change = (next: Array<string | undefined>): void =>
    onChange?.(next.every((v) => v === undefined) ? undefined : next);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <AmountInputBase
        value={low}
        disabled={disabled}
        placeholder="最低金额"
        onChange={(v) => change([v, high])}
      />
      <AmountInputBase
        value={high}
        disabled={disabled}
        placeholder="最高金额"
        onChange={(v) => change([low, v])}
      />
    </Space.Compact>
  );
}

/** AmountRange for schemas. */
export const AmountRange = connect(AmountRangeBase);
