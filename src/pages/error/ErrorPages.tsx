import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

/** The error pages of spec section 2. */
function ErrorResult(props: {
  status: '403' | '404' | 'info' | 'success' | 'warning';
  title: string;
  subTitle: string;
  testId: string;
}): React.JSX.Element {
  const navigate = useNavigate();
  return (
    <div data-testid={props.testId}>
      <Result
        status={props.status}
        title={props.title}
        subTitle={props.subTitle}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}

export function ForbiddenPage(): React.JSX.Element {
  return (
    <ErrorResult status="403" title="无权限" subTitle="抱歉，您没有访问该页面的权限。" testId="error-403" />
  );
}

export function NotFoundPage(): React.JSX.Element {
  return (
    <ErrorResult status="404" title="页面不存在" subTitle="抱歉，您访问的页面不存在。" testId="error-404" />
  );
}

export function AuthorizedPage(): React.JSX.Element {
  return (
    <ErrorResult
      status="success"
      title="企业已认证"
      subTitle="贵企业已完成认证，无需重复认证。"
      testId="error-authorized"
    />
  );
}

export function ContactManagerPage(): React.JSX.Element {
  return (
    <ErrorResult
      status="info"
      title="暂未开通该产品"
      subTitle="请联系贵企业的经办岗或主管岗开通该产品后再使用。"
      testId="error-contact-manager"
    />
  );
}

/** A public route of spec section 2 whose screen is not built yet: shown without a session or the shell. */
export function PublicPendingPage(): React.JSX.Element {
  const navigate = useNavigate();
  return (
    <div data-testid="public-pending">
      <Result
        status="info"
        title="该页面暂未开放"
        subTitle="该功能正在建设中，请稍后再试。"
        extra={
          <Button type="primary" onClick={() => navigate('/login/login')}>
            返回登录
          </Button>
        }
      />
    </div>
  );
}
