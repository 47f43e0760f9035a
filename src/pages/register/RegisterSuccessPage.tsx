import { Button, Card, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePlatform } from '@/session/PlatformContext';
import { RegisterLayout } from './RegisterLayout';

/** /register/register-success: the new enterprise's user name and the way to the login page. */
export function RegisterSuccessPage(): React.JSX.Element {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { config } = usePlatform();
  const username = params.get('username') ?? '';
  const enterprise = params.get('enterprise') ?? '';
  const loginPath = params.get('platform') === 'abs' ? '/login/abs/login' : config.loginUrl;
  return (
    <RegisterLayout title="企业注册" testId="register-success">
      <Card className="register-card">
        <Result
          status="success"
          title="注册成功"
          subTitle={
            <>
              {enterprise && <div>企业名称：{enterprise}</div>}
              {username && (
                <div>
                  登录用户名：<span data-testid="success-username">{username}</span>
                </div>
              )}
              <div>
                请使用注册的用户名和密码登录，登录后可申请开通产品，并在“实名认证”中完成法定代表人人脸识别。
              </div>
            </>
          }
          extra={
            <Button type="primary" data-testid="success-login" onClick={() => navigate(loginPath)}>
              立即登录
            </Button>
          }
        />
      </Card>
    </RegisterLayout>
  );
}
