import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  message,
} from 'antd';
import { useEffect, useState } from 'react';
import { useWriteGeneration } from '@renderer/react/context/writes';
import { useNavigate } from 'react-router-dom';
import { validatePhone } from '@renderer/core/validators';
import {
  applyUkey,
  fetchApplications,
  fetchHolders,
  UKEY_APPLICATION_STATUS,
  type NewUkeyApplication,
  type UkeyApplication,
  type UkeyApplicationStatus,
} from '@/ukey';
import { ALGORITHM_LABEL } from './ukeyLabels';
import { useUkeyRules } from './useTestSignature';

const DETAIL_PATH = '/my/enterprise-info/ukey/apply-detail';

/** my/enterprise-info/ukey/apply: apply for a new UKEY, and the enterprise's applications so far. */
export function UkeyApplyPage(): React.JSX.Element {
  const navigate = useNavigate();
  const rules = useUkeyRules();
  const [form] = Form.useForm<NewUkeyApplication>();
  const [holders, setHolders] = useState<Array<{ userId: string; personName: string }>>([]);
  const [applications, setApplications] = useState<UkeyApplication[] | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Loaded again after every write of the tab (a kept-alive page shows the application just made).
  const writes = useWriteGeneration();
  useEffect(() => {
    fetchHolders()
      .then(setHolders)
      .catch(() => setHolders([]));
    fetchApplications({ page: 1, size: 20 })
      .then((r) => setApplications(r.list))
      .catch(() => setApplications([]));
  }, [writes]);

  const submit = async (values: NewUkeyApplication): Promise<void> => {
    setSubmitting(true);
    setError(null);
    try {
      const created = await applyUkey({ ...values, quantity: Number(values.quantity) });
      void message.success('UKEY申请已提交');
      navigate(`${DETAIL_PATH}?id=${encodeURIComponent(created.id)}`);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="申请UKEY">
        <Form<NewUkeyApplication>
          form={form}
          labelCol={{ span: 5 }}
          wrapperCol={{ span: 12 }}
          initialValues={{ algorithm: 'SM2', quantity: 1 }}
          onFinish={(v) => void submit(v)}
        >
          <Form.Item name="ukeyBank" label="颁发银行" rules={[{ required: true, message: '请选择颁发银行' }]}>
            <Select
              data-testid="apply-bank"
              placeholder="请选择颁发银行"
              options={rules.issuers
                .filter((i) => !i.soft)
                .map((i) => ({ value: i.code, label: i.name, title: i.name }))}
            />
          </Form.Item>
          <Form.Item
            name="algorithm"
            label="签名算法"
            rules={[{ required: true, message: '请选择签名算法' }]}
          >
            <Radio.Group
              options={[
                { value: 'SM2', label: ALGORITHM_LABEL.SM2 },
                { value: 'RSA', label: ALGORITHM_LABEL.RSA },
              ]}
            />
          </Form.Item>
          <Form.Item name="holderUserId" label="持有人" rules={[{ required: true, message: '请选择持有人' }]}>
            <Select
              data-testid="apply-holder"
              placeholder="请选择持有人"
              options={holders.map((h) => ({ value: h.userId, label: h.personName, title: h.personName }))}
            />
          </Form.Item>
          <Form.Item name="quantity" label="申请数量" rules={[{ required: true, message: '请输入申请数量' }]}>
            <InputNumber min={1} max={5} precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item
            name="contactMobile"
            label="联系手机"
            rules={[
              { required: true, message: '请输入联系手机' },
              {
                validator: (_, v: unknown) => {
                  if (v === undefined || v === '') return Promise.resolve();
                  const r = validatePhone(v);
                  return r === true ? Promise.resolve() : Promise.reject(new Error(r));
                },
              },
            ]}
          >
            <Input data-testid="apply-mobile" maxLength={11} placeholder="请输入联系手机" />
          </Form.Item>
          <Form.Item
            name="reason"
            label="申请原因"
            rules={[{ required: true, whitespace: true, message: '请输入申请原因' }]}
          >
            <Input.TextArea
              data-testid="apply-reason"
              maxLength={200}
              showCount
              rows={3}
              placeholder="请输入申请原因"
            />
          </Form.Item>
          {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
          <Form.Item wrapperCol={{ offset: 5 }}>
            <Space>
              <Button type="primary" htmlType="submit" loading={submitting} data-testid="apply-submit">
                提交申请
              </Button>
              <Button onClick={() => navigate('/my/enterprise-info/ukey/list')}>返回</Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card title="申请记录">
        <Table<UkeyApplication>
          rowKey="id"
          size="small"
          loading={applications === null}
          dataSource={applications ?? []}
          pagination={false}
          columns={[
            { title: '申请编号', dataIndex: 'id' },
            {
              title: '颁发银行',
              dataIndex: 'ukeyBank',
              render: (b: string) => rules.issuers.find((i) => i.code === b)?.name ?? b,
            },
            { title: '算法', dataIndex: 'algorithm', render: (a: string) => ALGORITHM_LABEL[a] ?? a },
            { title: '持有人', dataIndex: 'holderName' },
            { title: '数量', dataIndex: 'quantity' },
            {
              title: '状态',
              dataIndex: 'status',
              render: (s: UkeyApplicationStatus) => (
                <Tag color={UKEY_APPLICATION_STATUS[s].color}>{UKEY_APPLICATION_STATUS[s].label}</Tag>
              ),
            },
            { title: '申请时间', dataIndex: 'createdAt' },
            {
              title: '操作',
              key: 'op',
              render: (_: unknown, row) => (
                <Button
                  type="link"
                  size="small"
                  onClick={() => navigate(`${DETAIL_PATH}?id=${encodeURIComponent(row.id)}`)}
                >
                  查看
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
