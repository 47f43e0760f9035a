import { Alert, App, Card, Spin } from 'antd';
import { useMemo } from 'react';
import { useLocation, useNavigate, useResolvedPath } from 'react-router-dom';
import { RendererProvider, SchemaPage, type RendererRequest } from '@renderer';
import { ensureAnonymousSession } from '@/pages/register/registerApi';
import { RegisterLayout } from '@/pages/register/RegisterLayout';
import { routeByPath } from '@/router/routeTable';
import { hostRegistry } from './hostRegistry';
import { portalEncrypt, portalKeptForms, rendererRequest } from './rendererServices';
import { useRouteSchema } from './useRouteSchema';

/** The public pages' calls need the anonymous session (and its CSRF token) the login bootstrap makes. */
const publicRequest: RendererRequest = async (options) => {
  await ensureAnonymousSession();
  return rendererRequest(options);
};

/**
 * A public route (spec section 2: registration, password reset) whose screen is a page schema: no session,
 * no role, the platform's top bar and footer around a card titled by the route (a result page by its
 * result).
 */
export function PublicSchemaRoutePage(): React.JSX.Element {
  const pathname = useResolvedPath('.').pathname;
  const { search } = useLocation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const loaded = useRouteSchema(pathname);
  const title = routeByPath(pathname)?.title ?? '';
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(search).entries()), [search]);
  const go = useMemo(
    () => (to: string, options?: { replace?: boolean }) =>
      navigate(to, options?.replace ? { replace: true } : undefined),
    [navigate],
  );

  // A result page (registration's success, a landing page) names itself in its result's title.
  const titled = !(
    loaded &&
    'schema' in loaded &&
    loaded.schema.page === 'composite' &&
    loaded.schema.composite.parts.some((part) => part.type === 'result' && part.title)
  );
  return (
    <RegisterLayout title={title} testId="public-page">
      <Card className="register-card" title={titled ? title : undefined}>
        {!loaded ? (
          <Spin style={{ display: 'block', margin: '80px auto' }} />
        ) : 'error' in loaded ? (
          <Alert type="error" showIcon message="页面加载失败" description={loaded.error} />
        ) : (
          <RendererProvider
            request={publicRequest}
            navigate={go}
            currentRole={null}
            pageTitles={false}
            message={message}
            components={hostRegistry}
            encrypt={portalEncrypt}
            keptForms={portalKeptForms}
          >
            <SchemaPage key={pathname} schema={loaded.schema} query={query} />
          </RendererProvider>
        )}
      </Card>
    </RegisterLayout>
  );
}
