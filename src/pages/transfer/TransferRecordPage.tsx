import { Table } from 'antd';
import { useEffect, useState } from 'react';
import { call, type PageResult } from '@/api';
import { PRODUCT_TITLES } from '@/shell/products';
import { API } from '@contract/api';

interface SwitchRecord {
  id: number;
  productType: string;
  productSubtype: string | null;
  createdAt: string;
}

/** /transfer-record (opens in a new window): the user's product switches, newest first. */
export function TransferRecordPage(): React.JSX.Element {
  const [rows, setRows] = useState<SwitchRecord[] | null>(null);
  useEffect(() => {
    call<PageResult<SwitchRecord>>(API.productSwitches)
      .then((r) => setRows(r.list))
      .catch(() => setRows([]));
  }, []);
  return (
    <Table<SwitchRecord>
      rowKey="id"
      loading={rows === null}
      dataSource={rows ?? []}
      pagination={false}
      data-testid="transfer-records"
      locale={{ emptyText: '暂无切换记录' }}
      columns={[
        { title: '产品', dataIndex: 'productType', render: (p: string) => PRODUCT_TITLES[p] ?? p },
        { title: '切换时间', dataIndex: 'createdAt' },
      ]}
    />
  );
}
