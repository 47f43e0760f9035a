import { Alert, Button, Card, Descriptions, Form, Input, Result, Space, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { REALNAME_STATE_LABELS, type RealnameState } from '@contract/registration';
import { isOperatorOrDirector, MANAGER_ROLE } from '@contract/roles';
import { validateIdCard, validatePersonName } from '@renderer/core/validators';
import { ApiRequestError, fetchLicenseNames, NETWORK_ERROR_MESSAGE } from '@/api';
import { ruleOf, required } from '@/pages/register/formRules';
import { fetchRealnameStatus, startFaceCheck, type RealnameStatus } from '@/pages/register/registerApi';
import { useSession } from '@/session/SessionContext';

const STATE_COLOR: Record<RealnameState, string> = {
  NONE: 'default',
  PENDING: 'processing',
  VERIFIED: 'success',
  FAILED: 'error',
};
const POLL_MS = 2000;

/**
 * /my/enterprise-info/realname: real-name verification of the enterprise's legal person by a face check
 * on the phone (/h5/face); the page follows the check until it passes or fails.
 */
export function RealnamePage(): React.JSX.Element {
  const [status, setStatus] = useState<RealnameStatus | null>(null);
  // The legal person the business licence names (spec section 7, license-names; ADR 0015).
  const [licence, setLicence] = useState<{ corpName: string; legalName: string } | null>(null);
  useEffect(() => {
    fetchLicenseNames()
      .then(setLicence)
      .catch(() => setLicence(null));
  }, []);
  const [h5Url, setH5Url] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ legalName: string; legalIdCard: string }>();
  const role = useSession().security.currentRole3?.roleCode ?? null;
  const mayStart = isOperatorOrDirector(role) || role === MANAGER_ROLE;

  const load = useCallback(async (): Promise<void> => {
    try {
      const s = await fetchRealnameStatus();
      setStatus(s);
      if (s.state === 'PENDING' && s.checkId)
        setH5Url(`${window.location.origin}/cv3/h5/face?token=${s.checkId}`);
      if (s.state !== 'PENDING') setH5Url(null);
    } catch (e) {
      setError(e instanceof ApiRequestError ? e.message : NETWORK_ERROR_MESSAGE);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (status?.state !== 'PENDING') return;
    const t = window.setInterval(() => void load(), POLL_MS);
    return () => window.clearInterval(t);
  }, [status?.state, load]);

  const start = async (v: { legalName: string; legalIdCard: string }): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const started = await startFaceCheck(v.legalName.trim(), v.legalIdCard.trim());
      setH5Url(`${window.location.origin}/cv3${started.h5Path}`);
      await load();
    } catch (e) {
      setError(e instanceof ApiRequestError ? e.message : NETWORK_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  if (!status) return error ? <Alert type="error" message={error} /> : <Spin />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="realname-page">
      <Card title="实名认证">
        <Descriptions column={2}>
          <Descriptions.Item label="企业名称">{status.corpName}</Descriptions.Item>
          <Descriptions.Item label="认证状态">
            <Tag color={STATE_COLOR[status.state]} data-testid="realname-state">
              {REALNAME_STATE_LABELS[status.state]}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label="法定代表人">{status.legalName || '—'}</Descriptions.Item>
          <Descriptions.Item label="身份证号">{status.legalIdCard || '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      {status.state === 'VERIFIED' ? (
        <Card>
          <Result status="success" title="贵企业已完成实名认证" subTitle="法定代表人人脸识别已通过。" />
        </Card>
      ) : status.state === 'PENDING' && h5Url ? (
        <Card title="人脸识别">
          <Space direction="vertical">
            <div>请法定代表人使用手机打开以下链接，按提示完成人脸识别（10分钟内有效）：</div>
            <Typography.Text copyable code data-testid="realname-h5-url">
              {h5Url}
            </Typography.Text>
            <Space>
              <Button onClick={() => window.open(h5Url, '_blank', 'noopener')} data-testid="realname-open-h5">
                在本机打开
              </Button>
              <span style={{ color: '#8c8c8c' }}>识别完成后本页自动更新</span>
            </Space>
          </Space>
        </Card>
      ) : !mayStart ? (
        <Alert type="info" showIcon message="请联系贵企业的经办岗、主管岗或管理员发起实名认证" />
      ) : (
        <Card title="法定代表人人脸识别">
          {status.state === 'FAILED' && (
            <Alert
              style={{ marginBottom: 16 }}
              type="error"
              showIcon
              message={`上次认证未通过：${status.reason ?? ''}`}
              data-testid="realname-failed"
            />
          )}
          <Form
            form={form}
            labelCol={{ span: 4 }}
            wrapperCol={{ span: 10 }}
            initialValues={{ legalName: licence?.legalName || status.legalName }}
            key={licence ? 'licence' : 'status'}
            onFinish={(v) => void start(v)}
          >
            <Form.Item
              name="legalName"
              label="法定代表人姓名"
              rules={[required('请输入法定代表人姓名'), ruleOf(validatePersonName)]}
            >
              <Input data-testid="realname-legalName" maxLength={61} />
            </Form.Item>
            <Form.Item wrapperCol={{ offset: 4, span: 10 }} style={{ marginTop: -16 }}>
              <Typography.Text type="secondary" data-testid="realname-licence">
                {licence?.legalName
                  ? `营业执照登记的法定代表人：${licence.legalName}`
                  : '请填写营业执照登记的法定代表人'}
              </Typography.Text>
            </Form.Item>
            <Form.Item
              name="legalIdCard"
              label="身份证号"
              rules={[required('请输入法定代表人身份证号'), ruleOf(validateIdCard)]}
            >
              <Input data-testid="realname-legalIdCard" maxLength={18} />
            </Form.Item>
            {error && (
              <Form.Item wrapperCol={{ offset: 4, span: 10 }}>
                <Alert type="error" showIcon message={error} />
              </Form.Item>
            )}
            <Form.Item wrapperCol={{ offset: 4, span: 10 }}>
              <Button type="primary" htmlType="submit" loading={busy} data-testid="realname-start">
                发起人脸识别
              </Button>
            </Form.Item>
          </Form>
        </Card>
      )}
    </Space>
  );
}
