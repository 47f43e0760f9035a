import { spawn, type ChildProcess } from 'node:child_process';

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
