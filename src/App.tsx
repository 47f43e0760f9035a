import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { RouterProvider } from 'react-router-dom';
import { router } from './router/router';
import { PlatformProvider } from './session/PlatformContext';

/** The portal root: Chinese locale, the host's brand, the router. */
export function App(): React.JSX.Element {
  return (
    <ConfigProvider locale={zhCN}>
      <PlatformProvider>
        <RouterProvider router={router} />
      </PlatformProvider>
    </ConfigProvider>
  );
}
