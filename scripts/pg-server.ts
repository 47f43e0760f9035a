// A throwaway PostgreSQL server from the machine's binaries (Debian's postgresql-NN packages), for the
// server tests and the benches: initdb in a temporary directory, start on a free loopback port, stop.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The directory of PostgreSQL's server binaries, or null when the machine has none. */
export function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const version = readdirSync(base)
    .sort((a, b) => Number(b) - Number(a))
    .find((v) => existsSync(join(base, v, 'bin', 'initdb')));
  return version ? join(base, version, 'bin') : null;
}

/** A loopback port nobody listens on (asked from the OS). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface PostgresServer {
  url: string;
  dataDir: string;
  /** Stops the server and keeps its data directory. */
  halt(): void;
  /** Stops the server and removes its data directory. */
  stop(): void;
}

/**
 * Starts a PostgreSQL server (as the postgres user when we are root: PostgreSQL refuses to run as root).
 * `settings` are extra `-c name=value` server settings. `copyOf` starts it on a copy of a stopped server's
 * data directory (a seeded one: tests/server/pgFixture.ts) instead of a new, empty one. `fsync` is off unless
 * asked for (the crash test needs real durability).
 */
export async function startPostgres(
  settings: string[] = [],
  opts: { copyOf?: string; fsync?: boolean } = {},
): Promise<PostgresServer> {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  const isRoot = process.getuid?.() === 0;
  const tool = (name: string, args: string[]): void => {
    const cmd = join(bin, name);
    if (isRoot) {
      execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', [cmd, ...args.map((a) => `'${a}'`)].join(' ')], {
        stdio: 'pipe',
      });
    } else execFileSync(cmd, args, { stdio: 'pipe' });
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'scf-pg-'));
  if (isRoot) {
    chownSync(
      dataDir,
      Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
      Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
    );
    chmodSync(dataDir, 0o700);
  }
  // cp -a keeps the owner (postgres) and modes PostgreSQL checks.
  if (opts.copyOf) execFileSync('cp', ['-a', `${opts.copyOf}/.`, dataDir], { stdio: 'pipe' });
  else tool('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dataDir}`,
    '-c listen_addresses=127.0.0.1',
    ...(opts.fsync ? [] : ['-c fsync=off']),
    ...settings.map((s) => `-c ${s}`),
  ];
  tool('pg_ctl', ['-D', dataDir, '-w', '-l', join(dataDir, 'log'), '-o', options.join(' '), 'start']);
  const halt = (): void => {
    if (existsSync(join(dataDir, 'postmaster.pid')))
      tool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir,
    halt,
    stop() {
      halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
