/**
 * The schema suite: every page file in `schemas/`, rendered with the deterministic fake backend and a
 * fixed clock, stored as normalised snapshots (`__snapshots__/pages/<route path>/…`, the API calls the
 * page made first). Adding a schema needs no test code: it is found here and its snapshots are written on
 * the first run (review them).
 *
 * One snapshot per distinct render, not per role: the roles of `route.roles` that see the same page share
 * one file, named after the first of them, whose header names them all. A role's render depends on it only
 * through the schema's `roles` lists, `$role`/`$roles` expressions and what the fake backend offers it
 * (the transitions and updates of the models); roles alike in all of these are rendered once, the others
 * each, and identical results are folded too. Then each declared interaction of that render has its own
 * snapshot: every tab switched to (`<role>.tab-<key>.txt`) and every dialog opened
 * (`<role>.dialog-<key>.txt`), with the calls it made.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { cleanup, fireEvent } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expandRoles } from '@contract/roles';
import type { PageSchema } from '@renderer/core';
import { defaultComponents, preloadRenderer } from '@renderer/react';
import { pageModel } from '../pageObjects/pageModel';
import { roleFingerprint } from '../roleFingerprint';
import { directory, mount as mountAs, pageSchema, settle } from './renderPage';
import { serializeDom } from './serializeDom';

/** The route tops that have their own shard file (`pages.<top>.test.tsx`). */
const SHARDS = readdirSync(import.meta.dirname)
  .map((f) => /^pages\.(.+)\.test\.tsx$/.exec(f)?.[1])
  .filter((top): top is string => Boolean(top));
const topOf = (path: string): string => path.split('/')[1] ?? '';

// As the portal shows them: a form's fields carry their model's rules, a list's dialog forms those of the
// models they write (src/pages/schema/pageModelRules.ts; without them an enterprise picker has no `url`).
const allPages = await Promise.all(
  directory.pages.map(async (page) => ({ file: page.file, schema: await pageSchema(page.file) })),
);

const MODELS = Object.values(directory.models ?? {});

/**
 * The keys of a schema's actions that sign with the UKEY (`"sign": true`) and of those that do not; a key
 * used both ways (on different parts of the page) is in both.
 */
function actionKeys(node: unknown, out = { signing: new Set<string>(), plain: new Set<string>() }) {
  if (Array.isArray(node)) node.forEach((n) => actionKeys(n, out));
  else if (node && typeof node === 'object') {
    const a = node as { key?: unknown; label?: unknown; type?: unknown; sign?: unknown };
    if (typeof a.key === 'string' && typeof a.label === 'string' && typeof a.type === 'string')
      (a.sign === true ? out.signing : out.plain).add(a.key);
    Object.values(node).forEach((v) => actionKeys(v, out));
  }
  return out;
}

/** Signing buttons this shard has checked: a shard with signing actions must have met some. */
const signingButtonsChecked = { count: 0 };

/**
 * Every button of a signing action is the one UKEY sign button (UkeySignTrigger, `data-ukey-sign`, the
 * button of the UkeySignButton widget too), and no other action's button looks like it (DESIGN.md: the
 * UKEY sign button).
 */
function expectSigningButtons(file: string, schema: PageSchema, root: HTMLElement): void {
  const { signing, plain } = actionKeys(schema);
  for (const button of root.querySelectorAll('button[data-testid^="action-"]')) {
    const key = button.getAttribute('data-testid')!.split('-').slice(2).join('-');
    const signs = signing.has(key);
    if (signs && plain.has(key)) continue;
    if (signs) signingButtonsChecked.count += 1;
    expect(
      button.hasAttribute('data-ukey-sign'),
      `${file}: the button of ${key} ${signs ? 'signs but is not' : 'does not sign but is'} the UKEY sign button`,
    ).toBe(signs);
  }
}

/** A page rendered as `role` (PUBLIC: signed out), with what it asked of the backend. */
const mount = (schema: PageSchema, role: string) => mountAs(schema, role === 'PUBLIC' ? null : role);

const requests = (log: string[]): string => `# requests\n${log.map((l) => `${l}\n`).join('')}`;

/** The enabled button (toolbar or first row) that opens the dialog `key`. */
const dialogButton = (root: HTMLElement, key: string): Element | undefined =>
  [...root.querySelectorAll(`[data-testid^="action-"]`)].find(
    (b) => b.getAttribute('data-testid')!.endsWith(`-${key}`) && !b.hasAttribute('disabled'),
  );

// Snapshot files are not vitest's own snapshots, so its obsolete check does not see them: the files this
// run wrote or compared are kept, and once every page ran the others (a role or tab gone, the old per-role
// layout) fail the run, or are removed when it updates snapshots (`-u`).
const SNAPSHOTS = resolve(import.meta.dirname, '__snapshots__/pages');

/**
 * The snapshot tests of one shard: `testFile` is the calling test file, `pages.<top>.test.tsx` for the pages
 * under `/<top>/`, `pages.test.tsx` for the pages of no shard.
 */
export function describePages(testFile: string): void {
  const top = /^pages\.(.+)\.test\.tsx$/.exec(basename(testFile))?.[1];
  const mine = (routeTop: string): boolean => (top ? routeTop === top : !SHARDS.includes(routeTop));
  const pages = allPages.filter((p) => mine(topOf(p.schema.route.path)));
  afterEach(cleanup);
  // The renderer loads page kinds and big widgets on first use; loading them up front keeps that out
  // of the snapshot timing (a page then settles in a few ticks).
  beforeAll(async () => {
    await preloadRenderer();
    await defaultComponents.load(defaultComponents.names());
  });

  const written = new Set<string>();
  let finished = 0;
  let updating = false;
  async function snapshot(text: string, path: string): Promise<void> {
    written.add(resolve(import.meta.dirname, path));
    updating =
      (expect.getState() as unknown as { snapshotState?: { _updateSnapshot?: string } }).snapshotState
        ?._updateSnapshot === 'all';
    await expect(text).toMatchFileSnapshot(path);
  }
  afterAll(() => {
    if (finished < pages.length) return;
    if (pages.some((p) => actionKeys(p.schema).signing.size > 0))
      expect(signingButtonsChecked.count, 'signing buttons checked').toBeGreaterThan(0);
    if (!existsSync(SNAPSHOTS)) return;
    const stale = readdirSync(SNAPSHOTS, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .filter((f) => mine(relative(SNAPSHOTS, f).split('/')[0]!) && !written.has(f));
    if (updating) for (const f of stale) rmSync(f);
    else
      expect(
        stale.map((f) => relative(SNAPSHOTS, f)),
        'snapshot files no page wrote',
      ).toEqual([]);
  });

  // `describe(file)`, not `describe.each('$file')`: vitest shortens `$` values to 40 characters, so `-t` missed
  // the longer file names.
  for (const { file, schema } of pages)
    describe(file, () => {
      // Role groups (`@all`) stand for their roles, as the route reader expands them.
      const roles = schema.route.roles?.length ? expandRoles(schema.route.roles).roles : ['PUBLIC'];
      const dir = `__snapshots__/pages${schema.route.path}`;
      const declared = pageModel(schema as unknown as Record<string, unknown>);

      // One test renders every distinct view of a page and its interactions: give it the time of many.
      it(
        'renders once per distinct view, and after each declared interaction',
        { timeout: 600_000 },
        async () => {
          // Roles alike (same fingerprint) are rendered once.
          const alike = new Map<string, string[]>();
          for (const role of roles) {
            const key = roleFingerprint(schema, role, MODELS);
            alike.set(key, [...(alike.get(key) ?? []), role]);
          }
          /** Page text → the roles that see it. */
          const seen = new Map<string, string[]>();
          /** Dialogs already snapshotted. */
          const opened = new Set<string>();
          const interactions: Array<{ name: string; text: string; shared: string[] }> = [];
          for (const group of alike.values()) {
            const role = group[0]!;
            const { backend, container } = mount(schema, role);
            await settle(container);
            expect(backend.unknown, `${file}: calls the fake backend does not know`).toEqual([]);
            expect(
              container.querySelector('[data-testid="page-error"]'),
              `${file} shows a load error`,
            ).toBeNull();
            expectSigningButtons(file, schema, container);
            // A composite page's parts load side by side: which asks first depends on the machine's load, so
            // its first requests are kept in sorted order (one part's own calls still show in theirs).
            const first = schema.page === 'composite' ? [...backend.log].sort() : backend.log;
            const text = `${requests(first)}# page\n${serializeDom(container)}`;
            const same = seen.get(text);
            if (same) {
              same.push(...group);
              cleanup();
              continue;
            }
            const shared = [...group];
            seen.set(text, shared);
            // Tab switches are snapshotted on the page's first distinct render only (the other renders differ
            // in what their role may do, which their page snapshot shows); each dialog once, on the first
            // render whose role has its button.
            // Looked for before any tab switch: a fresh mount shows the first tab.
            const dialogs = declared.dialogs.filter(
              (key) => !opened.has(key) && dialogButton(container, key),
            );
            if (seen.size === 1)
              for (const [title, id] of Object.entries(declared.tabs)) {
                const tab = container.querySelector(`[data-testid="${id}"]`);
                if (!tab || tab.closest('.ant-tabs-tab-active')) continue;
                const from = backend.log.length;
                fireEvent.click(tab);
                await settle(container);
                const shown = `# switched to the tab ${title}\n${requests(backend.log.slice(from))}# page\n${serializeDom(container)}`;
                interactions.push({ name: `${role}.${id}`, text: shown, shared });
              }
            expect(backend.unknown, `${file}: calls the fake backend does not know`).toEqual([]);
            cleanup();
            // Each dialog on a fresh page (a closed dialog leaves its runner busy until an animation ends).
            for (const key of dialogs) {
              opened.add(key);
              const page = mount(schema, role);
              await settle(page.container);
              const from = page.backend.log.length;
              fireEvent.click(dialogButton(page.container, key)!);
              await settle(document.body);
              const dialog = document.querySelector(`[data-testid="dialog-${key}"]`);
              expect(dialog, `${file}: the button ${key} opens its dialog`).not.toBeNull();
              const shown = `# opened the dialog ${key}\n${requests(page.backend.log.slice(from))}# dialog\n${serializeDom(dialog!)}`;
              interactions.push({ name: `${role}.dialog-${key}`, text: shown, shared });
              expect(page.backend.unknown, `${file}: calls the fake backend does not know`).toEqual([]);
              cleanup();
            }
          }
          for (const [text, shared] of seen)
            await snapshot(`# ${file} as ${shared.join(', ')}\n${text}`, `${dir}/${shared[0]}.txt`);
          for (const { name, text, shared } of interactions)
            await snapshot(`# ${file} as ${shared.join(', ')}\n${text}`, `${dir}/${name}.txt`);
          finished += 1;
        },
      );
    });
}
