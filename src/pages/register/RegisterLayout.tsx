import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { platformLogoUrl } from '@/api';
import { BrandFooter } from '@/shell/BrandFooter';
import { usePlatform } from '@/session/PlatformContext';
import './register.css';

/**
 * Colours of the public pages with at least 4.5:1 contrast on white (WCAG AA): antd's primary button
 * (#1677ff) and secondary texts (45 % black) fall short.
 */
export const PUBLIC_PAGE_THEME = { token: { colorPrimary: '#0958d9', colorTextDescription: '#595959' } };

/** The frame of the public register pages: the platform's top bar and footer around a card. */
export function RegisterLayout(props: {
  title: string;
  children: ReactNode;
  testId: string;
}): React.JSX.Element {
  const { config } = usePlatform();
  return (
    <ConfigProvider theme={PUBLIC_PAGE_THEME}>
      <div className="register-page" data-testid={props.testId}>
        <header
          className="register-top"
          style={{ background: config.topBarColor, color: config.topBarWordColor }}
        >
          <img className="register-logo" src={platformLogoUrl()} alt={config.platformName ?? '平台标志'} />
          <span className="register-top-title">{props.title}</span>
          <span className="register-top-link">
            已有账号？
            <Link to={config.loginUrl} style={{ color: config.topBarWordColor }}>
              立即登录
            </Link>
          </span>
        </header>
        <main className="register-main">{props.children}</main>
        <BrandFooter />
      </div>
    </ConfigProvider>
  );
}
