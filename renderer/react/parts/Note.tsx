import type { HTMLAttributes, ReactNode } from 'react';

import { DANGER_TEXT, SECONDARY_TEXT } from '@renderer/react/context/accessibleTheme';

const COLORS = { danger: DANGER_TEXT, secondary: SECONDARY_TEXT } as const;

/**
 * A line of secondary or error text in antd's colours (antd Typography would add its whole module to
 * every schema page for this).
 */
export function Note({
  type,
  children,
  style,
  ...rest
}: { type: keyof typeof COLORS; children: ReactNode } & HTMLAttributes<HTMLSpanElement>): React.JSX.Element {
  return (
    <span {...rest} style={{ color: COLORS[type], ...style }}>
      {children}
    </span>
  );
}
