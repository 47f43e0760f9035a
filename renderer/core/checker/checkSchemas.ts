/**
 * The schema checker behind `npm run schemas:check` and the schema test suite: loads every page
 * schema, validates it against the meta-schema, checks every name it uses against the models,
 * dictionaries, components, roles, routes and functions that exist, and reports each problem with
 * the file and JSON pointer to fix.
 */
import { checkScreens, readRoutes, routeEntries } from '@renderer/core/routes';
import { isSchemaError, loadPageSchema } from '@renderer/core/schema';
import type { LoadedSchema } from '@renderer/core/schema';
import { validateAgainstMetaSchema } from './metaValidate';
import { checkPage } from './pageChecks';
import type { CheckContext, CheckIssue, PageFile } from './types';

/**
 * Formats an issue as analysts read it: `<file on disk>#<pointer>: <message>`. `onDisk` names a file of the
 * tree where an analyst opens it (renderer/core/node `schemaFileOnDisk`: `products/<code>/pages/…` for a
 * product folder's page); without it, by its place in the tree (`schemas/<file>`). The instance of a
 * template is named by its place in the tree: it has no file of its own.
 */
export function formatIssue(
  issue: CheckIssue,
  onDisk: (file: string) => string = (file) => `schemas/${file}`,
): string {
  const via = issue.via && issue.via !== issue.file ? `（由 ${onDisk(issue.via)} 引用）` : '';
  const instance = issue.instance ? `（模板实例 ${issue.instance}）` : '';
  const file = onDisk(issue.file);
  if (issue.line !== undefined)
    return `${file}:${issue.line}:${issue.column ?? 1}: ${issue.message}${via}${instance}`;
  return `${file}#${issue.pointer}: ${issue.message}${via}${instance}`;
}

/** Checks the dictionary files: `{ name, items: [{ value, label, color? }] }`, name = file name. */
export function checkDictionaries(files: Readonly<Record<string, unknown>>): CheckIssue[] {
  const issues: CheckIssue[] = [];
  for (const [file, dict] of Object.entries(files)) {
    const issue = (pointer: string, message: string): void => {
      issues.push({ file, pointer, message });
    };
    const expected = file.replace(/^.*\//, '').replace(/\.json$/, '');
    if (!dict || typeof dict !== 'object' || Array.isArray(dict)) {
      issue('', '字典应为对象 {"name": …, "items": […]}');
      continue;
    }
    const { name, items } = dict as { name?: unknown; items?: unknown };
    if (name !== expected) issue('/name', `字典名应与文件名一致："${expected}"`);
    if (!Array.isArray(items) || items.length === 0) {
      issue('/items', '应为非空数组 [{"value", "label"}]');
      continue;
    }
    const values = new Set<unknown>();
    items.forEach((item: unknown, i) => {
      const it = item as { value?: unknown; label?: unknown } | null;
      if (!it || typeof it !== 'object') return issue(`/items/${i}`, '应为 {"value", "label"} 对象');
      // The models engine stores and compares values as text (server/models/loadModels.ts).
      if (typeof it.value !== 'string') issue(`/items/${i}/value`, '应为字符串');
      if (typeof it.label !== 'string' || it.label === '') issue(`/items/${i}/label`, '应为非空字符串');
      if (values.has(it.value)) issue(`/items/${i}/value`, `值 ${JSON.stringify(it.value)} 重复`);
      values.add(it.value);
    });
  }
  return issues;
}

/** Result of {@link checkSchemas}. */
export interface CheckResult {
  issues: CheckIssue[];
  /** Page files that loaded (possibly with issues), by file. */
  loaded: Map<string, LoadedSchema>;
}

/**
 * Checks a set of page files together (routes must be unique across them, and navigation targets
 * must exist among them or in `context.extraRoutes`). `only` limits the per-page checks to the pages it
 * accepts (the others still give the route table): the schema studio re-checks one page per keystroke.
 */
export function checkSchemas(
  pages: readonly PageFile[],
  context: CheckContext,
  only?: (file: string) => boolean,
): CheckResult {
  const issues: CheckIssue[] = [];
  const loaded = new Map<string, LoadedSchema>();
  const templates = new Map(pages.flatMap((p) => (p.template ? [[p.file, p.template] as const] : [])));
  for (const page of pages) {
    if (page.parseError !== undefined) {
      issues.push({
        file: page.file,
        pointer: '',
        message: `不是合法的 JSON：${page.parseError}`,
        ...page.parseErrorAt,
      });
      continue;
    }
    for (const problem of page.templateProblems ?? [])
      issues.push({
        file: page.template ?? page.file,
        ...problem,
        ...(page.template ? { instance: page.file } : {}),
      });
    try {
      loaded.set(page.file, loadPageSchema(page.raw, { file: page.file, source: context.source }));
    } catch (error) {
      if (!isSchemaError(error)) throw error;
      issues.push({
        file: error.file ?? page.file,
        pointer: error.pointer,
        message: error.detail,
        via: page.file,
      });
    }
  }

  const entries = [
    ...[...loaded].map(([file, { schema }]) => ({ file, route: schema.route as unknown, page: schema.page })),
    ...routeEntries(
      Object.fromEntries(
        Object.entries(context.routeFiles ?? {}).filter(([file]) => file.startsWith('_routes/')),
      ),
    ),
  ];
  const table = readRoutes(entries);
  issues.push(...table.problems);
  if (context.screens) issues.push(...checkScreens(table.routes, context.screens));
  const routes = new Set<string>([
    ...(context.extraRoutes ?? []),
    ...table.routes.map((r) => r.path),
    // A page that does not parse (or load) still is its route (one file per route): the pages linking to it are
    // not at fault, its syntax error is the one problem to fix.
    ...pages.filter((p) => !loaded.has(p.file)).map((p) => `/${p.file.replace(/\.json$/, '')}`),
  ]);
  const targets = new Map<string, ReadonlySet<string> | null>(
    table.routes.map((r) => [r.path, r.public || r.alwaysAllowed ? null : new Set(r.roles)]),
  );

  for (const [file, l] of loaded) {
    if (only && !only(file)) continue;
    const locate = (pointer: string, message: string): void => {
      const origin = l.locate(pointer);
      issues.push({
        file: origin.file,
        pointer: origin.pointer,
        message,
        ...(origin.file !== file ? { via: file } : {}),
      });
    };
    const meta = validateAgainstMetaSchema(l.schema);
    for (const problem of meta) locate(problem.pointer, problem.message);
    try {
      for (const problem of checkPage(l.schema, routes, context, {
        targets,
        pageRoles: targets.get(l.schema.route.path) ?? null,
      })) {
        if (problem.ownOnly && l.locate(problem.pointer).file !== file) continue;
        locate(problem.pointer, problem.message);
      }
    } catch (error) {
      // The cross-reference checks read the shape the meta-schema describes; on a broken shape
      // they may stop early, and the shape problems above say what to fix first.
      if (meta.length === 0) throw error;
    }
  }

  const seen = new Set<string>();
  // A problem in an instance's own body is fixed in its template page: named there, with the instance.
  for (const issue of issues) {
    const template = templates.get(issue.file);
    if (template) {
      if (issue.via === issue.file) delete issue.via;
      Object.assign(issue, { file: template, instance: issue.file });
    } else if (issue.via && templates.has(issue.via)) issue.instance = issue.via;
  }
  const unique = issues.filter((issue) => {
    const key = formatIssue(issue);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  unique.sort(
    (a, b) => a.file.localeCompare(b.file) || a.pointer.localeCompare(b.pointer, 'en', { numeric: true }),
  );
  return { issues: unique, loaded };
}
