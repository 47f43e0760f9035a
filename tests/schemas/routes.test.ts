/**
 * The route table (page schemas and hand-written screens, read as the server reads them) and every role's
 * menu, as a snapshot.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLE_CODES } from '@contract/roles';
import { buildMenu } from '@renderer/core';
import { loadRoutes } from '@server/menus';

describe('route table', () => {
  const routes = loadRoutes(resolve(import.meta.dirname, '../../schemas'));

  it('is generated from the schemas', async () => {
    const table = routes.map((r) =>
      [
        r.path,
        r.title,
        r.page,
        r.product ?? '-',
        r.menu.group ?? '-',
        r.menu.order,
        r.roles.join(',') || '-',
        [
          r.hideInMenu && 'hideInMenu',
          r.hideTopMenu && 'hideTopMenu',
          r.keepAlive && 'keepAlive',
          r.openInBlank && 'openInBlank',
          r.public && 'public',
          r.alwaysAllowed && 'alwaysAllowed',
        ]
          .filter(Boolean)
          .join(',') || '-',
        r.help.join(',') || '-',
      ].join(' | '),
    );
    await expect(
      `path | title | page | product | menu group | order | roles | flags | help\n${table.join('\n')}\n`,
    ).toMatchFileSnapshot('__snapshots__/routes.txt');
  });

  it('gives each role its menu', async () => {
    const roles = [...ROLE_CODES].sort();
    const text = roles
      .map((role) => {
        const menu = buildMenu(routes, role);
        return [
          `${role}:`,
          ...menu.flatMap((p) =>
            p.groups.map(
              (g) =>
                `  ${p.product} / ${g.group || '-'}: ${g.items.map((i) => `${i.title} (${i.path})`).join('; ')}`,
            ),
          ),
        ].join('\n');
      })
      .join('\n');
    await expect(`${text}\n`).toMatchFileSnapshot('__snapshots__/menus.txt');
  });
});
