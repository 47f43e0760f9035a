import { Button, Result } from 'antd';
import { useRouteError } from 'react-router-dom';
import { CSS_CHUNK_LOAD_FAILED } from '@/api';
import { ChunkLoadError } from './chunks';

/** What a screen shows when its code or styles failed to load (spec section 8), with a reload offer. */
export function ChunkFailure({ error }: { error: unknown }): React.JSX.Element {
  const chunk = error instanceof ChunkLoadError;
  const css = chunk && error.code === CSS_CHUNK_LOAD_FAILED;
  return (
    <div data-testid="route-error">
      <Result
        status="warning"
        title={chunk ? '页面资源加载失败' : '页面出错了'}
        subTitle={
          <>
            <div>{css ? '页面样式加载失败，请检查网络后重新加载。' : '请检查网络连接后重新加载页面。'}</div>
            <div data-testid="route-error-detail" style={{ opacity: 0.7 }}>
              {css ? CSS_CHUNK_LOAD_FAILED : error instanceof Error ? error.message : String(error)}
            </div>
          </>
        }
        extra={
          <Button type="primary" onClick={() => window.location.reload()} data-testid="route-error-reload">
            重新加载
          </Button>
        }
      />
    </div>
  );
}

/** The router's error element: any other error while rendering a route. */
export function RouteError(): React.JSX.Element {
  return <ChunkFailure error={useRouteError()} />;
}
