// Builds the portal (vite build) when dist/ is missing or older than any of its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const name of readdirSync(path))
    if (!name.startsWith('.')) max = Math.max(max, newest(join(path, name)));
  return max;
}

/** Where the build goes: DIST_DIR (absolute or relative to the project) or dist/. */
export const distDir = resolve(root, process.env.DIST_DIR ?? 'dist');

/** The build-time variables a build depends on besides its sources (the render bench's page). */
const buildEnv = () => JSON.stringify({ VITE_BENCH: process.env.VITE_BENCH ?? '' });

export function buildIfNeeded({ force = false } = {}) {
  const index = join(distDir, 'index.html');
  const stamp = join(distDir, '.vite', 'build-env.json');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((p) => newest(join(root, p))));
  const sameEnv = existsSync(stamp) && readFileSync(stamp, 'utf8') === buildEnv();
  if (!force && built > sources && sameEnv) return false;
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
  writeFileSync(stamp, buildEnv());
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildIfNeeded();
