import { Card, Descriptions, Space, Tag } from 'antd';
import { useSession } from '@/session/SessionContext';
import { PRODUCT_TITLES } from '@/shell/products';
import { roleKindName, roleLabel } from '@contract/roles';
import { EnterpriseProfileCard } from './EnterpriseProfileCard';
import { maskPersonalData } from '@contract/personalData';

/** A role as the account centre names it: its side and post (链属企业经办岗), or its own name (默认角色). */
const roleTitle = (r: { roleCode: string; roleName: string }): string =>
  `${roleKindName(r.roleCode)}${roleLabel(r.roleCode) || r.roleName}`;

/** /my/account/info: who is logged in, their roles and opened products, and their enterprise's master data. */
export function AccountInfoPage(): React.JSX.Element {
  const { security } = useSession();
  const { user3, roles3, currentRole3, openedProductCorps } = security;
  const opened = Object.entries(openedProductCorps).filter(([, v]) => v);
  // A user's only role is current even when it is not stored as such (ROLE_CORP_DEFAULT, spec section 4).
  const current = currentRole3 ?? (roles3.length === 1 ? roles3[0] : null);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card data-testid="account-info">
        <Descriptions column={2} bordered size="small">
          <Descriptions.Item label="姓名">{user3.personName}</Descriptions.Item>
          <Descriptions.Item label="用户名">{user3.userName}</Descriptions.Item>
          <Descriptions.Item label="手机号">
            <span data-testid="account-mobile">{maskPersonalData('mobile', user3.mobile)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="所属企业">{user3.corpName}</Descriptions.Item>
          <Descriptions.Item label="当前角色">
            <span data-testid="account-current-role">{current ? roleTitle(current) : '——'}</span>
          </Descriptions.Item>
          <Descriptions.Item label="全部角色">
            {roles3.map((r) => (
              <Tag key={r.roleCode}>{roleTitle(r)}</Tag>
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
