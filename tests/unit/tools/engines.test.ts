import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` on a clean clone prints no engine warning: every installed package accepts the oldest Node of
 * each line the project supports (package.json `engines`, the README's requirements: Vite, jsdom and
 * rolldown want 20.19, 22.13 or 24). @fastify/cookie, @fastify/static and
 * light-my-request are held at the last versions whose cookie and content-disposition still run on Node 20
 * (cookie 2 and content-disposition 3 want Node 22); see package.json's pins and overrides.
 */
describe('installed packages and the supported Node', () => {
  const root = process.cwd();
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { engines?: { node?: string } | string[]; os?: string[] }>;
  };
  // The first version of each supported line: `^20.19.0 || ^22.13.0 || >=24` gives 20.19.0, 22.13.0, 24.0.0.
  const firsts = pkg.engines.node.split('||').map((range) => semver.minVersion(range.trim())?.version ?? '');

  it('the README names the oldest supported Node of each line', () => {
    expect(firsts).toEqual(['20.19.0', '22.13.0', '24.0.0']);
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain('Node.js 20.19+, 22.13+ or 24+');
  });

  it.each(firsts)('every package in the lock file accepts Node %s', (node) => {
    const refusing = Object.entries(lock.packages)
      // npm installs (and checks) only the packages made for this system: sharp's Windows builds want
      // ^20.9.0 but never reach a Linux machine.
      .filter(([name, meta]) => name !== '' && (meta.os?.includes(process.platform) ?? true))
      .map(([name, meta]) => [name, Array.isArray(meta.engines) ? undefined : meta.engines?.node] as const)
      .filter(([, range]) => range !== undefined && !semver.satisfies(node, range))
      .map(([name, range]) => `${name} wants node ${range}`);
    expect(refusing).toEqual([]);
  });
});
