import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '@server/db/pglite';
import { FIXTURE } from './globalSetup';

/**
 * A new data directory holding a copy of the suite's seeded database (tests/server/globalSetup.ts): a server
 * process started on it finds the demo world there (~1 s) instead of seeding it through the engine (~20 s).
 */
export async function seededDataDir(prefix: string): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const db = await openPglite({ dataDir, loadDataDir: new Blob([readFileSync(FIXTURE)]) });
  await db.close();
  return dataDir;
}

/** Starts `server/main.ts` as its own process on `port` and resolves once it listens. */
export function startServerProcess(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, LOG: 'false', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('portal: http')) resolve(child);
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

/** Resolves with the exit code once the process has ended (at once if it already has). */
export function processExit(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}
