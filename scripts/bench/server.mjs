// Starts the real server (`npm start` path) on a scratch database for benchmarks; resolves when it listens.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export function startServer(port = 18700 + Math.floor(Math.random() * 200), env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'scf-bench-'));
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d) => {
      out += d.toString();
      if (out.includes('portal: http'))
        resolve({ url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM'), child });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}
