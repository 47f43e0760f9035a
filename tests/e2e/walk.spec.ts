import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { recordsPath } from '@renderer/core/model';
import { readSchemaDirectory } from '@renderer/core/node';
import { buildMenus, loadRoutes } from '@server/menus';
import { DEMO_USERS } from '../../server/seed/demo';
import { pageModels, roleFingerprint } from '../roleFingerprint';
import { apiGet, followInApp, loginAs, test } from './fixtures';

/**
 * Every demo user gets the menu items its role is granted (menus3 of /v2/security) and walks through them by
 * client-side navigation: no console error, no failed or refused request, no error page on the way. A menu
 * page a role sees as an earlier user's role does (the same role fingerprint, tests/roleFingerprint.ts: the
 * same actions and columns, its data aside) was opened by that user and is not opened again.
 * One user per test; the whole walk stays fast as the menus grow (no reload per route). At 1280 px no page
 * scrolls sideways, every page is centred, a list's status column is on screen and its query form's labels
 * are whole, each on one line; the public pages are opened at 390 px too.
 */
// One demo user per role (the first listed; the menus and pages depend on the role, so a second user of the
// same role walks the same screens), among those who can log in (the cancelled enterprise's user cannot).
const walkedRoles = new Set<string>();
const USERS = DEMO_USERS.filter((u) => {
  const role = u.roles[0] ?? '';
  if (u.username === 'cancelled_user' || walkedRoles.has(role)) return false;
  walkedRoles.add(role);
  return true;
}).map((u) => u.username);

const ROOT = join(process.cwd(), 'schemas');
const DIRECTORY = readSchemaDirectory(ROOT);
const ROUTES = loadRoutes(ROOT);
/** Page files by path, a template's instances included (they have no file of their own). */
const PAGE_FILES = new Map(DIRECTORY.pages.map((p) => [p.file, p.raw]));

/**
 * Paths of routes hidden from the menu (detail pages need a record): page schemas, read through the schema
 * directory so that a variant's pages made from templates count, and hand-written blocks.
 */
function hiddenPaths(): Set<string> {
  const blocks: Array<{ path: string; hideInMenu?: boolean }> = [
    ...(JSON.parse(readFileSync(join(ROOT, '_routes/handwritten.json'), 'utf8')) as { routes: [] }).routes,
    ...DIRECTORY.pages.map((p) => (p.raw as { route: { path: string; hideInMenu?: boolean } }).route),
  ];
  return new Set(blocks.filter((b) => b.hideInMenu).map((b) => b.path));
}
const HIDDEN = hiddenPaths();

/**
 * The hidden pages that show one record (`?id=`): for each, who may open it (expanded role groups) and
 * the model whose record the id names (the page's own, or an upload page's owner).
 */
interface RecordPage {
  path: string;
  roles: readonly string[];
  model: string;
  /** The page schema (for the role fingerprint). */
  schema: unknown;
}
function recordPages(): RecordPage[] {
  const out: RecordPage[] = [];
  for (const route of ROUTES) {
    if (!route.hideInMenu || route.handwritten) continue;
    const page = PAGE_FILES.get(route.file) as {
      model?: string;
      upload?: { owner?: { model: string; param: string } };
      form?: { mode?: string };
    };
    const owner = page.upload?.owner;
    const model = owner?.param === 'id' ? owner.model : page.model;
    // A create form takes no record; an edit form, a detail, an approval or an upload page does.
    if (!model || page.form?.mode === 'create') continue;
    out.push({ path: route.path, roles: route.roles, model, schema: page });
  }
  return out;
}
const RECORD_PAGES = recordPages();
/**
 * The record pages a walk of this worker has opened without a problem, by path, role fingerprint,
 * enterprise and record: another role of the same enterprise that sees the page alike and gets the same
 * record would open the same screen with the same actions, so it does not open it again. A walk run alone
 * opens every record page of its role.
 */
const RECORD_PAGES_SEEN = new Set<string>();

interface Menu {
  menuBrief: string;
  childMenuResources: Menu[];
}

const leaves = (menus: readonly Menu[]): string[] =>
  menus.flatMap((m) => [
    ...(m.menuBrief.startsWith('/') ? [m.menuBrief] : []),
    ...leaves(m.childMenuResources),
  ]);

/**
 * Each user's menu items as the server grants them (menus3, built as server/plugins/session.ts builds it
 * for a test-mode server) and the ones the user opens: each page once per role fingerprint, by the first
 * user listed whose role sees it that way. Decided before the tests run, so the walks stay independent.
 */
function menuPlan(): Map<string, { menu: string[]; opened: string[] }> {
  const models = Object.values(DIRECTORY.models ?? {});
  const byPath = new Map(ROUTES.map((r) => [r.path, r]));
  const claimed = new Set<string>();
  const plan = new Map<string, { menu: string[]; opened: string[] }>();
  for (const user of USERS) {
    const role = DEMO_USERS.find((u) => u.username === user)?.roles[0] ?? '';
    const menu = [...new Set(leaves(buildMenus(ROUTES, role, true)))].filter((p) => !HIDDEN.has(p));
    const opened = menu.filter((path) => {
      const file = byPath.get(path)?.file;
      const page = file ? PAGE_FILES.get(file) : undefined;
      // A hand-written screen has no schema to compare: every role opens it.
      const key = `${path} ${page ? roleFingerprint(page, role, pageModels(page, models)) : role}`;
      if (claimed.has(key)) return false;
      claimed.add(key);
      return true;
    });
    plan.set(user, { menu, opened });
  }
  return plan;
}
const MENU_PLAN = menuPlan();

/** Records console errors, failed requests and answers ≥ 400; counts requests in flight. */
function watch(page: Page): { problems: string[]; quiet: (ms: number) => boolean } {
  const problems: string[] = [];
  let pending = 0;
  let lastActivity = Date.now();
  const active = (change: number) => () => {
    pending += change;
    lastActivity = Date.now();
  };
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', active(1));
  page.on('requestfinished', active(-1));
  page.on('requestfailed', (r) => {
    active(-1)();
    // A page that is left cancels its own pending calls: that is no failure.
    const error = r.failure()?.errorText ?? '';
    if (error !== 'net::ERR_ABORTED') problems.push(`failed: ${r.method()} ${r.url()} ${error}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  // Settled: no request in flight, and none started or ended for `ms` (a page's next call follows its
  // previous answer within a few ms).
  return { problems, quiet: (ms) => pending === 0 && Date.now() - lastActivity >= ms };
}

/**
 * Resolves when the page's requests have settled (see `watch`). Between pages a short quiet window is
 * enough: a call that comes later still lands in `problems`, which every later visit checks, and the walk
 * ends with a long window, so no answer escapes the test.
 */
async function settled(quiet: (ms: number) => boolean, ms = 60): Promise<void> {
  await expect
    .poll(() => quiet(ms), { message: 'requests settle', timeout: 10_000, intervals: [20] })
    .toBe(true);
}

/** The widths the walk checks: every role's menu on a 1280 px desktop, the public pages on a 390 px phone. */
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * The page does not scroll sideways (wide tables scroll inside their own box): the document is no wider
 * than the window. `label` names the page in the failure.
 */
async function expectNoHorizontalOverflow(page: Page, label: string): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `${label}: page ${scroll} px wide in a ${client} px window`).toBeLessThanOrEqual(client);
}

/**
 * At 1280 px the page is centred (the same gutter left and right of the page frame) and a list's status
 * column is on screen without scrolling its table sideways (it stays beside the actions). `label` names the page.
 */
async function expectCentredWithStatusInView(page: Page, label: string): Promise<void> {
  const m = await page.evaluate(() => {
    const main = document.querySelector('.shell-main')!;
    const style = getComputedStyle(main);
    const box = main.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const status = document.querySelector('.ant-table-thead [data-testid="column-status"]');
    const table = status?.closest('.ant-table-container')?.getBoundingClientRect();
    const cell = status?.getBoundingClientRect();
    return {
      left: Math.round(box.left + parseFloat(style.paddingLeft)),
      right: Math.round(width - box.right + parseFloat(style.paddingRight)),
      status:
        cell && table
          ? { left: cell.left, right: cell.right, from: table.left, to: table.right, width }
          : null,
    };
  });
  expect(
    Math.abs(m.left - m.right),
    `${label}: gutters ${m.left} px left, ${m.right} px right`,
  ).toBeLessThanOrEqual(2);
  if (!m.status) return;
  const { left, right, from, to, width } = m.status;
  expect(
    left >= from - 1 && right <= Math.min(to, width) + 1,
    `${label}: status column at ${left}–${right} px, table shows ${from}–${to} px`,
  ).toBe(true);
}

/**
 * Every label of a list's or statistics page's query form shows its whole text on one line, never broken
 * inside a term (专项计划名/称) nor cut (付款确认…): its text makes one line box and is not clipped by its
 * label column. `label` names the page.
 */
async function expectQueryLabelsWhole(page: Page, label: string): Promise<void> {
  const broken = await page.evaluate(() =>
    [...document.querySelectorAll('.schema-query-form .ant-formily-item-label-content')].flatMap((box) => {
      const text = box.querySelector('label') ?? box;
      const lines = text.getClientRects().length;
      const clipped = box.scrollWidth > box.clientWidth + 1;
      return lines > 1 || clipped ? [`${text.textContent} (${lines} lines${clipped ? ', cut' : ''})`] : [];
    }),
  );
  expect(broken, `${label}: query-form labels broken or cut`).toEqual([]);
}

/** Public pages (spec section 2), opened as a phone would: no sideways scrolling, no script error. */
const PUBLIC_PAGES = [
  '/login/login',
  '/register/register',
  '/register/reset-password',
  '/register/abs/register',
  '/register/register-success?username=ht_phone&enterprise=上海恒泰建筑劳务有限公司',
  '/register/abs/blank',
  '/h5/face',
  '/factoring/reverse/accounts-payable-sign',
  '/factoring/reverse/accounts-payable-confirm',
];

test('the public pages fit a 390 px phone without a script error', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  for (const path of PUBLIC_PAGES) {
    await page.goto(`/cv3${path}`);
    await expect(page.locator('#root > *').first(), path).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalOverflow(page, `390 px ${path}`);
    expect(errors, path).toEqual([]);
  }
});

// Each test logs in on its own and only reads: the users' walks spread over the workers.
test.describe.configure({ mode: 'parallel' });

for (const user of USERS) {
  test(`${user} opens every menu item and record page without an error`, async ({ page }) => {
    // Dozens of pages per user, each waited on until its requests settle.
    test.setTimeout(300_000);
    const seen = watch(page);
    await page.setViewportSize(DESKTOP);
    await page.goto('/cv3/login/login');
    const security = page.waitForResponse(
      (r) => r.url().includes('/api/web/v2/security') && r.status() === 200,
    );
    await loginAs(page, user);
    const menus = ((await (await security).json()) as { data: { menus3: Menu[] } }).data.menus3;
    await expect(page.getByTestId('current-user')).toBeVisible();
    await settled(seen.quiet);
    const paths = [...new Set(leaves(menus))].filter((p) => !HIDDEN.has(p));
    expect(paths.length > 0 || user === 'new_user', `${user} has menu items`).toBe(true);
    // The server grants the menu the plan was made from.
    const { menu, opened: planned } = MENU_PLAN.get(user)!;
    expect(paths, `${user}'s menu items`).toEqual(menu);
    // Client-side navigation to `to`, then the page must show, settle and have caused no problem.
    const visit = async (to: string): Promise<void> => {
      await followInApp(page, `/cv3${to}`);
      await expect(page.getByTestId('page-title'), `${user} → ${to}`).toBeVisible();
      await settled(seen.quiet);
      expect(page.url(), `${user} → ${to}`).not.toMatch(/\/error-page\//);
      await expect(page.getByText('页面加载失败'), `${user} → ${to}`).toHaveCount(0);
      expect(seen.problems, `${user} → ${to}`).toEqual([]);
      await expectNoHorizontalOverflow(page, `1280 px ${user} → ${to}`);
      await expectCentredWithStatusInView(page, `1280 px ${user} → ${to}`);
      await expectQueryLabelsWhole(page, `1280 px ${user} → ${to}`);
    };
    for (const path of planned) await visit(path);

    // The record pages of the user's role, each with the first record of its model the user can see.
    const demoUser = DEMO_USERS.find((u) => u.username === user);
    const role = demoUser?.roles[0] ?? '';
    const models = Object.values(DIRECTORY.models ?? {});
    const opened: string[] = [];
    for (const { path, model, schema } of RECORD_PAGES.filter((p) => p.roles.includes(role))) {
      const answer = (await (await apiGet(page, recordsPath(model), { size: '1' })).json()) as {
        data?: { list: Array<{ id: string }> };
      };
      const id = answer.data?.list[0]?.id;
      if (!id) continue; // nothing of that model is visible to this user
      const key = `${path} ${roleFingerprint(schema, role, pageModels(schema, models))} ${demoUser?.corp} ${id}`;
      if (RECORD_PAGES_SEEN.has(key)) continue;
      await visit(`${path}?id=${encodeURIComponent(id)}`);
      RECORD_PAGES_SEEN.add(key);
      opened.push(path);
    }
    // Whatever the last pages asked for has answered, without a problem.
    await settled(seen.quiet, 500);
    expect(seen.problems, `${user} at the end of the walk`).toEqual([]);
    test
      .info()
      .annotations.push(
        { type: 'menu pages', description: `${planned.length} of ${paths.length} opened` },
        { type: 'record pages', description: opened.join(', ') || '—' },
      );
  });
}
