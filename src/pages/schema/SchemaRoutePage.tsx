import { Alert, App, Spin } from 'antd';
import { useMemo, useRef } from 'react';
import { useLocation, useNavigate, useResolvedPath } from 'react-router-dom';
import { RendererProvider, SchemaPage } from '@renderer';
import type { AnnounceTopic } from '@renderer/core';
import { decideAccess } from '@/router/access';
import { usePlatform } from '@/session/PlatformContext';
import { useSession } from '@/session/SessionContext';
import { sessionScope } from '@/session/sessionScope';
import { useChooseProduct } from '@/shell/useChooseProduct';
import { DOWNLOAD_CENTRE_PATH } from '@/pages/download/downloadCentrePath';
import { announceTopic } from '@/shell/messageEvents';
import { hostRegistry } from './hostRegistry';
import {
  openDownload,
  portalEncrypt,
  portalHolidays,
  portalKeptForms,
  portalSigner,
  rendererRequest,
} from './rendererServices';
import { useRouteSchema } from './useRouteSchema';

/** A portal path's full address, as a phone opens it (the face check's page). */
const portalHref = (path: string): string => `${window.location.origin}/cv3${path}`;

/** A route whose screen is a JSON page schema, rendered by the renderer with the portal's services. */
export function SchemaRoutePage(): React.JSX.Element {
  // A keepAlive page stays mounted while hidden: it must keep showing its own route, not the current one.
  const pathname = useResolvedPath('.').pathname;
  const location = useLocation();
  const active = location.pathname === pathname;
  const search = useRef(location.search);
  if (active) search.current = location.search;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { security, permitted, reload } = useSession();
  const { config } = usePlatform();
  const chooseProduct = useChooseProduct();
  const mustChange = security.user3.passwordChangeRequired === true;
  const announce = useMemo(
    () => (topic: AnnounceTopic, record?: Readonly<Record<string, unknown>>) => {
      // The user's own account changed (person info): the session is read again; a changed initial
      // password opens the platform, at the user's home page.
      if (topic === 'session') reload(undefined, mustChange ? () => '/' : undefined).catch(() => undefined);
      // The row's product chosen (选择产品): its switch already logged by the action's request.
      else if (topic === 'product') {
        if (typeof record?.product === 'string')
          chooseProduct(record.product, { logged: true }).catch(() => undefined);
      } else announceTopic(topic);
    },
    [reload, mustChange, chooseProduct],
  );
  const loaded = useRouteSchema(pathname);

  const currentSearch = search.current;
  const query = useMemo(
    () => Object.fromEntries(new URLSearchParams(currentSearch).entries()),
    [currentSearch],
  );
  const user = useMemo(
    () => sessionScope(security, config.avalableProduct),
    [security, config.avalableProduct],
  );
  const canOpen = useMemo(
    () => (path: string) => decideAccess(path.split('?')[0]!, true, permitted) === 'allow',
    [permitted],
  );
  const go = useMemo(
    () => (to: string, options?: { replace?: boolean; blank?: boolean }) => {
      if (options?.blank) window.open(`/cv3${to}`, '_blank', 'noopener');
      else navigate(to, options?.replace ? { replace: true } : undefined);
    },
    [navigate],
  );

  if (!loaded) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if ('error' in loaded)
    return <Alert type="error" showIcon message="页面加载失败" description={loaded.error} />;
  return (
    <RendererProvider
      request={rendererRequest}
      navigate={go}
      currentRole={security.currentRole3?.roleCode ?? null}
      canOpen={canOpen}
      href={portalHref}
      signer={portalSigner}
      user={user}
      download={openDownload}
      downloadCentre={DOWNLOAD_CENTRE_PATH}
      announce={announce}
      pageTitles={false}
      message={message}
      holidays={portalHolidays}
      components={hostRegistry}
      encrypt={portalEncrypt}
      keptForms={portalKeptForms}
    >
      <SchemaPage key={pathname} schema={loaded.schema} query={query} />
    </RendererProvider>
  );
}
