import { Button, Card, Form, Input, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PageResult } from '@/api';
import { fetchStateCaNormal, fetchUkeys, UKEY_STATUS_LABELS, type UkeyItem, type UkeyStatus } from '@/ukey';
import { ALGORITHM_LABEL, validityText } from './ukeyLabels';
import { UkeyTestSign } from './UkeyTestSign';
import { useUkeyRules } from './useTestSignature';

interface Query {
  ukeyNo?: string;
  status?: UkeyStatus;
}

const EMPTY: PageResult<UkeyItem> = { list: [], pagecond: { count: 0, page: 1, size: 10 } };

/** my/enterprise-info/ukey/list: the enterprise's keys, and a test signature with the inserted key. */
export function UkeyListPage(): React.JSX.Element {
  const navigate = useNavigate();
  const rules = useUkeyRules();
  const [form] = Form.useForm<Query>();
  const [query, setQuery] = useState<Query>({});
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const [data, setData] = useState<PageResult<UkeyItem> | null>(null);
  const [caNormal, setCaNormal] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    fetchStateCaNormal()
      .then((normal) => live && setCaNormal(normal))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    let live = true;
    setData(null);
    fetchUkeys({
      ...paging,
      ...(query.ukeyNo ? { ukeyNo: query.ukeyNo } : {}),
      ...(query.status ? { status: query.status } : {}),
    })
      .then((r) => live && setData(r))
      .catch(() => live && setData(EMPTY));
    return () => {
      live = false;
    };
  }, [paging, query]);

  // Preselect the bank of the first usable hardware key.
  const defaultBank = useMemo(
    () => data?.list.find((k) => k.status === 'NORMAL' && k.kind === 'HARDWARE')?.bank,
    [data],
  );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title="UKEY列表"
        extra={
          <Space>
            {caNormal === null ? null : (
              <Tag color={caNormal ? 'green' : 'red'} data-testid="ukey-ca-state">
                {caNormal ? '企业证书状态正常' : '企业暂无可用证书'}
              </Tag>
            )}
            <Button
              onClick={() => navigate('/my/enterprise-info/ukey/apply')}
              type="primary"
              data-testid="ukey-apply"
            >
              申请UKEY
            </Button>
          </Space>
        }
      >
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 16 }}
          onFinish={(v) => {
            setQuery({
              ...(v.ukeyNo?.trim() ? { ukeyNo: v.ukeyNo.trim() } : {}),
              ...(v.status ? { status: v.status } : {}),
            });
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        >
          <Form.Item name="ukeyNo" label="介质编号">
            <Input allowClear placeholder="请输入介质编号" data-testid="ukey-query-no" />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select
              allowClear
              placeholder="全部"
              style={{ width: 140 }}
              options={Object.entries(UKEY_STATUS_LABELS).map(([value, s]) => ({ value, label: s.label }))}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setQuery({});
                  setPaging((p) => ({ ...p, page: 1 }));
                }}
              >
                重置
              </Button>
            </Space>
          </Form.Item>
        </Form>
        <Table<UkeyItem>
          rowKey="id"
          data-testid="ukey-table"
          loading={data === null}
          dataSource={data?.list ?? []}
          scroll={{ x: 1100 }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: data?.pagecond.count ?? 0,
            showTotal: (t) => `共 ${t} 条`,
            onChange: (page, size) => setPaging({ page, size }),
          }}
          columns={[
            { title: '介质编号', dataIndex: 'ukeyNo', width: 170 },
            {
              title: '证书序列号',
              dataIndex: 'certSerial',
              width: 200,
              ellipsis: { showTitle: false },
              render: (s: string) => (
                <Tooltip title={s}>
                  <code>{s}</code>
                </Tooltip>
              ),
            },
            {
              title: '颁发机构',
              dataIndex: 'bankName',
              width: 150,
              render: (name: string, row) => <Tooltip title={row.issuerDN}>{name}</Tooltip>,
            },
            {
              title: '算法',
              dataIndex: 'algorithm',
              width: 120,
              render: (a: string) => ALGORITHM_LABEL[a] ?? a,
            },
            {
              title: '有效期',
              key: 'validity',
              width: 220,
              render: (_: unknown, row) => validityText(row.notBefore, row.notAfter),
            },
            {
              title: '状态',
              dataIndex: 'status',
              width: 90,
              render: (s: UkeyStatus) => (
                <Tag color={UKEY_STATUS_LABELS[s].color}>{UKEY_STATUS_LABELS[s].label}</Tag>
              ),
            },
            { title: '持有人', dataIndex: 'holderName', width: 100, render: (h: string | null) => h ?? '——' },
          ]}
        />
      </Card>
      <Card title="测试签名">
        <UkeyTestSign issuers={rules.issuers} defaultBank={defaultBank} />
      </Card>
    </Space>
  );
}
