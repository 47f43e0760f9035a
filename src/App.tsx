import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { RouterProvider } from 'react-router-dom';
import { router } from './router/router';
import { PlatformProvider } from './session/PlatformContext';

// Date pickers name months and weekdays through dayjs: Chinese everywhere (antd's locale alone does not).
dayjs.locale('zh-cn');

/** Text colours with at least 4.5:1 contrast on white (WCAG AA): antd's placeholder (#bfbfbf) and link (#1677ff) fall short. */
const THEME = { token: { colorTextPlaceholder: '#767676', colorLink: '#0958d9' } };

/**
 * The portal root: Chinese locale, the host's brand, the router. antd's App holds the message API above
 * the routes, so a message shown just before a navigation survives it.
 */
export function App(): React.JSX.Element {
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      <AntdApp>
        <PlatformProvider>
          <RouterProvider router={router} />
        </PlatformProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
