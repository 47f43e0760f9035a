import { Alert, Button, Form, type FormItemProps } from 'antd';
import type { CSSProperties } from 'react';

/**
 * The end of a hand-written form: the server's refusal (when there is one) above the submit button, both
 * aligned with the fields. `testId` names them `<testId>-error` and `<testId>-submit`.
 */
export function FormFooter(props: {
  error: string | null;
  busy: boolean;
  label: string;
  testId: string;
  wrapperCol: FormItemProps['wrapperCol'];
  block?: boolean;
  buttonStyle?: CSSProperties;
}): React.JSX.Element {
  return (
    <>
      {props.error && (
        <Form.Item wrapperCol={props.wrapperCol}>
          <Alert type="error" showIcon message={props.error} data-testid={`${props.testId}-error`} />
        </Form.Item>
      )}
      <Form.Item wrapperCol={props.wrapperCol}>
        <Button
          type="primary"
          htmlType="submit"
          block={props.block}
          loading={props.busy}
          data-testid={`${props.testId}-submit`}
          style={props.buttonStyle}
        >
          {props.label}
        </Button>
      </Form.Item>
    </>
  );
}
