import { Alert, Button, ConfigProvider, Spin } from 'antd';
import type { ReactNode } from 'react';
import type { PageKind } from '@renderer/core';
import { ACCESSIBLE_THEME } from '@renderer/react/context/accessibleTheme';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { errorMessage } from '@renderer/react/context/services';
import { testIds } from '@renderer/react/testIds';

/** The root of every schema page: its kind, its title, its content, in colours readable by all (≥ 4.5:1). */
export function PageFrame({
  kind,
  title,
  children,
}: {
  kind: PageKind;
  title: string;
  children: ReactNode;
}): React.JSX.Element {
  const { pageTitles } = useRenderer();
  return (
    <ConfigProvider theme={ACCESSIBLE_THEME}>
      <div className={`schema-page schema-page-${kind}`} data-testid={testIds.page} data-page-kind={kind}>
        {pageTitles ? (
          <h2 className="schema-page-title" style={{ fontSize: 18, margin: '0 0 16px' }}>
            {title}
          </h2>
        ) : null}
        {children}
      </div>
    </ConfigProvider>
  );
}

/** A failed load, with a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }): React.JSX.Element {
  return (
    <div data-testid={testIds.error}>
      <Alert
        type="error"
        showIcon
        message="加载失败"
        description={errorMessage(error)}
        action={onRetry ? <Button onClick={onRetry}>重试</Button> : null}
      />
    </div>
  );
}

/** A placeholder of `height` px while a part of the page loads. */
export function Pending({ height = 0 }: { height?: number }): React.JSX.Element {
  return <div data-testid={testIds.loading} style={{ height }} />;
}

/** Waiting for the first answer. */
export function Loading(): React.JSX.Element {
  return (
    <div style={{ padding: 48, textAlign: 'center' }} data-testid={testIds.loading}>
      <Spin />
    </div>
  );
}
