import { QuestionCircleOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { decideAccess, FORBIDDEN_PATH, NOT_FOUND_PATH } from '@/router/access';
import { routeByPath } from '@/router/routeTable';
import { usePlatform } from '@/session/PlatformContext';
import { useSession } from '@/session/SessionContext';
import { BrandFooter } from './BrandFooter';
import { ChatButton } from './ChatButton';
import { ClientStateProvider } from './ClientState';
import { HeaderMenu } from './HeaderMenu';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { NoticeBell } from './NoticeBell';
import { ProductCards } from './ProductCards';
import { ProductSwitch } from './ProductSwitch';
import { UserMenu } from './UserMenu';
import './shell.css';

/**
 * The shell around every page after login: header (brand, menu, product switch, bell, user menu), the page,
 * the footer and the customer-service button; it enforces the access rules of spec section 2.
 */
export function ShellLayout(): React.JSX.Element {
  const { config } = usePlatform();
  const { permitted } = useSession();
  const { pathname } = useLocation();
  const route = routeByPath(pathname);

  useEffect(() => {
    if (route) document.title = `${route.title} - ${config.platformName ?? '供应链金融服务平台'}`;
  }, [route, config.platformName]);

  if (!route) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (decideAccess(pathname, true, permitted) === 'forbidden')
    return <Navigate to={FORBIDDEN_PATH} replace />;

  const word = config.topBarWordColor;
  return (
    <ClientStateProvider>
      <div className="shell">
        <header
          className="shell-top"
          style={{ background: config.topBarColor, color: word }}
          data-testid="shell-top"
        >
          <img className="shell-logo" src={config.platformLogo} alt={config.platformName ?? '平台标志'} />
          {!route.hideTopMenu ? <HeaderMenu color={word} /> : <div style={{ flex: 1 }} />}
          <ProductSwitch color={word} />
          <NoticeBell color={word} />
          <UserMenu color={word} />
        </header>
        <main className="shell-main">
          <div className="shell-title">
            <h2 data-testid="page-title">{route.title}</h2>
            {route.help?.length ? (
              <Tooltip title={`帮助编码：${route.help.join('、')}`}>
                <QuestionCircleOutlined data-testid="page-help" />
              </Tooltip>
            ) : null}
          </div>
          <KeepAliveOutlet />
        </main>
        <section
          className="shell-products"
          style={{ background: config.tailBarColor, color: config.tailBarWordColor }}
        >
          <h3>平台产品</h3>
          <ProductCards color={config.tailBarWordColor} />
        </section>
        <BrandFooter />
        <ChatButton />
      </div>
    </ClientStateProvider>
  );
}
