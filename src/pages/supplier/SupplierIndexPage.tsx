import { Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { call, type PageResult } from '@/api';
import { PRODUCT_TITLES } from '@/shell/products';
import { API } from '@contract/api';

interface Supplier {
  id: string;
  name: string;
  creditCode: string;
  corpType: 'CHAIN' | 'UNIT';
  registryStatus: 'NORMAL' | 'CANCELLED';
  products: string;
}

/** /supplier/index: supply-chain enterprise management for core enterprises. */
export function SupplierIndexPage(): React.JSX.Element {
  const [rows, setRows] = useState<Supplier[] | null>(null);
  useEffect(() => {
    call<PageResult<Supplier>>(API.suppliers)
      .then((r) => setRows(r.list))
      .catch(() => setRows([]));
  }, []);
  return (
    <Table<Supplier>
      rowKey="id"
      loading={rows === null}
      dataSource={rows ?? []}
      pagination={false}
      data-testid="supplier-table"
      columns={[
        { title: '企业名称', dataIndex: 'name' },
        { title: '统一社会信用代码', dataIndex: 'creditCode' },
        {
          title: '企业类型',
          dataIndex: 'corpType',
          render: (t: string) => (t === 'UNIT' ? '非法人单位' : '链属企业'),
        },
        {
          title: '工商状态',
          dataIndex: 'registryStatus',
          render: (s: string) =>
            s === 'CANCELLED' ? <Tag color="red">注销</Tag> : <Tag color="green">存续</Tag>,
        },
        {
          title: '已开通产品',
          dataIndex: 'products',
          render: (p: string) =>
            p
              ? p
                  .split(',')
                  .map((k) => PRODUCT_TITLES[k] ?? k)
                  .join('、')
              : '——',
        },
      ]}
    />
  );
}
