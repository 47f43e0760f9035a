// Builds the portal (vite build) when dist/ is missing or was built from other sources or settings.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = [
  'src',
  'renderer',
  'schemas',
  'products',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];

/**
 * The sources as `path mtime` lines, files only. A directory's own mtime is left out: a test that adds and
 * removes a file under schemas/ (the studio, schemas:new) changed it and forced a rebuild on every e2e run,
 * while a removed or added file still changes the list.
 */
function sourceLines(path, out = []) {
  if (!existsSync(path)) return out;
  const s = statSync(path);
  if (!s.isDirectory()) {
    out.push(`${relative(root, path)} ${s.mtimeMs}`);
    return out;
  }
  for (const name of readdirSync(path).sort()) if (!name.startsWith('.')) sourceLines(join(path, name), out);
  return out;
}

const sourcesHash = () =>
  createHash('sha1')
    .update(SOURCES.flatMap((p) => sourceLines(join(root, p))).join('\n'))
    .digest('hex');

/** Where the build goes: DIST_DIR (absolute or relative to the project) or dist/. */
export const distDir = resolve(root, process.env.DIST_DIR ?? 'dist');

/** The build-time variables a build depends on besides its sources (the render bench's page). */
const buildEnv = () => JSON.stringify({ VITE_BENCH: process.env.VITE_BENCH ?? '' });

export function buildIfNeeded({ force = false } = {}) {
  const index = join(distDir, 'index.html');
  const stamp = join(distDir, '.vite', 'build-env.json');
  const sources = sourcesHash();
  const wanted = JSON.stringify({ env: buildEnv(), sources });
  const same = existsSync(index) && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted;
  if (!force && same) return false;
  console.log('building the portal (vite build)...');
  const r = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stamp, wanted);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildIfNeeded();
