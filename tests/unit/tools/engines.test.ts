import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` on a clean clone prints no engine warning: every installed package accepts the oldest Node the
 * project supports (package.json `engines`, the README's "Node.js 20+"). @fastify/cookie, @fastify/static and
 * light-my-request are held at the last versions whose cookie and content-disposition still run on Node 20
 * (cookie 2 and content-disposition 3 want Node 22); see package.json's pins and overrides.
 */
describe('installed packages and the supported Node', () => {
  const root = process.cwd();
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { engines?: { node?: string } | string[] }>;
  };
  const oldest = semver.minVersion(pkg.engines.node)?.version ?? '';

  it('the README names the oldest supported Node', () => {
    expect(oldest).toBe('20.0.0');
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain('Node.js 20+');
  });

  it('every package in the lock file accepts the newest Node 20', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name !== '')
      .map(([name, meta]) => [name, Array.isArray(meta.engines) ? undefined : meta.engines?.node] as const)
      .filter(([, range]) => range !== undefined && !semver.satisfies('20.20.0', range))
      .map(([name, range]) => `${name} wants node ${range}`);
    expect(refusing).toEqual([]);
  });
});
