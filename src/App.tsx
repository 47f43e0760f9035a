import { RouterProvider } from 'react-router-dom';
import { router } from './router/router';
import { PlatformProvider } from './session/PlatformContext';

/** The portal root: the host's brand and the router (antd's locale and App load with src/AntdRoot.tsx). */
export function App(): React.JSX.Element {
  return (
    <PlatformProvider>
      <RouterProvider router={router} />
    </PlatformProvider>
  );
}
