/** Test harness of the React renderer: a provider with fake services, recorded calls. */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeAll, expect, vi } from 'vitest';
import type { Mock } from 'vitest';
import type { PageSchema } from '@renderer/core';
import { RendererProvider } from '@renderer/react/context/RendererProvider';
import type { RendererProviderProps } from '@renderer/react/context/RendererProvider';
import type { RendererRequestOptions, Signer, SignRecord } from '@renderer/react/context/services';
import { preloadRenderer } from '@renderer/react/lazyModules';
import { defaultComponents } from '@renderer/react/registry/defaultComponents';
import { SchemaPage } from '@renderer/react/SchemaPage';

// Vitest runs without globals, so testing-library cannot clean up by itself.
afterEach(cleanup);
// Load the renderer's on-demand chunks once, outside the tests' time limits (a busy machine is slow
// to transform them the first time).
beforeAll(async () => {
  await preloadRenderer();
  await defaultComponents.load(defaultComponents.names());
}, 60_000);

/** A recorded call. */
export interface Call {
  method: string;
  url: string;
  params: Record<string, unknown> | undefined;
  data: unknown;
}

type Handler = (options: RendererRequestOptions) => unknown;

/** A fake `request`: handlers by `METHOD url` (exact or RegExp), every call recorded. */
export function fakeRequest(handlers: Array<[string | RegExp, Handler]>): {
  request: RendererProviderProps['request'];
  calls: Call[];
} {
  const calls: Call[] = [];
  const request = (async (options: RendererRequestOptions) => {
    calls.push({ method: options.method, url: options.url, params: options.params, data: options.data });
    const key = `${options.method} ${options.url}`;
    const found = handlers.find(([pattern]) =>
      typeof pattern === 'string' ? pattern === key : pattern.test(key),
    );
    if (!found) throw Object.assign(new Error(`no fake for ${key}`), { code: 'TEST' });
    return found[1](options);
  }) as RendererProviderProps['request'];
  return { request, calls };
}

/** A sign record as the host's signer hands it back (the renderer only passes it on). */
export const SIGN_RECORD: SignRecord = {
  raType: 'CFCA',
  ukeyBank: 'CCB',
  ukeyCode: 'K1',
  original: 'orig',
  signature: 'sig',
  pkCa: 'pk',
  ukeyNo: 'GX0000000001',
  algorithmType: 'SM2',
  issuerDN: 'CN=CA',
  subjectDN: 'CN=华建',
};

/** The fixed clock of the tests: 2026-11-22 10:00 in China. */
export const CLOCK = (): Date => new Date('2026-11-22T02:00:00Z');

/** Options of {@link renderSchema}. */
export interface RenderSchemaOptions {
  request: RendererProviderProps['request'];
  query?: Record<string, string>;
  role?: string | null;
  signer?: Signer;
  canOpen?: (path: string) => boolean;
  download?: (url: string, params?: Record<string, unknown>) => void;
  holidays?: () => Promise<readonly string[]>;
  announce?: RendererProviderProps['announce'];
  encrypt?: RendererProviderProps['encrypt'];
  keptForms?: RendererProviderProps['keptForms'];
  user?: RendererProviderProps['user'];
  href?: RendererProviderProps['href'];
}

/**
 * Renders a schema page inside the provider and waits for its (lazily loaded) page kind;
 * `navigate` and `back` are mocks.
 */
export async function renderSchema(
  schema: PageSchema,
  options: RenderSchemaOptions,
): Promise<RenderResult & { navigate: Mock; back: Mock }> {
  const navigate = vi.fn();
  const back = vi.fn();
  const result = render(
    <ConfigProvider locale={zhCN}>
      <RendererProvider
        request={options.request}
        navigate={navigate}
        back={back}
        currentRole={options.role === undefined ? 'ROLE_CORE_OPERATOR' : options.role}
        clock={CLOCK}
        {...(options.signer ? { signer: options.signer } : {})}
        {...(options.canOpen ? { canOpen: options.canOpen } : {})}
        {...(options.download ? { download: options.download } : {})}
        {...(options.holidays ? { holidays: options.holidays } : {})}
        {...(options.announce ? { announce: options.announce } : {})}
        {...(options.encrypt ? { encrypt: options.encrypt } : {})}
        {...(options.keptForms ? { keptForms: options.keptForms } : {})}
        {...(options.user ? { user: options.user } : {})}
        {...(options.href ? { href: options.href } : {})}
      >
        <SchemaPage schema={schema} query={options.query ?? {}} />
      </RendererProvider>
    </ConfigProvider>,
  );
  await screen.findByTestId('schema-page', {}, { timeout: 20_000 });
  // Page kinds, query forms and widgets load on demand: wait until nothing is pending.
  await waitFor(() => expect(screen.queryAllByTestId('page-loading')).toHaveLength(0), { timeout: 20_000 });
  return Object.assign(result, { navigate, back });
}

/** Whether an element is shown: no ancestor hidden with `display: none` (jsdom has no layout). */
export function isShown(element: Element | null): boolean {
  for (let at = element; at; at = at.parentElement) {
    if (at instanceof HTMLElement && at.style.display === 'none') return false;
  }
  return element !== null;
}
