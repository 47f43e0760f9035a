// @vitest-environment node
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptPlan, pageRoutes, snapshotShards } from '../../../scripts/schemas-accept';

const root = join(import.meta.dirname, '../../..');
const pages = pageRoutes(join(root, 'schemas'));
const shards = snapshotShards(join(root, 'tests/schemas'));
const TAIL = [
  'run',
  '--project',
  'schemas',
  'tests/schemas/routes.test.ts',
  'tests/schemas/pageObjects.test.ts',
  '-u',
];

describe('npm run schemas:accept', () => {
  it('reads every page with its route, and the snapshot shards', () => {
    expect(pages.length).toBeGreaterThan(150);
    expect(pages).toContainEqual({
      file: 'assets-pool/pool-manage/asset-pool.json',
      path: '/assets-pool/pool-manage/asset-pool',
    });
    expect(shards).toEqual(expect.arrayContaining(['abs', 'abcp', 'credit', 'factoring']));
  });

  it('accepts a route: its page tests in its shard, then the route table and the page objects', () => {
    expect(
      acceptPlan(['/cv3/abs/core/issue/issue', 'assets-pool/pool-manage/asset-pool.json'], pages, shards),
    ).toEqual([
      [
        'run',
        '--project',
        'schemas',
        'tests/schemas/pages.abs.test.tsx',
        '-t',
        '^(abs/core/issue/issue\\.json) ',
        '-u',
      ],
      [
        'run',
        '--project',
        'schemas',
        'tests/schemas/pages.test.tsx',
        '-t',
        '^(assets-pool/pool-manage/asset-pool\\.json) ',
        '-u',
      ],
      TAIL,
    ]);
  });

  it('with no route, every page', () => {
    expect(acceptPlan([], pages, shards)).toEqual([
      ['run', '--project', 'schemas', 'tests/schemas/pages', '-u'],
      TAIL,
    ]);
  });

  it('names the nearest routes for one that is no page', () => {
    expect(() => acceptPlan(['/abs/core/issue/isue'], pages, shards)).toThrow(
      /没有页面 \/abs\/core\/issue\/isue/,
    );
    expect(() => acceptPlan(['/assets-pool/asset-pol'], pages, shards)).toThrow(
      '没有页面 /assets-pool/asset-pol',
    );
  });
});
