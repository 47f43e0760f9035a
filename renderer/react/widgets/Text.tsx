import type { DisplayFormat } from '@renderer/core';
import { formatText } from '@renderer/react/parts/renderValue';

/** Text: a read-only value in a display format (`x-component-props: {"format": "money"}`), or `x-content`. */
export function Text({
  value,
  format = 'text',
  children,
}: {
  value?: unknown;
  format?: DisplayFormat;
  children?: React.ReactNode;
}): React.JSX.Element {
  return (
    <span className="schema-text">
      {value === undefined && children !== undefined ? children : formatText(value, format)}
    </span>
  );
}
