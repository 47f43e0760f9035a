import { Alert, Button, Card, Form, Input, Result, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ResetPasswordRequest } from '@contract/registration';
import {
  PASSWORD_MAX_LENGTH,
  validatePassword,
  validatePasswordConfirm,
  validatePhone,
  validateSmsCode,
} from '@renderer/core/validators';
import { ApiRequestError, NETWORK_ERROR_MESSAGE } from '@/api';
import { usePlatform } from '@/session/PlatformContext';
import { ruleOf, required } from './formRules';
import { PasswordStrengthHint } from './PasswordStrengthHint';
import { resetPassword } from './registerApi';
import { RegisterLayout } from './RegisterLayout';
import { SmsCodeButton } from './SmsCodeButton';

/**
 * /register/reset-password: the user name and its phone, an SMS code, the new password twice. The server
 * ends every session of the user and lifts a login lockout.
 */
export function ResetPasswordPage(): React.JSX.Element {
  const [form] = Form.useForm<ResetPasswordRequest>();
  const navigate = useNavigate();
  const { config } = usePlatform();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const password = Form.useWatch('password', form);

  const submit = async (values: ResetPasswordRequest): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await resetPassword({ ...values, username: values.username.trim(), mobile: values.mobile.trim() });
      setDone(true);
    } catch (e) {
      if (e instanceof ApiRequestError) {
        const field = (e.data as { field?: keyof ResetPasswordRequest } | null)?.field;
        if (field) form.setFields([{ name: field, errors: [e.message] }]);
        else if (e.code.startsWith('SCF.SMS_CODE'))
          form.setFields([{ name: 'smsCode', errors: [e.message] }]);
        else setError(e.message);
      } else setError(NETWORK_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <RegisterLayout title="找回密码" testId="reset-password-page">
      <Card className="register-card" title="重置密码">
        {done ? (
          <Result
            status="success"
            title="密码重置成功"
            subTitle="请使用新密码重新登录。"
            data-testid="reset-done"
            extra={
              <Button type="primary" data-testid="reset-login" onClick={() => navigate(config.loginUrl)}>
                返回登录
              </Button>
            }
          />
        ) : (
          <Form<ResetPasswordRequest>
            form={form}
            labelCol={{ span: 6 }}
            wrapperCol={{ span: 15 }}
            onFinish={(v) => void submit(v)}
          >
            <Form.Item name="username" label="用户名" rules={[required('请输入用户名')]}>
              <Input
                data-testid="reset-username"
                maxLength={50}
                autoComplete="username"
                placeholder="请输入用户名"
              />
            </Form.Item>
            <Form.Item
              name="mobile"
              label="手机号码"
              rules={[required('请输入手机号码'), ruleOf(validatePhone)]}
            >
              <Input data-testid="reset-mobile" maxLength={11} placeholder="请输入该用户绑定的手机号码" />
            </Form.Item>
            <Form.Item label="短信验证码" required>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item
                  name="smsCode"
                  noStyle
                  rules={[required('请输入短信验证码'), ruleOf(validateSmsCode)]}
                >
                  <Input data-testid="reset-smsCode" maxLength={6} placeholder="请输入6位短信验证码" />
                </Form.Item>
                <SmsCodeButton
                  purpose="RESET_PASSWORD"
                  target={async () => {
                    try {
                      const v = await form.validateFields(['username', 'mobile']);
                      return { mobile: v.mobile.trim(), username: v.username.trim() };
                    } catch {
                      return null;
                    }
                  }}
                />
              </Space.Compact>
            </Form.Item>
            <Form.Item
              name="password"
              label="新密码"
              rules={[{ required: true, message: '请输入新密码' }, ruleOf(validatePassword)]}
              extra={<PasswordStrengthHint value={password} />}
            >
              <Input.Password
                data-testid="reset-password"
                maxLength={PASSWORD_MAX_LENGTH}
                autoComplete="new-password"
                placeholder="6-20位，至少包含大写字母、小写字母、数字、符号中的两种"
              />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label="确认新密码"
              dependencies={['password']}
              rules={[
                { required: true, message: '请再次输入新密码' },
                ({ getFieldValue }) => ruleOf((v) => validatePasswordConfirm(getFieldValue('password'), v)),
              ]}
            >
              <Input.Password
                data-testid="reset-confirmPassword"
                maxLength={PASSWORD_MAX_LENGTH}
                autoComplete="new-password"
                placeholder="请再次输入新密码"
              />
            </Form.Item>
            {error && (
              <Form.Item wrapperCol={{ offset: 6, span: 15 }}>
                <Alert type="error" showIcon message={error} data-testid="reset-error" />
              </Form.Item>
            )}
            <Form.Item wrapperCol={{ offset: 6, span: 15 }}>
              <Button
                type="primary"
                htmlType="submit"
                block
                loading={busy}
                data-testid="reset-submit"
                style={{ background: config.topBarColor }}
              >
                重置密码
              </Button>
            </Form.Item>
          </Form>
        )}
      </Card>
    </RegisterLayout>
  );
}
