// Installs dependencies when node_modules is missing or older than package-lock.json (npm's pre-scripts
// run this before `npm start`, `npm test`, ...). Dependency-free: it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// npm writes node_modules/.package-lock.json on every install: it is the install's own timestamp.
const installed = `${root}node_modules/.package-lock.json`;
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

const stale =
  !existsSync(installed) ||
  mtime(installed) < Math.max(mtime(`${root}package-lock.json`), mtime(`${root}package.json`));
if (stale) {
  console.log(
    existsSync(installed) ? 'package-lock.json changed: npm ci' : 'installing dependencies: npm ci',
  );
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('npm ci failed; fix the error above and run the command again.');
    process.exit(r.status ?? 1);
  }
}
