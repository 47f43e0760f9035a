import { Card, Modal, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { PROTOCOLS_API, type SignedAgreement } from '@contract/registration';
import { apiGet } from '@/api';
import { API_BASE } from '@/api/constants';

/** /my/protocol/index: the agreements the user's enterprise signed, each viewable and downloadable as PDF. */
export function ProtocolPage(): React.JSX.Element {
  const [rows, setRows] = useState<SignedAgreement[] | null>(null);
  const [viewing, setViewing] = useState<SignedAgreement | null>(null);
  useEffect(() => {
    void apiGet<SignedAgreement[]>(PROTOCOLS_API).then(setRows, () => setRows([]));
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
          { title: '版本', dataIndex: 'version' },
          {
            title: '签署时间',
            dataIndex: 'signedAt',
            render: (v: string) => v.slice(0, 19).replace('T', ' '),
          },
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, row) => (
              <Space>
                <Typography.Link onClick={() => setViewing(row)}>查看</Typography.Link>
                <Typography.Link href={`${API_BASE}${PROTOCOLS_API}/${row.code}`} download>
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
        {viewing?.paragraphs.map((p) => (
          <Typography.Paragraph key={p}>{p}</Typography.Paragraph>
        ))}
      </Modal>
    </Card>
  );
}
