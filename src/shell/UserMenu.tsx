import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import {
  ApiRequestError,
  LOGOUT_CONFIRM_MESSAGE,
  logoutUrl,
  NETWORK_ERROR_MESSAGE,
  startLogout,
  switchVersion,
} from '@/api';
import { DOWNLOAD_CENTRE_PATH } from '@/pages/download/downloadCentrePath';
import { usePlatform } from '@/session/PlatformContext';
import { useSession } from '@/session/SessionContext';
import { clearOnLogout, storeRole } from '@/session/storage';
import { headerRoleLabel, roleKindName, roleLabel } from '@contract/roles';
import { tips } from './tips';

/** User name, role label, role switching, version switch and logout (spec sections 1, 4, 6). */
export function UserMenu({ color }: { color: string }): React.JSX.Element {
  const { security, reload } = useSession();
  const { config } = usePlatform();
  const navigate = useNavigate();
  const { user3, candidateRoles, currentRole3 } = security;
  const current = currentRole3?.roleCode ?? null;
  // Roles without a post (the default role of a user with no product) show the server's role name.
  const label =
    headerRoleLabel(
      current,
      candidateRoles.map((r) => r.roleCode),
    ) ||
    currentRole3?.roleName ||
    '';

  const items: MenuProps['items'] = [
    { key: 'account', label: '账户信息' },
    { key: 'transfer', label: '产品切换记录', 'data-testid': 'open-transfer-record' },
    { key: 'downloads', label: '下载中心', 'data-testid': 'open-download-centre' },
  ];
  if (candidateRoles.length > 1) {
    items.push({
      key: 'roles',
      label: '切换角色',
      children: candidateRoles.map((r) => ({
        key: `role:${r.roleCode}`,
        label: `${roleKindName(r.roleCode)}${roleLabel(r.roleCode)}`,
        disabled: r.roleCode === current,
        'data-testid': `role-${r.roleCode}`,
      })),
    });
  }
  if (user3.enableSwitchVersion)
    items.push({ key: 'version', label: '切换版本', 'data-testid': 'switch-version' });
  items.push({ type: 'divider' }, { key: 'logout', label: '退出登录', 'data-testid': 'logout' });

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'account') navigate('/my/account/info');
    else if (key === 'downloads') navigate(DOWNLOAD_CENTRE_PATH);
    // /transfer-record opens in a new blank window (spec section 2).
    else if (key === 'transfer') window.open('/cv3/transfer-record', '_blank', 'noopener');
    else if (key === 'version') {
      tips.confirm('是否切换版本？切换后将重新进入首页。', {
        onOk: () =>
          switchVersion().catch((e: unknown) => {
            tips.error(e instanceof ApiRequestError ? e.message : NETWORK_ERROR_MESSAGE);
          }),
      });
    } else if (key === 'logout') {
      tips.confirm(LOGOUT_CONFIRM_MESSAGE, {
        onOk: () => {
          clearOnLogout();
          startLogout();
          window.location.assign(logoutUrl(`/cv3${config.loginUrl}`));
        },
      });
    } else if (key.startsWith('role:')) {
      const role = key.slice('role:'.length);
      storeRole(role);
      void reload(role, () => '/');
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Button type="text" style={{ color }} data-testid="user-menu">
        <UserOutlined />
        <span data-testid="current-user">{user3.personName}</span>
        {label && (
          <span data-testid="role-label" style={{ opacity: 0.85 }}>
            {label}
          </span>
        )}
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
