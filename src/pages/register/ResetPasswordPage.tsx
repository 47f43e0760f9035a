import { Button, Card, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ResetPasswordRequest } from '@contract/registration';
import { usePlatform } from '@/session/PlatformContext';
import { required, showServerError } from './formRules';
import { resetPassword } from './registerApi';
import { FormFooter } from './FormFooter';
import { RegisterLayout } from './RegisterLayout';
import { NewPasswordFields, SmsCodeField } from './SmsCodeField';
import { LABEL_COL, TAIL_COL, WRAPPER_COL } from './formLayout';

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

  const submit = async (values: ResetPasswordRequest): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await resetPassword({ ...values, username: values.username.trim(), mobile: values.mobile.trim() });
      setDone(true);
    } catch (e) {
      showServerError(form, e, setError);
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
            labelCol={LABEL_COL}
            wrapperCol={WRAPPER_COL}
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
            <SmsCodeField
              form={form}
              purpose="RESET_PASSWORD"
              testId="reset"
              mobilePlaceholder="请输入该用户绑定的手机号码"
              alsoValidate="username"
            />
            <NewPasswordFields form={form} testId="reset" label="新密码" confirmLabel="确认新密码" />
            <FormFooter
              error={error}
              busy={busy}
              label="重置密码"
              testId="reset"
              wrapperCol={TAIL_COL}
              block
              buttonStyle={{ background: config.topBarColor }}
            />
          </Form>
        )}
      </Card>
    </RegisterLayout>
  );
}
