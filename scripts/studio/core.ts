// The schema studio's file side (Node only): check an edited, unsaved schema text in the context of its
// folder with the schemas:check logic, and save it formatted as Prettier would, only when it checks clean
// (or on an explicit override).
import { existsSync, writeFileSync } from 'node:fs';
import { normalize, relative, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { PRODUCT_NAMES, productOrder } from '@contract/products';
import { ROLE_CODES } from '@contract/roles';
import type { CheckIssue } from '@renderer/core/checker';
import { readSchemaDirectory, schemaTreeFile } from '@renderer/core/node';
import { buildMenu, extractRoutes, routeEntries, type RouteMeta } from '@renderer/core/routes';
import { SCREENS } from '@/router/screens';
import { checkSchemaFolder } from '../schemas-check';

/** The file's path relative to `root`, refusing anything outside it or not a JSON file. */
export function schemaFile(root: string, file: string): string {
  const rel = relative(resolve(root), resolve(root, normalize(file)))
    .split('\\')
    .join('/');
  if (rel.startsWith('..') || !rel.endsWith('.json'))
    throw new Error(`不是 schemas 目录中的 JSON 文件：${file}`);
  return rel;
}

/** The problems of `file` when its text is `text` (the rest of the folder as on disk). */
export function checkEditedSchema(root: string, file: string, text: string): CheckIssue[] {
  const rel = schemaFile(root, file);
  return checkSchemaFolder(root, Object.keys(SCREENS), { [rel]: text }, rel).issues.filter(
    (i) => i.file === rel,
  );
}

export type SaveResult = { saved: true; text: string } | { saved: false; issues: CheckIssue[] };

/** Formats `text` with Prettier and writes it when it checks clean, or when `override` is set. */
export async function saveSchema(
  root: string,
  file: string,
  text: string,
  override = false,
): Promise<SaveResult> {
  const rel = schemaFile(root, file);
  const full = schemaTreeFile(root, rel);
  if (!existsSync(full)) throw new Error(`文件不存在：${rel}`);
  const issues = checkEditedSchema(root, rel, text);
  if (issues.length > 0 && !override) return { saved: false, issues };
  const formatted = await formatSchemaText(full, text);
  writeFileSync(full, formatted);
  return { saved: true, text: formatted };
}

/**
 * `text` formatted as `prettier --write` would format the file at `full` with the project's .prettierrc
 * (also for a copy of schemas/ outside the repository, as the tests use).
 */
export async function formatSchemaText(full: string, text: string): Promise<string> {
  const config =
    (await resolveConfig(full, { config: resolve(import.meta.dirname, '../../.prettierrc.json') })) ?? {};
  return format(text, { ...config, parser: 'json', filepath: full });
}

/** A page file of the studio's list: where it is and which route it renders. */
export interface PageEntry {
  file: string;
  path: string;
  title: string;
  product: string;
  page?: string;
  model?: string;
}

/** Every page schema of `root` with its route (the `_` folders left out), sorted by product and path. */
export function pageEntries(root: string): PageEntry[] {
  return readSchemaDirectory(root)
    .pages.map((p) => {
      const raw = (p.raw ?? {}) as { route?: { path?: string; title?: string; product?: string } } & {
        page?: string;
        model?: string;
      };
      return {
        file: p.file,
        path: raw.route?.path ?? `/${p.file.replace(/\.json$/, '')}`,
        title: raw.route?.title ?? p.file,
        product: raw.route?.product ?? p.file.split('/')[0]!,
        page: raw.page,
        model: raw.model,
      };
    })
    .sort((a, b) => productOrder(a.product) - productOrder(b.product) || a.path.localeCompare(b.path));
}

/** What an edit changes for the portal's users: who sees the page and each role's menu. */
export interface Impact {
  rolesBefore: string[];
  rolesAfter: string[];
  /** Roles whose header menu changes, with the menu lines that go and come. */
  menus: { role: string; removed: string[]; added: string[] }[];
  /** Set when the edited route block breaks the route table (the checker says where). */
  error?: string;
}

function menuLines(routes: readonly RouteMeta[], role: string): string[] {
  return buildMenu(routes, role).flatMap((p) =>
    p.groups.flatMap((g) =>
      g.items.map(
        (i) => `${PRODUCT_NAMES[p.product] ?? p.product} / ${g.group || '-'} / ${i.title} (${i.path})`,
      ),
    ),
  );
}

/** The impact of saving `text` as `file`: roles of the route before and after, and every changed menu. */
export function impactOf(root: string, file: string, text: string): Impact {
  const rel = schemaFile(root, file);
  const routesOf = (overrides: Record<string, string>) => {
    const directory = readSchemaDirectory(root, overrides);
    const pages = Object.fromEntries(directory.pages.map((p) => [p.file, p.raw]));
    return extractRoutes(routeEntries({ ...directory.files, ...pages }));
  };
  const before = routesOf({});
  const rolesOf = (routes: readonly RouteMeta[]) => routes.find((r) => r.file === rel)?.roles ?? [];
  let after: RouteMeta[];
  try {
    after = routesOf({ [rel]: text });
  } catch (error) {
    return { rolesBefore: rolesOf(before), rolesAfter: [], menus: [], error: (error as Error).message };
  }
  const menus = ROLE_CODES.flatMap((role) => {
    const old = menuLines(before, role);
    const now = menuLines(after, role);
    const removed = old.filter((l) => !now.includes(l));
    const added = now.filter((l) => !old.includes(l));
    return removed.length || added.length ? [{ role, removed, added }] : [];
  });
  return { rolesBefore: rolesOf(before), rolesAfter: rolesOf(after), menus };
}
