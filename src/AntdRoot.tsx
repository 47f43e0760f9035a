import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Outlet } from 'react-router-dom';
import { useAntdTheme } from './antdTheme';

// Date pickers name months and weekdays through dayjs: Chinese everywhere (antd's locale alone does not).
dayjs.locale('zh-cn');

/**
 * The layout route above every screen built with antd: Chinese locale, the accessible theme (src/antdTheme.ts),
 * and antd's App, which holds the message API above the routes, so a message shown just before a navigation survives it.
 * It loads with the first such screen: the login page is plain markup and opens without antd.
 */
export function AntdRoot(): React.JSX.Element {
  return (
    <ConfigProvider locale={zhCN} theme={useAntdTheme()}>
      <AntdApp>
        <Outlet />
      </AntdApp>
    </ConfigProvider>
  );
}
