import { Alert, Button, Card, Descriptions, Skeleton, Steps, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { maskString } from '@renderer/core/format';
import { fetchApplication, UKEY_APPLICATION_STATUS, type UkeyApplication } from '@/ukey';
import { ALGORITHM_LABEL } from './ukeyLabels';
import { useUkeyRules } from './useTestSignature';

const STEP_OF: Record<UkeyApplication['status'], number> = {
  SUBMITTED: 1,
  ACCEPTED: 2,
  ISSUED: 3,
  REJECTED: 1,
};

/** my/enterprise-info/ukey/apply-detail?id=…: one UKEY application and how far it has come. */
export function UkeyApplyDetailPage(): React.JSX.Element {
  const navigate = useNavigate();
  const rules = useUkeyRules();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [app, setApp] = useState<UkeyApplication | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!id) {
      setError('缺少申请编号');
      return;
    }
    fetchApplication(id)
      .then(setApp)
      .catch((e: Error) => setError(e.message));
  }, [id]);

  const back = (
    <Button onClick={() => navigate('/my/enterprise-info/ukey/apply')} data-testid="apply-detail-back">
      返回申请
    </Button>
  );
  if (error) return <Alert type="error" showIcon message={error} action={back} />;
  if (!app) return <Skeleton active />;
  const status = UKEY_APPLICATION_STATUS[app.status];
  return (
    <Card title={`UKEY申请详情（申请编号：${app.id}）`} extra={back}>
      <Steps
        style={{ margin: '8px 0 24px' }}
        current={STEP_OF[app.status]}
        status={app.status === 'REJECTED' ? 'error' : app.status === 'ISSUED' ? 'finish' : 'process'}
        items={[{ title: '提交申请' }, { title: '银行受理' }, { title: '制作UKEY' }, { title: '领取UKEY' }]}
      />
      <Descriptions bordered column={2} data-testid="apply-detail">
        <Descriptions.Item label="申请状态">
          <Tag color={status.color}>{status.label}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="颁发银行">
          {rules.issuers.find((i) => i.code === app.ukeyBank)?.name ?? app.ukeyBank}
        </Descriptions.Item>
        <Descriptions.Item label="签名算法">
          {ALGORITHM_LABEL[app.algorithm] ?? app.algorithm}
        </Descriptions.Item>
        <Descriptions.Item label="申请数量">{app.quantity}</Descriptions.Item>
        <Descriptions.Item label="持有人">{app.holderName}</Descriptions.Item>
        <Descriptions.Item label="联系手机">{maskString(app.contactMobile)}</Descriptions.Item>
        <Descriptions.Item label="申请人">{app.applicantName}</Descriptions.Item>
        <Descriptions.Item label="申请时间">{app.createdAt}</Descriptions.Item>
        <Descriptions.Item label="申请原因" span={2}>
          {app.reason}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
