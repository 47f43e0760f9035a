/**
 * The one button of every UKEY signature (DESIGN.md: the UKEY sign button): the key icon before its label.
 * Every `"sign": true` action (ActionButtons) and the UkeySignButton field render it, so a user knows a
 * signing step by one look wherever it is (`data-ukey-sign` marks it for tests and styles).
 */
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';

export function UkeySignTrigger({ children, ...props }: ButtonProps): React.JSX.Element {
  return (
    <Button icon={<SafetyCertificateOutlined />} data-ukey-sign="" {...props}>
      {children}
    </Button>
  );
}

/** Whether an action signs with the UKEY (its button is then the {@link UkeySignTrigger}). */
export const isSigningAction = (action: object): boolean => (action as { sign?: unknown }).sign === true;
