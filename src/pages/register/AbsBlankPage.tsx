import { Button, Card, Result, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { RegisterLayout } from './RegisterLayout';

/**
 * /register/abs/blank: the ABS brand's landing page between its login and registration, for visitors
 * without an account on the ABS platform.
 */
export function AbsBlankPage(): React.JSX.Element {
  const navigate = useNavigate();
  return (
    <RegisterLayout title="ABS平台" testId="abs-blank">
      <Card className="register-card">
        <Result
          status="info"
          title="欢迎使用ABS平台"
          subTitle="贵企业尚未在ABS平台注册。请先完成企业注册，注册后使用注册的用户名登录。"
          extra={
            <Space>
              <Button
                type="primary"
                data-testid="abs-blank-register"
                onClick={() => navigate('/register/abs/register')}
              >
                企业注册
              </Button>
              <Button onClick={() => navigate('/login/abs/login')}>返回登录</Button>
            </Space>
          }
        />
      </Card>
    </RegisterLayout>
  );
}
