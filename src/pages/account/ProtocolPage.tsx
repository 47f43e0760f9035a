import { Card, Modal, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { PRODUCT_AGREEMENTS_API, PROTOCOLS_API, type SignedAgreement } from '@contract/registration';
import { chinaDateTime } from '@renderer/core/format';
import { apiGet } from '@/api';
import { API_BASE } from '@/api/constants';

/**
 * /my/protocol/index: the agreements the user's enterprise signed: those accepted at registration (viewable
 * here) and those signed in the products (contracts and agreements the products declare), each as PDF.
 */
export function ProtocolPage(): React.JSX.Element {
  const [rows, setRows] = useState<SignedAgreement[] | null>(null);
  const [viewing, setViewing] = useState<SignedAgreement | null>(null);
  useEffect(() => {
    const lists = [PROTOCOLS_API, PRODUCT_AGREEMENTS_API].map((api) =>
      apiGet<SignedAgreement[]>(api).catch(() => []),
    );
    void Promise.all(lists).then((found) => setRows(found.flat()));
  }, []);
  return (
    <Card title="协议管理" data-testid="protocol-list">
      <Table<SignedAgreement>
        rowKey="code"
        size="small"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={false}
        locale={{ emptyText: '暂无已签署的协议' }}
        columns={[
          { title: '协议名称', dataIndex: 'title' },
          { title: '版本/编号', dataIndex: 'version' },
          {
            title: '签署时间',
            dataIndex: 'signedAt',
            render: (v: string) => chinaDateTime(v),
          },
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, row) => (
              <Space>
                {row.paragraphs ? (
                  <Typography.Link onClick={() => setViewing(row)}>查看</Typography.Link>
                ) : null}
                <Typography.Link href={`${API_BASE}${row.pdf}`} download>
                  下载
                </Typography.Link>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={viewing !== null}
        title={viewing?.title}
        footer={null}
        width={720}
        onCancel={() => setViewing(null)}
      >
        {viewing?.paragraphs?.map((p) => (
          <Typography.Paragraph key={p}>{p}</Typography.Paragraph>
        ))}
      </Modal>
    </Card>
  );
}
