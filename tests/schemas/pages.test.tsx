/**
 * The schema suite: every page file in `schemas/`, for each role of its `route.roles`, rendered with
 * the deterministic fake backend and a fixed clock, stored as a normalised snapshot
 * (`__snapshots__/pages/<route path>/<role>.txt`, the API calls the page made first). Adding a schema
 * needs no test code: it is found here and its snapshots are written on the first run (review them).
 */
import { resolve } from 'node:path';
import { act, cleanup, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readSchemaDirectory } from '@renderer/core/node';
import { loadPageSchema, withModelRules } from '@renderer/core';
import type { PageSchema } from '@renderer/core';
import { defaultComponents, preloadRenderer, RendererProvider, SchemaPage } from '@renderer/react';
import type { Signer } from '@renderer/react';
import { createFakeBackend } from './fakeBackend';
import { serializeDom } from './serializeDom';

const SCHEMAS = resolve(import.meta.dirname, '../../schemas');
const directory = readSchemaDirectory(SCHEMAS);
/** 2026-11-22 10:00 in China: every `today()` and default date is this day. */
const clock = (): Date => new Date('2026-11-22T02:00:00Z');
const signer: Signer = { sign: async () => ({ code: 0, message: '签名成功' }) };

afterEach(cleanup);
// The renderer loads page kinds and big widgets on first use; loading them up front keeps that out
// of the snapshot timing (a page then settles in a few ticks).
beforeAll(async () => {
  await preloadRenderer();
  await defaultComponents.load(defaultComponents.names());
});

/** Waits until the page stops changing (answers arrived, lazy components loaded). */
async function settle(container: HTMLElement): Promise<string> {
  let previous = '';
  let stable = 0;
  for (let i = 0; i < 200 && stable < 5; i += 1) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 15));
    });
    const now = container.innerHTML;
    const busy = container.querySelector('.ant-spin-spinning, [data-testid="page-loading"]');
    stable = now === previous && !busy ? stable + 1 : 0;
    previous = now;
  }
  return serializeDom(container);
}

// As the portal shows them: form fields carry their model's rules (src/pages/schema/SchemaRoutePage.tsx).
const pages = directory.pages.map((page) => {
  const schema = loadPageSchema(page.raw, { file: page.file, source: directory.source }).schema;
  const model = schema.model ? directory.models?.[schema.model] : undefined;
  return {
    file: page.file,
    schema: model ? withModelRules(schema, model, (name) => directory.source.dict(name)) : schema,
  };
});

describe.each(pages)('$file', ({ file, schema }: { file: string; schema: PageSchema }) => {
  const roles = schema.route.roles?.length ? schema.route.roles : ['PUBLIC'];
  it.each(roles)('renders for %s', async (role) => {
    const backend = createFakeBackend(directory, role === 'PUBLIC' ? null : role);
    const query = { id: `${schema.model ?? 'record'}-1` };
    const { container } = render(
      <ConfigProvider locale={zhCN}>
        <RendererProvider
          request={backend.request}
          navigate={vi.fn()}
          back={vi.fn()}
          currentRole={role === 'PUBLIC' ? null : role}
          clock={clock}
          signer={signer}
        >
          <SchemaPage schema={schema} query={query} />
        </RendererProvider>
      </ConfigProvider>,
    );
    const dom = await settle(container);
    expect(backend.unknown, `${file}: calls the fake backend does not know`).toEqual([]);
    expect(container.querySelector('[data-testid="page-error"]'), `${file} shows a load error`).toBeNull();
    const text = `# ${file} as ${role}\n# requests\n${backend.log.map((l) => `${l}\n`).join('')}# page\n${dom}`;
    await expect(text).toMatchFileSnapshot(`__snapshots__/pages${schema.route.path}/${role}.txt`);
  });
});
