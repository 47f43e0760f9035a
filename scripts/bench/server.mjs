// Starts the real server (`npm start` path) on a scratch database for benchmarks; resolves when it listens.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** `script` is scripts/start.mjs (one process) or scripts/start-cluster.mjs (`args`: --instances N). */
export function startServer(port, env = {}, script = 'start.mjs', args = []) {
  const dataDir = mkdtempSync(join(tmpdir(), 'scf-bench-'));
  const child = spawn(process.execPath, [join(root, 'scripts', script), ...args], {
    cwd: root,
    // TEST_MODE: the list bench adds 1,000 rows to export through the test-mode endpoint.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG: 'false',
      TEST_MODE: 'true',
      PRODUCT_APPROVAL_SECONDS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const instances = Number(args[args.indexOf('--instances') + 1]) || 1;
    const onData = (d) => {
      out += d.toString();
      if (out.split('portal: http').length - 1 >= instances)
        resolve({ url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM'), child });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}
