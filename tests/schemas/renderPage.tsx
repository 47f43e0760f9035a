/**
 * Rendering a page schema in jsdom as the portal would, for snapshot and interaction tests: the real
 * renderer, the deterministic fake backend (tests/schemas/fakeBackend.ts), a fixed clock and a signer that
 * always signs. The schema suite (pagesSuite.tsx) renders every page with it; an interaction test renders one:
 *
 *     const view = await renderPage('/my/enterprise-info/bank-account', { role: 'ROLE_CORP_OPERATOR' });
 *     fireEvent.click(view.button('toolbar', 'create'));
 *     await view.settle();
 *     expect(view.text(document.body)).toMatchFileSnapshot(...)
 */
import { resolve } from 'node:path';
import { act, render } from '@testing-library/react';
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { vi } from 'vitest';
import { loadPageSchema, type PageSchema } from '@renderer/core';
import { readSchemaDirectory, type SchemaDirectory } from '@renderer/core/node';
import {
  defaultComponents,
  preloadRenderer,
  createComponentRegistry,
  DEFAULT_COMPONENT_ENTRIES,
  RendererProvider,
  SchemaPage,
  type Signer,
} from '@renderer/react';
import { HOST_COMPONENTS } from '@/router/hostComponents';
import { withPageModelRules } from '@/pages/schema/pageModelRules';
import { createFakeBackend, type FakeBackend } from './fakeBackend';
import { serializeDom } from './serializeDom';

export const SCHEMAS = resolve(import.meta.dirname, '../../schemas');
export const directory = readSchemaDirectory(SCHEMAS);
/** 2026-11-22 10:00 in China: every `today()` and default date is this day. */
export const clock = (): Date => new Date('2026-11-22T02:00:00Z');
const signer: Signer = { sign: async () => ({ code: 0, message: '签名成功' }) };
/**
 * The portal's own components (src/router/hostComponents.ts) talk to the portal's API and devices, not to the
 * fake backend: a render shows where each sits, by name.
 */
const components = createComponentRegistry({
  ...DEFAULT_COMPONENT_ENTRIES,
  ...Object.fromEntries(
    Object.keys(HOST_COMPONENTS).map((name) => [name, () => <div data-testid={`host-${name}`} />]),
  ),
});

/**
 * antd's style cache, kept for the whole test file. cssinjs drops a component's generated styles when its last
 * instance unmounts, so every new mount generated them all again: a tenth of the suite's CPU. Styles are not
 * in the snapshots (serializeDom.ts) nor in the document (`mock="server"` below), so keeping them changes no
 * render.
 */
const styleCache = createCache();
const cacheUpdate = styleCache.opUpdate.bind(styleCache);
styleCache.opUpdate = (key, update) => cacheUpdate(key, (previous) => update(previous) ?? [0, previous![1]]);

/** A spinner or the page's loading mark in markup: what `.ant-spin-spinning, [data-testid="page-loading"]` finds. */
const BUSY = /class="(?:[^"]* )?ant-spin-spinning[ "]|data-testid="page-loading"/;

/**
 * Waits until `root` stops changing (answers arrived, lazy components loaded): three looks in a row, each
 * after a macrotask turn, find the same markup and no spinner. The fake backend answers within the same
 * turn, so a page that still loads changes between looks; fixed 15 ms sleeps only added idle time.
 */
export async function settle(root: HTMLElement): Promise<void> {
  let previous = '';
  let stable = 0;
  for (let i = 0; i < 2000 && stable < 3; i += 1) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 1));
    });
    // Read from the markup already taken: a selector query per look was a twentieth of the suite's CPU.
    const now = root.innerHTML;
    stable = now === previous && !BUSY.test(now) ? stable + 1 : 0;
    previous = now;
  }
}

/** A page schema as the portal shows it: its form fields carry their models' rules (pageModelRules.ts). */
export async function pageSchema(file: string): Promise<PageSchema> {
  const page = directory.pages.find((p) => p.file === file);
  if (!page) throw new Error(`no page file ${file}`);
  return withPageModelRules(
    loadPageSchema(page.raw, { file: page.file, source: directory.source }).schema,
    async (name) => directory.models?.[name],
    (name) => directory.source.dict(name),
  );
}

/**
 * The address parameters a page is opened with by default: a record page gets the first record of its model;
 * a list is opened as from the menu (with `?id=` it would show that one record, as a to-do's link does).
 */
const defaultQuery = (schema: PageSchema): Record<string, string> =>
  schema.page === 'list' ? {} : { id: `${schema.model ?? 'record'}-1` };

/**
 * A page rendered as `role` (null: signed out), with what it asked of the backend; `schemas` is the schema
 * directory the fake backend answers from (default: the repository's).
 */
export function mount(
  schema: PageSchema,
  role: string | null,
  query: Record<string, string> = defaultQuery(schema),
  schemas: SchemaDirectory = directory,
): { backend: FakeBackend; container: HTMLElement } {
  const backend = createFakeBackend(schemas, role);
  // antd's styles are generated but not inserted into the document (`mock="server"`): jsdom would re-scan
  // every inserted <style> on each insertion and each getComputedStyle, which was a fifth of the suite's CPU.
  const { container } = render(
    <StyleProvider mock="server" cache={styleCache}>
      <ConfigProvider locale={zhCN}>
        <RendererProvider
          request={backend.request}
          navigate={vi.fn()}
          back={vi.fn()}
          currentRole={role}
          clock={clock}
          signer={signer}
          components={components}
        >
          <SchemaPage schema={schema} query={query} />
        </RendererProvider>
      </ConfigProvider>
    </StyleProvider>,
  );
  return { backend, container };
}

/** A rendered page and the tester's handles on it. */
export interface RenderedPage {
  schema: PageSchema;
  backend: FakeBackend;
  container: HTMLElement;
  /** Waits until the page (or `root`, e.g. document.body with a dialog open) stops changing. */
  settle(root?: HTMLElement): Promise<void>;
  /** A button by the renderer's test id parts: `button('toolbar', 'create')` → `action-toolbar-create`. */
  button(area: string, key: string): HTMLElement;
  /** The normalised text of `root` (default: the page), as the schema suite's snapshots store it. */
  text(root?: Element): string;
}

/**
 * Renders the page schema of `route` (its path, as in `route.path`) as `role` with the record `query`
 * (default: the first record of its model) and waits until it settles. Call `cleanup()` after each test
 * (vitest's afterEach(cleanup)).
 */
export async function renderPage(
  route: string,
  options: { role?: string | null; query?: Record<string, string> } = {},
): Promise<RenderedPage> {
  const page = directory.pages.find(
    (p) => (p.raw as { route?: { path?: string } } | undefined)?.route?.path === route,
  );
  if (!page) throw new Error(`no page schema for the route ${route}`);
  await preloadRenderer();
  await defaultComponents.load(defaultComponents.names());
  const schema = await pageSchema(page.file);
  const role = options.role === undefined ? (schema.route.roles?.[0] ?? null) : options.role;
  const { backend, container } = mount(schema, role, options.query);
  await settle(container);
  return {
    schema,
    backend,
    container,
    settle: (root = container) => settle(root),
    button: (area, key) => {
      const found = document.querySelector<HTMLElement>(`[data-testid="action-${area}-${key}"]`);
      if (!found) throw new Error(`${route} has no button action-${area}-${key}`);
      return found;
    },
    text: (root = container) => serializeDom(root),
  };
}
