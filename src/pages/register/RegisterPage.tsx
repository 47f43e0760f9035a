import { Button, Card, Checkbox, Divider, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  AGREEMENT_BOOKS,
  AGREEMENT_CODES,
  type AgreementBook,
  type RegisterRequest,
} from '@contract/registration';
import {
  ENTERPRISE_NAME_MAX_LENGTH,
  validateCreditCode,
  validateEnterpriseName,
  validateIdCard,
  validatePersonName,
  validateUsername,
} from '@renderer/core/validators';
import { usePlatform } from '@/session/PlatformContext';
import { ruleOf, required, showServerError } from './formRules';
import { clearRegisterForm, loadRegisterForm, registerEnterprise, storeRegisterForm } from './registerApi';
import { FormFooter } from './FormFooter';
import { RegisterLayout } from './RegisterLayout';
import { NewPasswordFields, SmsCodeField } from './SmsCodeField';
import { LABEL_COL, TAIL_COL, WRAPPER_COL } from './formLayout';

type RegisterValues = RegisterRequest & { confirmPassword: string; accepted: boolean };

/**
 * Enterprise registration (/register/register, /register/ccbscf, /register/abs/register, branded by the
 * host's platform): enterprise, legal person, account with an SMS-verified phone and a password, the
 * agreements read and accepted. The form (never its passwords or code) survives a reload.
 */
export function RegisterPage(): React.JSX.Element {
  const [form] = Form.useForm<RegisterValues>();
  const navigate = useNavigate();
  const location = useLocation();
  const { config } = usePlatform();
  const [read, setRead] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<AgreementBook | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const allRead = AGREEMENT_CODES.every((c) => read.has(c));
  const abs = location.pathname.startsWith('/register/abs/');

  const submit = async (values: RegisterValues): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const { confirmPassword: _c, accepted: _a, ...request } = values;
      const trimmed = Object.fromEntries(
        Object.entries(request).map(([k, v]) => [
          k,
          typeof v === 'string' && k !== 'password' ? v.trim() : v,
        ]),
      ) as unknown as RegisterRequest;
      const done = await registerEnterprise({ ...trimmed, agreements: [...AGREEMENT_CODES] });
      clearRegisterForm();
      const query = new URLSearchParams({ username: done.username, enterprise: done.enterpriseName });
      navigate(`/register/register-success?${query.toString()}${abs ? '&platform=abs' : ''}`, {
        replace: true,
      });
    } catch (e) {
      showServerError(form, e, setError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <RegisterLayout title={abs ? 'ABS平台企业注册' : '企业注册'} testId="register-page">
      <Card className="register-card" title="企业注册">
        <Form<RegisterValues>
          form={form}
          labelCol={LABEL_COL}
          wrapperCol={WRAPPER_COL}
          initialValues={loadRegisterForm()}
          onValuesChange={(_, all) => storeRegisterForm(all)}
          onFinish={(v) => void submit(v)}
          scrollToFirstError
        >
          <Divider orientation="left">企业信息</Divider>
          <Form.Item
            name="enterpriseName"
            label="企业名称"
            rules={[required('请输入企业名称'), ruleOf(validateEnterpriseName)]}
          >
            <Input
              data-testid="reg-enterpriseName"
              maxLength={ENTERPRISE_NAME_MAX_LENGTH}
              placeholder="请输入营业执照上的企业名称"
            />
          </Form.Item>
          <Form.Item
            name="creditCode"
            label="统一社会信用代码"
            rules={[required('请输入统一社会信用代码'), ruleOf(validateCreditCode)]}
          >
            <Input data-testid="reg-creditCode" maxLength={18} placeholder="请输入18位统一社会信用代码" />
          </Form.Item>
          <Form.Item
            name="legalName"
            label="法定代表人姓名"
            rules={[required('请输入法定代表人姓名'), ruleOf(validatePersonName)]}
          >
            <Input data-testid="reg-legalName" maxLength={61} placeholder="请输入法定代表人姓名" />
          </Form.Item>
          <Form.Item
            name="legalIdCard"
            label="法定代表人身份证号"
            rules={[required('请输入法定代表人身份证号'), ruleOf(validateIdCard)]}
          >
            <Input data-testid="reg-legalIdCard" maxLength={18} placeholder="请输入15位或18位身份证号码" />
          </Form.Item>

          <Divider orientation="left">账户信息</Divider>
          <Form.Item
            name="username"
            label="用户名"
            rules={[required('请输入用户名'), ruleOf(validateUsername)]}
          >
            <Input
              data-testid="reg-username"
              maxLength={20}
              autoComplete="username"
              placeholder="4-20位字母、数字或下划线，以字母开头"
            />
          </Form.Item>
          <Form.Item
            name="contactName"
            label="联系人姓名"
            rules={[required('请输入联系人姓名'), ruleOf(validatePersonName)]}
          >
            <Input data-testid="reg-contactName" maxLength={61} placeholder="请输入联系人姓名" />
          </Form.Item>
          <SmsCodeField
            form={form}
            purpose="REGISTER"
            testId="reg"
            mobilePlaceholder="请输入联系人手机号码"
          />
          <NewPasswordFields form={form} testId="reg" label="登录密码" confirmLabel="确认密码" />
          <Form.Item
            name="accepted"
            valuePropName="checked"
            wrapperCol={TAIL_COL}
            rules={[
              {
                validator: (_, v: unknown) =>
                  v === true ? Promise.resolve() : Promise.reject(new Error('请阅读并同意全部协议')),
              },
            ]}
            extra={allRead ? undefined : <span style={{ color: '#595959' }}>请先点击阅读全部协议</span>}
          >
            <Checkbox data-testid="reg-accept" disabled={!allRead}>
              我已阅读并同意
              {AGREEMENT_BOOKS.map((a) => (
                <a
                  key={a.code}
                  href={`#${a.code}`}
                  data-testid={`agreement-${a.code}`}
                  onClick={(e) => {
                    e.preventDefault();
                    setOpen(a);
                  }}
                >
                  {a.title}
                </a>
              ))}
            </Checkbox>
          </Form.Item>
          <FormFooter
            error={error}
            busy={busy}
            label="注册"
            testId="reg"
            wrapperCol={TAIL_COL}
            block
            buttonStyle={{ background: config.topBarColor }}
          />
        </Form>
      </Card>
      <Modal
        open={open !== null}
        title={open?.title}
        width={720}
        onCancel={() => setOpen(null)}
        footer={
          <Button
            type="primary"
            data-testid="agreement-read"
            onClick={() => {
              if (open) setRead((r) => new Set([...r, open.code]));
              setOpen(null);
            }}
          >
            我已阅读
          </Button>
        }
      >
        <div className="agreement-text" data-testid="agreement-text">
          <p style={{ textIndent: 0, color: '#888' }}>版本：{open?.version}</p>
          {open?.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </Modal>
    </RegisterLayout>
  );
}
