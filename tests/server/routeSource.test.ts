/**
 * One source of truth for routes: a route block changed in one place, schemas/_routes/, is
 * followed by the portal's router and header menu, the server's menus3 and the checker alike.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySchemaTree, readSchemaDirectory } from '@renderer/core/node';
import { routeObjects } from '@/router/routeObjects';
import { buildRouteTable } from '@/router/routeTable';
import { SCREENS } from '@/router/screens';
import { buildHeaderMenu } from '@/shell/menuModel';
import { permittedPaths } from '@/router/access';
import { checkSchemaFolder } from '../../scripts/schemas-check';
import type { PgliteDb } from '@server/db/pglite';
import { loggedIn, testServer, type TestServer } from './helpers';

const copy = mkdtempSync(join(tmpdir(), 'route-source-'));
const HANDWRITTEN = join(copy, '_routes/handwritten.json');
interface Block {
  path: string;
  title: string;
  reason?: string;
  roles?: string[];
  public?: boolean;
  menu?: unknown;
  product?: string;
  hideInMenu?: boolean;
  hideTopMenu?: boolean;
}

function editRoutes(change: (routes: Block[]) => void): void {
  const json = JSON.parse(readFileSync(HANDWRITTEN, 'utf8')) as { routes: Block[] };
  change(json.routes);
  writeFileSync(HANDWRITTEN, JSON.stringify(json, null, 2));
}

/** The portal's route table over the copy, keyed as Vite's import.meta.glob keys it. */
function portalRoutes() {
  const directory = readSchemaDirectory(copy);
  const pages = Object.fromEntries(
    directory.pages.map((p) => [`/schemas/${p.file}`, (p.raw as { route: unknown }).route]),
  );
  return buildRouteTable(pages, {
    '/schemas/_routes/handwritten.json': directory.files['_routes/handwritten.json'],
  });
}

async function menus3(s: TestServer, username: string) {
  const b = await loggedIn(s.app, username);
  const res = await b.call('GET', '/v2/security', { query: { menus3Required: 'true' } });
  return res.json().data.menus3 as Parameters<typeof permittedPaths>[0];
}

const titlesOf = (menus: Awaited<ReturnType<typeof menus3>>): string[] =>
  menus.flatMap((p) => p.childMenuResources.map((m) => `${m.menuBrief} ${m.menuName}`));

/** A hand-written screen granted to every role before the edit (the chat window), put into a menu by it. */
const EDITED = '/service/chat';

/** One copy of the seeded database for the file's apps: they differ in their schema folder and mode only. */
let db: PgliteDb | undefined;
const server = async (...args: Parameters<typeof testServer>): Promise<TestServer> => {
  const s = await testServer(args[0], args[1], { ...args[2], ...(db ? { db } : {}) });
  db = s.db;
  return s;
};
afterAll(async () => {
  await db?.close();
});

describe('a route block changed in one place', () => {
  beforeAll(() => {
    copySchemaTree(join(process.cwd(), 'schemas'), copy);
    editRoutes((routes) => {
      const edited = routes.find((r) => r.path === EDITED)!;
      edited.title = '企业名录';
      edited.roles = ['ROLE_CORP_OPERATOR'];
      edited.product = 'account';
      edited.menu = { group: '企业信息', order: 30 };
      delete edited.hideInMenu;
      delete edited.hideTopMenu;
    });
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('is followed by menus3, the header menu and the router', async () => {
    const s = await server(undefined, copy);
    try {
      // Before the edit every role had the screen; now only the chain operator, under its new title.
      const menus = await menus3(s, 'chain_operator');
      expect(titlesOf(menus)).toContain(`${EDITED} 企业名录`);
      expect(titlesOf(await menus3(s, 'core_operator')).join('\n')).not.toContain(EDITED);
      const routes = portalRoutes();
      const header = buildHeaderMenu(routes, permittedPaths(menus), 'ROLE_CORP_OPERATOR');
      const leaves = header.flatMap((p) => p.groups.flatMap((g) => g.items.map((i) => i.label)));
      expect(leaves).toContain('企业名录');
      const { inside, outside } = routeObjects(routes);
      expect(inside.map((r) => r.path)).toContain(EDITED);
      expect(outside.map((r) => r.path)).not.toContain(EDITED);
      expect(checkSchemaFolder(copy).issues).toEqual([]);
    } finally {
      await s.app.close();
    }
  });

  it('made public, leaves menus3 and moves outside the session in the router', async () => {
    editRoutes((routes) => {
      routes.find((r) => r.path === EDITED)!.public = true;
    });
    const s = await server(undefined, copy);
    try {
      expect(titlesOf(await menus3(s, 'chain_operator')).join('\n')).not.toContain(EDITED);
      const { inside, outside } = routeObjects(portalRoutes());
      expect(outside.map((r) => r.path)).toContain(EDITED);
      expect(inside.map((r) => r.path)).not.toContain(EDITED);
    } finally {
      await s.app.close();
    }
  });

  it('on one side only is a checker error: a block without a screen, or a screen without a block', () => {
    editRoutes((routes) => {
      routes.push({ path: '/my/ghost', title: '幽灵页', reason: 'error page', roles: ['@all'] });
      routes.splice(
        routes.findIndex((r) => r.path === '/service/chat'),
        1,
      );
    });
    expect(Object.keys(SCREENS)).toContain('/service/chat');
    const messages = checkSchemaFolder(copy).issues.map((i) => `${i.file}: ${i.message}`);
    expect(messages).toEqual([
      '_routes/handwritten.json: 路由 /my/ghost 没有对应的页面组件（src/router/screens.ts）',
      '_routes/handwritten.json: 页面组件 /service/chat 没有路由块',
    ]);
  });
});

describe('spec section 2 (routes allowed by menu permissions): the renderer demo is a developer fixture', () => {
  const paths = (menus: Awaited<ReturnType<typeof menus3>>): string[] =>
    menus.flatMap((p) => p.childMenuResources.map((m) => m.menuBrief));

  it('is in no role’s menus3 on a production server, and in the core roles’ on a test-mode server', async () => {
    const production = await server();
    const testMode = await server(undefined, undefined, { testMode: true });
    try {
      for (const user of ['core_operator', 'core_director', 'core_query'])
        expect(paths(await menus3(production, user))).not.toContain('/demo/renderer');
      expect(paths(await menus3(testMode, 'core_operator'))).toContain('/demo/renderer');
    } finally {
      await production.app.close();
      await testMode.app.close();
    }
  });
});
