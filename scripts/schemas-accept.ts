// `npm run schemas:accept [-- <route or page file>...]`: accepts a new or changed page. Rewrites the page's
// render snapshots (tests/schemas/pagesSuite.tsx, only that page's tests), the route table
// (__snapshots__/routes.txt) and the testers' page-object types (tests/e2e/pageObjects.generated.ts), then
// lists the files that changed, for review before committing. With no argument, every page's snapshots.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSchemaDirectory } from '@renderer/core/node';

const root = fileURLToPath(new URL('..', import.meta.url));

/** A page file and its route path. */
export interface PageRoute {
  file: string;
  path: string;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The vitest runs that accept `targets` (route paths or page files; none = every page): one per snapshot
 * shard with the pages' test names, then the route table's and the page objects'. Throws, naming the
 * nearest routes, for a target that is no page.
 */
export function acceptPlan(targets: string[], pages: PageRoute[], shards: string[]): string[][] {
  const suite = (files: string[], names?: string[]): string[] => [
    'run',
    '--project',
    'schemas',
    ...files,
    ...(names ? ['-t', `^(${names.map(escapeRegExp).join('|')}) `] : []),
    '-u',
  ];
  const tail = suite(['tests/schemas/routes.test.ts', 'tests/schemas/pageObjects.test.ts']);
  if (targets.length === 0) return [suite(['tests/schemas/pages']), tail];
  const byShard = new Map<string, string[]>();
  for (const target of targets) {
    const wanted = target.replace(/^\/cv3/, '').replace(/^schemas\//, '');
    const page = pages.find((p) => p.path === wanted || p.file === wanted);
    if (!page) {
      const near = pages
        .filter((p) => p.path.includes(wanted.split('/').filter(Boolean).pop() ?? wanted))
        .map((p) => p.path)
        .slice(0, 5);
      throw new Error(`没有页面 ${target}${near.length ? `；相近的路由：${near.join('、')}` : ''}`);
    }
    const top = page.path.split('/')[1] ?? '';
    const shard = shards.includes(top)
      ? `tests/schemas/pages.${top}.test.tsx`
      : 'tests/schemas/pages.test.tsx';
    byShard.set(shard, [...(byShard.get(shard) ?? []), page.file]);
  }
  return [...[...byShard].map(([shard, files]) => suite([shard], files)), tail];
}

/** The page files of `schemasDir` with their route paths. */
export function pageRoutes(schemasDir: string): PageRoute[] {
  return readSchemaDirectory(schemasDir).pages.flatMap((p) => {
    const path = (p.raw as { route?: { path?: unknown } } | undefined)?.route?.path;
    return typeof path === 'string' ? [{ file: p.file, path }] : [];
  });
}

/** The route tops with a snapshot shard of their own (`tests/schemas/pages.<top>.test.tsx`). */
export function snapshotShards(testsDir: string): string[] {
  return readdirSync(testsDir)
    .map((f) => /^pages\.(.+)\.test\.tsx$/.exec(f)?.[1])
    .filter((top): top is string => Boolean(top));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let plan: string[][];
  try {
    plan = acceptPlan(
      process.argv.slice(2),
      pageRoutes(join(root, 'schemas')),
      snapshotShards(join(root, 'tests/schemas')),
    );
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  for (const args of plan) {
    console.log(`> vitest ${args.join(' ')}`);
    const run = spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), ...args], {
      cwd: root,
      stdio: 'inherit',
    });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
  const changed = spawnSync(
    'git',
    ['status', '--short', '--', 'tests/schemas/__snapshots__', 'tests/e2e/pageObjects.generated.ts'],
    { cwd: root, encoding: 'utf8' },
  ).stdout;
  console.log(changed ? `changed (review, then commit):\n${changed}` : 'no snapshot changed');
}
