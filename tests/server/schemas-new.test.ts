import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatIssue } from '@renderer/core/checker';
import { buildListPage, writeNewPage } from '../../scripts/schemas-new';
import { checkSchemaFolder } from '../../scripts/schemas-check';
import { copySchemaTree, readSchemaDirectory } from '@renderer/core/node';

const root = mkdtempSync(join(tmpdir(), 'schemas-new-'));
copySchemaTree('schemas', root);
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

  it("writes a create form of the model's required fields, for every model that can be created", async () => {
    const { file, issues } = await writeNewPage(root, {
      route: 'demo/wizard/apply',
      model: 'demoApplication',
      kind: 'form',
    });
    expect(issues).toEqual([]);
    const page = JSON.parse(readFileSync(file, 'utf8')) as {
      page: string;
      route: { roles: string[] };
      form: { mode: string; properties: Record<string, { required?: boolean }>; actions: { type: string }[] };
    };
    expect(page).toMatchObject({ page: 'form', form: { mode: 'create' } });
    expect(page.route.roles).toEqual(['ROLE_CORE_OPERATOR', 'ROLE_CORE_DIRECTOR']);
    expect(Object.keys(page.form.properties)).toEqual(['title', 'amount']);
    expect(Object.values(page.form.properties).every((f) => f.required === true)).toBe(true);
    expect(page.form.actions.map((a) => a.type)).toEqual(['back', 'submit']);
    // Models with references, amounts, dates and dictionaries among their required fields.
    for (const model of ['creditLimitDistribution', 'factoringReceivable', 'creditLimit']) {
      const route = `demo/wizard/${model.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
      const built = await writeNewPage(root, { route, model, kind: 'form' });
      expect(built.issues).toEqual([]);
    }
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

  it('makes a page an analyst keeps, for every model: query form, toolbar, names and labels, actions', () => {
    const dir = mkdtempSync(join(tmpdir(), 'schemas-new-all-'));
    try {
      copySchemaTree('schemas', dir);
      mkdirSync(join(dir, 'generated'));
      const tree = readSchemaDirectory('schemas');
      const models = Object.keys(tree.models ?? {});
      const pages = new Map<string, ReturnType<typeof buildListPage>>();
      for (const model of models) {
        const route = `generated/${model.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
        const page = buildListPage(dir, { route, model, kind: 'list' });
        pages.set(model, page);
        writeFileSync(join(dir, `${route}.json`), JSON.stringify(page, null, 2));
      }
      // Every generated page passes the checker, in one run over the folder.
      expect(checkSchemaFolder(dir).issues.map((i) => formatIssue(i))).toEqual([]);
      for (const [model, page] of pages) {
        const definition = tree.models?.[model] as unknown as {
          fields: Record<string, { ref?: string; dict?: string }>;
          query?: { filters?: Record<string, string> };
        };
        const list = page.list as {
          query?: Record<string, unknown>;
          columns: Array<{ field: string; enum?: unknown }>;
          toolbar: Array<{ type: string }>;
        };
        expect(page.description, model).not.toMatch(/列表列表/);
        expect(
          list.toolbar.map((a) => a.type),
          model,
        ).toContain('export');
        if (Object.keys(definition.query?.filters ?? {}).length > 0)
          expect(Object.keys(list.query ?? {}).length, model).toBeGreaterThan(0);
        for (const column of list.columns) {
          const field = definition.fields[column.field];
          expect(field?.ref, `${model}.${column.field} is an id`).toBeUndefined();
          if (field?.dict) expect(column.enum, `${model}.${column.field}`).toEqual({ $dict: field.dict });
        }
      }
      const corpName = pages.get('creditCash')!.list as { columns: Array<{ field: string }> };
      expect(corpName.columns.map((c) => c.field)).toEqual(
        expect.arrayContaining(['holderName', 'issuerName']),
      );
      expect(
        (pages.get('assetsPoolPool')!.list as { toolbar: Array<{ key: string }> }).toolbar.map((a) => a.key),
      ).toEqual(['create', 'export']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a model the checker refuses, with the model's own problems", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'schemas-new-inline-'));
    try {
      copySchemaTree('schemas', dir);
      const file = join(dir, '_models/creditCash.json');
      const model = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      model.states = [{ value: 'RD0', label: '待还款' }];
      writeFileSync(file, JSON.stringify(model, null, 2));
      await expect(
        writeNewPage(dir, { route: 'credit/core/cash/inline', model: 'creditCash', kind: 'list' }),
      ).rejects.toThrow(`${dir}/_models/creditCash.json#/states: states 应为 {"$dict": "<字典名>"}`);
      expect(existsSync(join(dir, 'credit/core/cash/inline.json'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
