// `npm run schemas:check [-- <schemas dir>]`: validates every page schema against the meta-schema and
// checks every name it uses (components, dictionaries, models, fields, actions, roles, routes,
// functions) and circular linkage. Prints one line per problem, `<file on disk>#<JSON pointer>: <what is
// expected>` (the file where an analyst opens it: `products/<code>/pages/…`, `schemas/…`, or absolute for
// a PRODUCT_DIRS folder outside the checkout), and exits 1 when there is any.
import { resolve } from 'node:path';
import { checkSchemas, formatIssue } from '@renderer/core/checker';
import type { CheckIssue } from '@renderer/core/checker';
import { readSchemaDirectory, schemaFileOnDisk } from '@renderer/core/node';
import { ROLE_CODES } from '@contract/roles';
import { SCREENS } from '@/router/screens';
import { HOST_COMPONENTS } from '@/router/hostComponents';
import { BUILTIN_COMPONENT_NAMES } from '@renderer/core/schema';
import { checkModelFiles } from '@server/models/loadModels';
import { productEffects } from '@server/products';
import { productDirsFromEnv, registerProductFolder } from '@server/products/folder';

/**
 * Checks the folder and returns the problems (exported for the tests). `screens` are the paths the portal
 * maps to hand-written screens (default: src/router/screens.ts), checked against the `_routes/` blocks;
 * `overrides` are unsaved texts of files under `root` (relative path → text); `only` checks that one page
 * (the rest of the folder still gives the route table).
 */
export function checkSchemaFolder(
  root: string,
  screens: readonly string[] = Object.keys(SCREENS),
  overrides: Readonly<Record<string, string>> = {},
  only?: string,
): { pages: number; issues: CheckIssue[] } {
  const directory = readSchemaDirectory(root, overrides);
  const issues: CheckIssue[] = [];
  for (const [file, at] of Object.entries(directory.parseErrorsAt)) {
    if (!directory.pages.some((p) => p.file === file))
      issues.push({
        file,
        pointer: '',
        message: `不是合法的 JSON：${at.message}`,
        line: at.line,
        column: at.column,
      });
  }
  // Models and dictionaries: the server's start-up check (server/models/loadModels.ts), one for both. A
  // check of one page (the studio, per keystroke) leaves them out: they are not what is being edited.
  if (only === undefined) {
    const shared = checkModelFiles(root, productEffects()).problems;
    issues.push(...shared.filter((p) => p.line === undefined || !(p.file in directory.parseErrorsAt)));
  }
  const result = checkSchemas(
    directory.pages,
    {
      source: directory.source,
      models: directory.models,
      roles: ROLE_CODES,
      components: [...BUILTIN_COMPONENT_NAMES, ...Object.keys(HOST_COMPONENTS)],
      routeFiles: directory.files,
      screens,
    },
    only === undefined ? undefined : (file) => file === only,
  );
  issues.push(...result.issues);
  return {
    pages: directory.pages.length,
    issues: withoutKnockOn(issues, Object.keys(directory.parseErrorsAt)),
  };
}

/**
 * A fragment, dictionary, model or route file that does not parse is reported once, at its line and
 * column: the pages that use it are not at fault, so what they say about the missing names goes.
 */
function withoutKnockOn(issues: CheckIssue[], broken: readonly string[]): CheckIssue[] {
  const shared = broken.filter((file) => file.startsWith('_'));
  if (shared.length === 0) return issues;
  const names = shared.map((file) => file.replace(/^.*\//, '').replace(/\.json$/, ''));
  const routesBroken = shared.some((file) => file.startsWith('_routes/'));
  return issues.filter(
    (issue) =>
      issue.line !== undefined ||
      !(
        names.some((name) => issue.message.includes(`"${name}"`) || issue.message.includes(`${name}.json`)) ||
        (routesBroken && /未知页面|没有页面与|手写/.test(issue.message))
      ),
  );
}

const isMain =
  process.argv[1] !== undefined &&
  resolve(process.argv[1]).replace(/\.ts$/, '') === resolve(import.meta.filename ?? '').replace(/\.ts$/, '');
if (isMain) {
  // PRODUCT_DIRS folders join the products and their plugins' effects, as the server mounts them.
  for (const dir of productDirsFromEnv(process.env.PRODUCT_DIRS)) await registerProductFolder(dir);
  const root = resolve(process.argv[2] ?? 'schemas');
  const { pages, issues } = checkSchemaFolder(root);
  const onDisk = schemaFileOnDisk(root);
  for (const issue of issues) console.log(formatIssue(issue, onDisk));
  console.log(
    issues.length === 0
      ? `schemas:check: ${pages} page schemas, no problems`
      : `schemas:check: ${pages} page schemas, ${issues.length} problem(s)`,
  );
  process.exitCode = issues.length === 0 ? 0 : 1;
}
