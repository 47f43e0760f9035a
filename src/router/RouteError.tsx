import { useRouteError } from 'react-router-dom';
import { CSS_CHUNK_LOAD_FAILED } from '@/api';
import { ChunkLoadError } from './chunks';

/** What a screen shows when its code or styles failed to load (spec section 8), with a reload offer. */
export function ChunkFailure({ error }: { error: unknown }): React.JSX.Element {
  const chunk = error instanceof ChunkLoadError;
  const css = chunk && error.code === CSS_CHUNK_LOAD_FAILED;
  // Plain markup: this view is part of the entry chunk, so it must not pull in antd's Result.
  return (
    <div data-testid="route-error" style={{ padding: '64px 24px', textAlign: 'center' }}>
      <div style={{ fontSize: 22, marginBottom: 8 }}>{chunk ? '页面资源加载失败' : '页面出错了'}</div>
      <div style={{ color: '#666' }}>
        {css ? '页面样式加载失败，请检查网络后重新加载。' : '请检查网络连接后重新加载页面。'}
      </div>
      <div data-testid="route-error-detail" style={{ color: '#999', margin: '8px 0 24px' }}>
        {css ? CSS_CHUNK_LOAD_FAILED : error instanceof Error ? error.message : String(error)}
      </div>
      <button
        type="button"
        className="route-error-reload"
        onClick={() => window.location.reload()}
        data-testid="route-error-reload"
      >
        重新加载
      </button>
    </div>
  );
}

/** The router's error element: any other error while rendering a route. */
export function RouteError(): React.JSX.Element {
  return <ChunkFailure error={useRouteError()} />;
}
