import { Alert, Card, Descriptions, Form, Input, Space, Tag, message } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { PASSWORD_MAX_LENGTH } from '@renderer/core/validators';
import { call } from '@/api';
import { encryptPassword } from '@/api/passwordCipher';
import { useSession } from '@/session/SessionContext';
import { FormFooter } from '@/pages/register/FormFooter';
import { required, showServerError } from '@/pages/register/formRules';
import { NewPasswordFields, SmsCodeField } from '@/pages/register/SmsCodeField';
import { maskPersonalData } from '@contract/personalData';
import { API } from '@contract/api';

interface PersonInfo {
  userName: string;
  personName: string;
  mobile: string;
  corpName: string;
  roles: Array<{ roleCode: string; roleName: string }>;
}

interface PasswordValues {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

interface MobileValues {
  mobile: string;
  smsCode: string;
}

const FOOTER_COL = { offset: 5, span: 12 };

async function encrypt(password: string): Promise<string> {
  const key = await call(API.passwordKey);
  return encryptPassword(password, key.publicKey);
}

/**
 * /my/person-info/index: the logged-in user's own profile; 修改密码 (the old password, a new one by spec
 * section 5's rule; the user's other sessions end) and 更换手机号码 (an SMS code sent to the new phone).
 */
export function PersonInfoPage(): React.JSX.Element {
  const { reload, security } = useSession();
  const mustChange = security.user3.passwordChangeRequired;
  const [info, setInfo] = useState<PersonInfo | null>(null);
  const [passwordForm] = Form.useForm<PasswordValues>();
  const [mobileForm] = Form.useForm<MobileValues>();
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [mobileError, setMobileError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'password' | 'mobile' | null>(null);

  const load = useCallback(async () => setInfo(await call<PersonInfo>(API.personMe)), []);
  useEffect(() => {
    load().catch(() => undefined);
  }, [load]);

  const changePassword = async (v: PasswordValues): Promise<void> => {
    setBusy('password');
    setPasswordError(null);
    try {
      await call(API.personPassword, {
        body: {
          oldPassword: await encrypt(v.oldPassword),
          password: await encrypt(v.password),
          confirmPassword: await encrypt(v.confirmPassword),
        },
      });
      passwordForm.resetFields();
      void message.success('密码修改成功，您在其他设备上的登录已失效');
      // A changed initial password opens the platform: on to the user's home page.
      if (mustChange) await reload(undefined, () => '/');
    } catch (e) {
      showServerError(passwordForm, e, setPasswordError);
    } finally {
      setBusy(null);
    }
  };

  const changeMobile = async (v: MobileValues): Promise<void> => {
    setBusy('mobile');
    setMobileError(null);
    try {
      await call(API.personMobile, { body: { mobile: v.mobile.trim(), smsCode: v.smsCode.trim() } });
      mobileForm.resetFields();
      void message.success('手机号码更换成功');
      await Promise.all([load(), reload()]);
    } catch (e) {
      showServerError(mobileForm, e, setMobileError);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="person-info">
      {mustChange ? (
        <Alert
          type="warning"
          showIcon
          data-testid="password-change-required"
          message="您正在使用管理员设置的初始密码，请先修改密码"
          description="为了账户安全，首次登录须将初始密码修改为只有您知道的新密码，修改后即可正常使用平台。"
        />
      ) : null}
      <Card title="个人信息">
        {info && (
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label="姓名">{info.personName}</Descriptions.Item>
            <Descriptions.Item label="用户名">{info.userName}</Descriptions.Item>
            <Descriptions.Item label="手机号码">
              <span data-testid="person-mobile-current">{maskPersonalData('mobile', info.mobile)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="所属企业">{info.corpName}</Descriptions.Item>
            <Descriptions.Item label="角色" span={2}>
              {info.roles.map((r) => (
                <Tag key={r.roleCode}>{r.roleName}</Tag>
              ))}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card title="修改密码">
        <Form<PasswordValues>
          form={passwordForm}
          labelCol={{ span: 5 }}
          wrapperCol={{ span: 12 }}
          onFinish={(v) => void changePassword(v)}
        >
          <Form.Item name="oldPassword" label="原密码" rules={[required('请输入原密码')]}>
            <Input.Password
              data-testid="person-oldPassword"
              maxLength={PASSWORD_MAX_LENGTH}
              autoComplete="current-password"
              placeholder="请输入原密码"
            />
          </Form.Item>
          <NewPasswordFields form={passwordForm} testId="person" label="新密码" confirmLabel="确认新密码" />
          <FormFooter
            error={passwordError}
            busy={busy === 'password'}
            label="修改密码"
            testId="person-password"
            wrapperCol={FOOTER_COL}
          />
        </Form>
      </Card>
      <Card title="更换手机号码">
        <Form<MobileValues>
          form={mobileForm}
          labelCol={{ span: 5 }}
          wrapperCol={{ span: 12 }}
          onFinish={(v) => void changeMobile(v)}
        >
          <SmsCodeField
            form={mobileForm}
            purpose="CHANGE_MOBILE"
            testId="person"
            mobileLabel="新手机号码"
            mobilePlaceholder="请输入新手机号码"
          />
          <FormFooter
            error={mobileError}
            busy={busy === 'mobile'}
            label="更换手机号码"
            testId="person-mobile"
            wrapperCol={FOOTER_COL}
          />
        </Form>
      </Card>
    </Space>
  );
}
