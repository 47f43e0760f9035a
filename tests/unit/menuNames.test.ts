import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRoutes } from '@server/menus';

/**
 * A menu a role sees names each item once: no item of a group of several bears the group's own name
 * (融资资料 under 融资资料), and no two items of one group and product that a role shares have the same title.
 */
describe('menu names', () => {
  const routes = loadRoutes(join(process.cwd(), 'schemas')).filter((r) => !r.hideInMenu && r.menu.group);

  it('no item of a group with several items (for one role) is named like the group', () => {
    const groups = new Map<string, Array<{ path: string; title: string }>>();
    for (const r of routes)
      for (const role of r.roles) {
        const key = `${role} ${r.product ?? ''} ${r.menu.group}`;
        groups.set(key, [...(groups.get(key) ?? []), { path: r.path, title: r.title }]);
      }
    const named = [...groups.entries()].flatMap(([key, items]) =>
      items.length > 1
        ? items.filter((i) => key.endsWith(` ${i.title}`)).map((i) => `${key}: ${i.path}`)
        : [],
    );
    expect(named).toEqual([]);
  });

  it('no role sees two items of the same title in one group of one product', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const r of routes)
      for (const role of r.roles) {
        const key = `${role} ${r.product ?? ''} ${r.menu.group} ${r.title}`;
        const other = seen.get(key);
        if (other) twice.push(`${key}: ${other} and ${r.path}`);
        else seen.set(key, r.path);
      }
    expect(twice).toEqual([]);
  });
});
