import { Button, Card, Descriptions, Modal } from 'antd';
import { useLocation } from 'react-router-dom';
import { LOGIN_PATH, LOGOUT_CONFIRM_MESSAGE, logoutUrl } from '@/api';
import { useSession } from '@/session/SessionContext';
import { clearOnLogout } from '@/session/storage';

/** After login: who is logged in, in which enterprise and role (the full shell replaces this page). */
export function HomePage(): React.JSX.Element {
  const { security } = useSession();
  const location = useLocation();
  const { user3, currentRole3 } = security;
  const logout = (): void => {
    Modal.confirm({
      title: '提示',
      content: LOGOUT_CONFIRM_MESSAGE,
      okText: '确定',
      cancelText: '取消',
      onOk: () => {
        clearOnLogout();
        window.location.assign(logoutUrl(`/cv3${LOGIN_PATH}`));
      },
    });
  };
  return (
    <div style={{ maxWidth: 720, margin: '48px auto' }}>
      <Card title="欢迎使用供应链金融服务平台" extra={<Button onClick={logout} data-testid="logout">退出登录</Button>}>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="用户">
            <span data-testid="current-user">{user3.personName}</span>（{user3.userName}）
          </Descriptions.Item>
          <Descriptions.Item label="企业">
            <span data-testid="current-corp">{user3.corpName}</span>
          </Descriptions.Item>
          <Descriptions.Item label="当前角色">
            <span data-testid="current-role">{currentRole3?.roleName ?? '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label="当前页面">{location.pathname}</Descriptions.Item>
        </Descriptions>
      </Card>
    </div>
  );
}
