import { Card, Descriptions, Space, Tag } from 'antd';
import { useSession } from '@/session/SessionContext';
import { PRODUCT_TITLES } from '@/shell/products';
import { roleKindName, roleLabel } from '@contract/roles';
import { EnterpriseProfileCard } from './EnterpriseProfileCard';
import { maskPersonalData } from '@contract/personalData';

/** /my/account/info: who is logged in, their roles and opened products, and their enterprise's master data. */
export function AccountInfoPage(): React.JSX.Element {
  const { security } = useSession();
  const { user3, roles3, currentRole3, openedProductCorps } = security;
  const opened = Object.entries(openedProductCorps).filter(([, v]) => v);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card data-testid="account-info">
        <Descriptions column={2} bordered size="small">
          <Descriptions.Item label="姓名">{user3.personName}</Descriptions.Item>
          <Descriptions.Item label="用户名">{user3.userName}</Descriptions.Item>
          <Descriptions.Item label="手机号">{maskPersonalData('mobile', user3.mobile)}</Descriptions.Item>
          <Descriptions.Item label="所属企业">{user3.corpName}</Descriptions.Item>
          <Descriptions.Item label="当前角色">
            {currentRole3
              ? `${roleKindName(currentRole3.roleCode)}${roleLabel(currentRole3.roleCode)}`
              : '——'}
          </Descriptions.Item>
          <Descriptions.Item label="全部角色">
            {roles3.map((r) => (
              <Tag
                key={r.roleCode}
              >{`${roleKindName(r.roleCode)}${roleLabel(r.roleCode) || r.roleName}`}</Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label="已开通产品" span={2}>
            {opened.length
              ? opened.map(([p]) => (
                  <Tag key={p} color="blue">
                    {PRODUCT_TITLES[p] ?? p}
                  </Tag>
                ))
              : '暂未开通产品'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <EnterpriseProfileCard />
    </Space>
  );
}
