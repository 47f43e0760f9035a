import { Alert, Button, ConfigProvider, Empty, Spin } from 'antd';
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { PageKind } from '@renderer/core';
import { ACCESSIBLE_THEME } from '@renderer/react/context/accessibleTheme';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { errorMessage } from '@renderer/react/context/services';
import { testIds } from '@renderer/react/testIds';

/**
 * The part a page kind renders as inside a composite page (its key), or null for a page of its own.
 * A part has no title of its own and is addressed as `part-<key>`.
 */
export const PartContext = createContext<string | null>(null);

/** Inside a composite page: makes its content parts load again (a form part saved a record). */
export const PartRefreshContext = createContext<(() => void) | null>(null);

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
  const part = useContext(PartContext);
  if (part !== null) {
    return (
      <div
        className={`schema-part schema-part-${kind}`}
        data-testid={testIds.part(part)}
        data-part-kind={kind}
      >
        {children}
      </div>
    );
  }
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

/**
 * A record page opened without its record (no `id` in the address, e.g. typed or bookmarked bare): says so
 * and offers the way back to where records are chosen, instead of waiting for a record that never comes.
 */
export function MissingRecord(): React.JSX.Element {
  const { back } = useRenderer();
  return (
    <Empty description="缺少记录编号" data-testid={testIds.missingRecord}>
      <Button onClick={back}>返回选择记录</Button>
    </Empty>
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
