import { QuestionCircleOutlined } from '@ant-design/icons';
import { Spin, Tooltip } from 'antd';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import helpTexts from '@schemas/_dicts/helpTexts.json';
import { platformLogoUrl } from '@/api';
import { decideAccess, FORBIDDEN_PATH, NOT_FOUND_PATH, PASSWORD_CHANGE_PATH } from '@/router/access';
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

/** Screens opened in a window of their own (the 900×700 chat): the page alone, without the portal around it. */
const STANDALONE_PATHS: readonly string[] = ['/service/chat'];

const HELP = new Map(helpTexts.items.map((i) => [i.value, i.label]));

/** The help texts of a route's help codes (codes without a text are left out). */
export function helpText(codes: readonly string[] | undefined): string {
  return (codes ?? []).flatMap((c) => HELP.get(c) ?? []).join('\n');
}

const isHomeUrl = (pathname: string, homeUrl: string | null | undefined): boolean =>
  !!homeUrl && pathname.replace(/\/+$/, '') === homeUrl.replace(/\/+$/, '');

/**
 * The shell around every page after login: header (brand, menu, product switch, bell, user menu), the page,
 * the footer and the customer-service button; it enforces the access rules of spec section 2.
 */
export function ShellLayout(): React.JSX.Element {
  const { config } = usePlatform();
  const { permitted, security, switching } = useSession();
  const { pathname } = useLocation();
  const route = routeByPath(pathname);

  useEffect(() => {
    if (route) document.title = `${route.title} - ${config.platformName ?? '供应链金融服务平台'}`;
  }, [route, config.platformName]);

  // The home URL the server hands out may have no page yet: the home rules then pick the first permitted route.
  if (!route) return <Navigate to={isHomeUrl(pathname, security.homeUrl) ? '/' : NOT_FOUND_PATH} replace />;
  // An initial password is changed first (the server refuses everything else until then).
  if (security.user3.passwordChangeRequired && route.path !== PASSWORD_CHANGE_PATH)
    return <Navigate to={PASSWORD_CHANGE_PATH} replace />;
  if (decideAccess(pathname, true, permitted) === 'forbidden')
    // A role switch leaves this page for one of the new role's (SessionGate): wait for it, no 403 on the way.
    return switching ? <Spin className="shell-switching" /> : <Navigate to={FORBIDDEN_PATH} replace />;
  if (STANDALONE_PATHS.includes(route.path)) return <KeepAliveOutlet />;
  const help = helpText(route.help);

  const word = config.topBarWordColor;
  return (
    <ClientStateProvider>
      <div className="shell">
        <header
          className="shell-top"
          style={{ background: config.topBarColor, color: word }}
          data-testid="shell-top"
        >
          <img className="shell-logo" src={platformLogoUrl()} alt={config.platformName ?? '平台标志'} />
          {!route.hideTopMenu ? <HeaderMenu color={word} /> : <div style={{ flex: 1 }} />}
          <ProductSwitch color={word} />
          <NoticeBell color={word} />
          <UserMenu color={word} />
        </header>
        <main className="shell-main">
          <div className="shell-title">
            <h2 data-testid="page-title">{route.title}</h2>
            {help ? (
              <Tooltip title={<span style={{ whiteSpace: 'pre-line' }}>{help}</span>}>
                <QuestionCircleOutlined data-testid="page-help" aria-label="帮助" />
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
