/** The route table and every role's menu, generated from the page schemas, as a snapshot. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSchemaDirectory } from '@renderer/core/node';
import { buildMenu, extractRoutes, loadPageSchema } from '@renderer/core';

const directory = readSchemaDirectory(resolve(import.meta.dirname, '../../schemas'));

describe('route table', () => {
  const routes = extractRoutes(
    directory.pages.map((page) => {
      const { schema } = loadPageSchema(page.raw, { file: page.file, source: directory.source });
      return { file: page.file, route: schema.route, page: schema.page };
    }),
  );

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
    const roles = [...new Set(routes.flatMap((r) => r.roles))].sort();
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
