import { Form, Input, Space } from 'antd';
import type { FormInstance } from 'antd';
import {
  PASSWORD_MAX_LENGTH,
  validatePassword,
  validatePasswordConfirm,
  validatePhone,
  validateSmsCode,
} from '@renderer/core/validators';
import type { SmsPurpose } from '@contract/registration';
import { ruleOf, required } from './formRules';
import { PasswordStrengthHint } from './PasswordStrengthHint';
import { SmsCodeButton } from './SmsCodeButton';

/**
 * 手机号码 + 短信验证码 with its 获取验证码 button, for any form with the fields `mobile` and `smsCode`
 * (registration, password reset, the person-info mobile change). Before a code is asked for, the fields
 * `alsoValidate` name (besides mobile) must pass; their trimmed values go with the request (the reset's
 * `username`).
 */
export function SmsCodeField(props: {
  form: FormInstance;
  purpose: SmsPurpose;
  /** data-testid prefix: `<prefix>-mobile`, `<prefix>-smsCode`. */
  testId: string;
  mobileLabel?: string;
  mobilePlaceholder: string;
  alsoValidate?: 'username';
}): React.JSX.Element {
  const { form, purpose, testId, alsoValidate } = props;
  return (
    <>
      <Form.Item
        name="mobile"
        label={props.mobileLabel ?? '手机号码'}
        rules={[required('请输入手机号码'), ruleOf(validatePhone)]}
      >
        <Input data-testid={`${testId}-mobile`} maxLength={11} placeholder={props.mobilePlaceholder} />
      </Form.Item>
      <Form.Item label="短信验证码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="smsCode" noStyle rules={[required('请输入短信验证码'), ruleOf(validateSmsCode)]}>
            <Input data-testid={`${testId}-smsCode`} maxLength={6} placeholder="请输入6位短信验证码" />
          </Form.Item>
          <SmsCodeButton
            purpose={purpose}
            target={async () => {
              try {
                const names = alsoValidate ? [alsoValidate, 'mobile'] : ['mobile'];
                const v = (await form.validateFields(names)) as { mobile: string; username?: string };
                return {
                  mobile: v.mobile.trim(),
                  ...(v.username ? { username: v.username.trim() } : {}),
                };
              } catch {
                return null;
              }
            }}
          />
        </Space.Compact>
      </Form.Item>
    </>
  );
}

/**
 * A new password (spec section 5's rule, with the strength hint) and its confirmation, as the fields
 * `password` and `confirmPassword`.
 */
export function NewPasswordFields(props: {
  form: FormInstance;
  testId: string;
  label: string;
  confirmLabel: string;
}): React.JSX.Element {
  const password = Form.useWatch('password', props.form) as string | undefined;
  return (
    <>
      <Form.Item
        name="password"
        label={props.label}
        rules={[{ required: true, message: `请输入${props.label}` }, ruleOf(validatePassword)]}
        extra={<PasswordStrengthHint value={password} />}
      >
        <Input.Password
          data-testid={`${props.testId}-password`}
          maxLength={PASSWORD_MAX_LENGTH}
          autoComplete="new-password"
          placeholder="6-20位，至少包含大写字母、小写字母、数字、符号中的两种"
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={props.confirmLabel}
        dependencies={['password']}
        rules={[
          { required: true, message: `请再次输入${props.label}` },
          ({ getFieldValue }) => ruleOf((v) => validatePasswordConfirm(getFieldValue('password'), v)),
        ]}
      >
        <Input.Password
          data-testid={`${props.testId}-confirmPassword`}
          maxLength={PASSWORD_MAX_LENGTH}
          autoComplete="new-password"
          placeholder={`请再次输入${props.label}`}
        />
      </Form.Item>
    </>
  );
}
