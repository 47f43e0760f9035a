import { Card, Form, Input, Result, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { validateBankCard } from '@renderer/core/validators';
import { fetchCanInputCcbNumber } from '@/ukey';
import { UkeyTestSign } from '@/pages/ukey/UkeyTestSign';
import { useUkeyRules } from '@/pages/ukey/useTestSignature';
import { IdentifyTabs } from './IdentifyTabs';

/**
 * register/abs/identify/ukey: the enterprise proves who it is by signing with its hardware key; the
 * server verifies the signature against the certificate bound to the enterprise.
 */
export function IdentifyUkeyPage(): React.JSX.Element {
  const rules = useUkeyRules();
  // Spec section 4: the card-number entry appears once the key-binding check answers '0' with true.
  const [canInputCCBNumber, setCanInputCCBNumber] = useState(false);
  const [cardValid, setCardValid] = useState(false);
  const [done, setDone] = useState(false);
  const [form] = Form.useForm<{ ccbNumber?: string }>();

  useEffect(() => {
    void fetchCanInputCcbNumber().then(setCanInputCCBNumber);
  }, []);

  if (done) {
    return (
      <Card data-testid="identify-success">
        <Result status="success" title="UKEY认证成功" subTitle="贵企业的UKEY签名已通过平台验证。" />
      </Card>
    );
  }
  return (
    <Card title="企业身份认证">
      <IdentifyTabs current="/register/abs/identify/ukey" />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          请插入贵企业在银行办理的UKEY，选择颁发银行后进行签名认证。
        </Typography.Paragraph>
        {canInputCCBNumber ? (
          <Form
            form={form}
            layout="inline"
            onValuesChange={(_, v) => setCardValid(validateBankCard(v.ccbNumber) === true)}
          >
            <Form.Item
              name="ccbNumber"
              label="建设银行卡号"
              rules={[
                { required: true, message: '请输入建设银行卡号' },
                {
                  validator: (_, v: unknown) => {
                    const r = validateBankCard(v);
                    if (v === undefined || v === '' || r === true) return Promise.resolve();
                    return Promise.reject(new Error(r));
                  },
                },
              ]}
            >
              <Input
                data-testid="ccb-number"
                maxLength={19}
                style={{ width: 240 }}
                placeholder="请输入建设银行卡号"
              />
            </Form.Item>
          </Form>
        ) : null}
        {canInputCCBNumber && !cardValid ? (
          <Typography.Text type="warning">请先输入正确的建设银行卡号。</Typography.Text>
        ) : (
          <UkeyTestSign
            issuers={rules.issuers}
            buttonText="UKEY认证"
            successTitle="UKEY认证成功"
            scope="identify/ukey"
            onDone={(s) => s.phase === 'verified' && setDone(true)}
          />
        )}
      </Space>
    </Card>
  );
}
