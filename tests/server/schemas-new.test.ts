import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeNewPage } from '../../scripts/schemas-new';
import { checkSchemaFolder } from '../../scripts/schemas-check';

const root = mkdtempSync(join(tmpdir(), 'schemas-new-'));
cpSync('schemas', root, { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('schemas:new', () => {
  it('writes a list page from the model that passes schemas:check, actions for the chosen role only', async () => {
    const { file, issues } = await writeNewPage(root, {
      route: 'credit/core/cash/wizard-director',
      model: 'creditCash',
      kind: 'list',
      role: 'ROLE_CORE_DIRECTOR',
    });
    expect(issues).toEqual([]);
    const text = readFileSync(file, 'utf8');
    const page = JSON.parse(text) as {
      route: { path: string; roles: string[] };
      list: { columns: { field: string }[]; rowActions: { action: string }[] };
    };
    expect(page.route).toMatchObject({
      path: '/credit/core/cash/wizard-director',
      roles: ['ROLE_CORE_DIRECTOR'],
    });
    expect(page.list.columns.map((c) => c.field)).toContain('cashAmount');
    expect(page.list.columns.at(-1)).toMatchObject({ field: 'status', enum: { $dict: 'creditCashStatus' } });
    const actions = page.list.rowActions.map((a) => a.action);
    expect(actions).toContain('approve');
    expect(actions).not.toContain('submit');
    // Prettier-formatted (two-space indent, trailing newline), and the whole folder still checks clean.
    expect(text).toMatch(/^\{\n {2}"\$schema": "\.\.\/\.\.\/\.\.\/\.\.\/renderer/);
    expect(text.endsWith('}\n')).toBe(true);
    expect(checkSchemaFolder(root).issues).toEqual([]);
  });

  it('refuses an unknown model and an existing file with a Chinese message, writing nothing', async () => {
    await expect(
      writeNewPage(root, { route: 'credit/core/cash/nothing', model: 'noSuchModel', kind: 'list' }),
    ).rejects.toThrow('模型 noSuchModel 不存在');
    expect(existsSync(join(root, 'credit/core/cash/nothing.json'))).toBe(false);
    await expect(
      writeNewPage(root, { route: 'credit/core/cash/cash-query', model: 'creditCash', kind: 'list' }),
    ).rejects.toThrow('文件已存在');
  });
});
