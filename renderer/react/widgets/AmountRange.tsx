/**
 * AmountRange: two amounts (from, to) for list queries; the list sends `<field>Min` / `<field>Max`.
 * A minimum above the maximum is said under the inputs (and the query form refuses to search with it).
 */
import { connect } from '@formily/react';
import { Space } from 'antd';
import { AmountInputBase, InlineProblem } from './AmountInput';
import { amountRangeProblem } from './amountChecks';

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
  const problem = amountRangeProblem(value);
  const status = problem ? 'error' : undefined;
  return (
    <span style={{ display: 'block', width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <AmountInputBase
          value={low}
          disabled={disabled}
          placeholder="最低金额"
          aria-label="最低金额"
          inlineError={false}
          status={status}
          onChange={(v) => change([v, high])}
        />
        <AmountInputBase
          value={high}
          disabled={disabled}
          placeholder="最高金额"
          aria-label="最高金额"
          inlineError={false}
          status={status}
          onChange={(v) => change([low, v])}
        />
      </Space.Compact>
      {problem ? <InlineProblem testId="amount-range-error">{problem}</InlineProblem> : null}
    </span>
  );
}

/** AmountRange for schemas. */
export const AmountRange = connect(AmountRangeBase);
