import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '@/session/SessionContext';
import { PRODUCT_TITLES } from '@/shell/products';
import { roleKindName, roleLabel } from '@contract/roles';

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

/**
 * Spec section 4: where a product switch sends a role that is neither operator nor director when the product
 * gives it no page. The enterprise may have opened the product (the role just has no menus there): it says so.
 */
export function ContactManagerPage(): React.JSX.Element {
  const { security } = useSession();
  const [params] = useSearchParams();
  const product = params.get('product') ?? '';
  const role = security.currentRole3?.roleCode ?? null;
  if (product && security.openedProductCorps[product] && PRODUCT_TITLES[product])
    return (
      <ErrorResult
        status="info"
        title="当前角色在该产品中没有可用的功能"
        subTitle={`贵企业已开通${PRODUCT_TITLES[product]}，但您当前的角色（${roleKindName(role)}${roleLabel(role)}）在该产品中没有菜单权限。如需使用，请联系贵企业的管理员为您分配该产品的岗位。`}
        testId="error-contact-manager"
      />
    );
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
