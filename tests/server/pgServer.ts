import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** PostgreSQL server binaries, when the machine has them (Debian's postgresql-NN packages). */
export function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const version = readdirSync(base)
    .sort()
    .reverse()
    .find((v) => existsSync(join(base, v, 'bin', 'initdb')));
  return version ? join(base, version, 'bin') : null;
}

export interface PostgresServer {
  url: string;
  /** Stops the server (immediate: it may be mid-crash-test). */
  stop(): void;
}

/**
 * A throwaway PostgreSQL server on a port in `range` (run as the postgres user when we are root, since
 * PostgreSQL refuses root). `fsync` stays on unless asked: crash tests need real durability.
 */
export function startPostgres(opts: { portRange: [number, number]; fsync?: boolean }): PostgresServer {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL binaries');
  const isRoot = process.getuid?.() === 0;
  const tool = (name: string, args: string[]): void => {
    const cmd = join(bin, name);
    if (isRoot)
      execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', [cmd, ...args.map((a) => `'${a}'`)].join(' ')], {
        stdio: 'pipe',
      });
    else execFileSync(cmd, args, { stdio: 'pipe' });
  };
  const dir = mkdtempSync(join(tmpdir(), 'scf-pg-'));
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const [low, high] = opts.portRange;
  const port = low + Math.floor(Math.random() * (high - low));
  tool('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const fsync = opts.fsync === false ? ' -c fsync=off' : '';
  tool('pg_ctl', [
    '-D',
    dir,
    '-w',
    '-l',
    join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${fsync}`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (existsSync(join(dir, 'postmaster.pid')))
        tool('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
    },
  };
}
