// @vitest-environment node
/**
 * `npm run schemas:check`: passes on the repository's schemas, and on a broken copy fails with
 * messages that name the file, the JSON pointer and what was expected.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatIssue } from '@renderer/core/checker';
import { checkSchemaFolder } from '../../scripts/schemas-check';
import { copySchemaTree } from '@renderer/core/node';

const ROOT = resolve(import.meta.dirname, '../..');
const SCHEMAS = join(ROOT, 'schemas');
const copy = mkdtempSync(join(tmpdir(), 'schemas-check-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** Runs the script as `npm run schemas:check` does (tsx), on `dir`, with `env` added to the environment. */
function runScript(dir: string, env: Record<string, string> = {}): { status: number | null; stdout: string } {
  const result = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'scripts/schemas-check.ts'), dir],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { status: result.status, stdout: result.stdout };
}

function edit(file: string, change: (json: Record<string, unknown>) => void): void {
  const path = join(copy, file);
  const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  change(json);
  writeFileSync(path, JSON.stringify(json, null, 2));
}

describe('schemas:check', () => {
  it('passes on the schemas of the repository', () => {
    const { issues, pages } = checkSchemaFolder(SCHEMAS);
    expect(pages).toBeGreaterThan(0);
    expect(issues).toEqual([]);
  });

  it('fails on a broken copy, locating every problem', () => {
    copySchemaTree(SCHEMAS, copy);
    edit('credit/core/index/operator.json', (json) => {
      const list = json.list as { columns: unknown[]; rowActions: Array<Record<string, unknown>> };
      list.columns.push({ field: 'rootNo', titel: '原始凭证编号' });
      (list.rowActions[0] as Record<string, unknown>).to = '/credit/nowhere?id={id}';
    });
    edit('credit/core/issue/director-approve.json', (json) => {
      const actions = (json.approve as { actions: Array<Record<string, unknown>> }).actions;
      (actions.find((a) => a.key === 'approve') as Record<string, unknown>).action = 'aprove';
    });
    const result = runScript(copy);
    expect(result.status).toBe(1);
    const lines = result.stdout.trim().split('\n');
    // The copy is outside the checkout: every message names its file by its absolute path.
    expect(lines).toContain(`${copy}/credit/core/index/operator.json#/list/columns/1: 缺少必填的键 "title"`);
    expect(lines).toContain(
      `${copy}/credit/core/index/operator.json#/list/columns/1/titel: 未知的键 "titel"，是否应为 "title"？`,
    );
    expect(lines).toContain(
      `${copy}/credit/core/index/operator.json#/list/rowActions/0/to: 未知页面 "/credit/nowhere"（没有对应的 schemas/credit/nowhere.json，也不是手写页面）`,
    );
    expect(
      lines.find((l) =>
        l.startsWith(
          `${copy}/credit/core/issue/director-approve.json#/approve/actions/2/action: 模型 "creditIssue" 中没有操作 "aprove"`,
        ),
      ),
    ).toBeDefined();
    expect(lines.at(-1)).toMatch(/^schemas:check: \d+ page schemas, 4 problem\(s\)$/);
  });

  it('fails on page rules looser than, or different from, the model, with file and pointer', () => {
    const rules = mkdtempSync(join(tmpdir(), 'schemas-rules-'));
    try {
      copySchemaTree(SCHEMAS, rules);
      const path = join(rules, 'credit/core/issue/apply.json');
      const json = JSON.parse(readFileSync(path, 'utf8')) as {
        form: { steps: Array<{ properties: Record<string, Record<string, unknown>> }> };
      };
      const voucher = json.form.steps[1]!.properties;
      voucher.remark!.maxLength = 500; // the model allows 200
      voucher.limitSource!.enum = [
        { value: '集团授信', label: '集团授信' },
        { value: '个人', label: '个人' },
      ];
      voucher.dueDate!.required = false; // the model requires it
      writeFileSync(path, JSON.stringify(json, null, 2));
      const at = (pointer: string, message: string): string =>
        `schemas/credit/core/issue/apply.json#/form/steps/1/properties/${pointer}: ${message}`;
      const lines = checkSchemaFolder(rules).issues.map((i) => formatIssue(i));
      expect(lines).toEqual([
        at('dueDate/required', '模型 "creditIssue" 的字段 "dueDate"为必填，页面不能写 required: false'),
        at(
          'limitSource/enum',
          '页面 enum 含模型 "creditIssue" 的字段 "limitSource"不允许的取值：个人（允许：集团授信, 单位授信）',
        ),
        at(
          'remark/maxLength',
          '页面规则 maxLength=500 比模型 "creditIssue" 的字段 "remark"（maxLength=200）更宽松：删除它（自动取自模型）或收紧',
        ),
      ]);
    } finally {
      rmSync(rules, { recursive: true, force: true });
    }
  });

  it('fails on a link shown to a role the target page refuses', () => {
    const links = mkdtempSync(join(tmpdir(), 'schemas-links-'));
    try {
      copySchemaTree(SCHEMAS, links);
      // As on main before the fix: the core operator's success page offered 上传贸易合同, which refused it.
      const path = join(links, 'credit/upload/contract.json');
      const json = JSON.parse(readFileSync(path, 'utf8')) as { route: { roles: string[] } };
      json.route.roles = ['ROLE_CORP_OPERATOR', 'ROLE_UNIT_OPERATOR'];
      writeFileSync(path, JSON.stringify(json, null, 2));
      const lines = checkSchemaFolder(links).issues.map((i) => formatIssue(i));
      expect(lines).toContain(
        'schemas/credit/upload/success.json#/detail/actions/1/to: 页面 "/credit/upload/contract" 不对角色 ROLE_CORE_OPERATOR 开放，但该链接对其可见（在目标页面 route.roles 中加入这些角色，或给链接写 roles）',
      );
      // A link limited to the roles the target admits is fine: the fragment's upload links say whose they are.
      expect(lines.filter((l) => l.includes('document-upload-links.json#/1/to'))).toHaveLength(2);
      expect(lines.filter((l) => l.includes('document-upload-links.json#/0/to'))).toEqual([]);
    } finally {
      rmSync(links, { recursive: true, force: true });
    }
  });

  it('fails on a page that offers what the model forbids (ADR 0014)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'schemas-invariants-'));
    try {
      copySchemaTree(SCHEMAS, dir);
      // A payee picker reading another list than the field's refs (which honour `opened`).
      const apply = join(dir, 'credit/chain/finance/apply.json');
      const page = JSON.parse(readFileSync(apply, 'utf8')) as {
        form: { properties: Record<string, Record<string, unknown>> };
      };
      page.form.properties.finCorpId!['x-component-props'] = {
        url: '/biz/v1/models/creditLimit/records',
        labelField: 'grantorName',
        valueField: 'grantorCorpId',
      };
      writeFileSync(apply, JSON.stringify(page, null, 2));
      // An upload page of documents an asset locks under review, without the asset as its owner.
      const upload = join(dir, 'abs/upload/contract.json');
      const documents = JSON.parse(readFileSync(upload, 'utf8')) as { upload: Record<string, unknown> };
      delete documents.upload.owner;
      writeFileSync(upload, JSON.stringify(documents, null, 2));
      const lines = checkSchemaFolder(dir).issues.map((i) => formatIssue(i));
      // ABCP's page is an instance of ABS's (renderer/core/schema/templates.ts): checked too, named in the template.
      expect(lines).toEqual([
        'schemas/abs/upload/contract.json#/upload/owner: 模型 "absDocument" 的资料在 "absAsset" 的部分状态下锁定（children.lockedStates）：owner 应为 {"model": "absAsset"}，页面才能在锁定时隐藏上传、替换和删除（模板实例 abcp/upload/contract.json）',
        'schemas/abs/upload/contract.json#/upload/owner: 模型 "absDocument" 的资料在 "absAsset" 的部分状态下锁定（children.lockedStates）：owner 应为 {"model": "absAsset"}，页面才能在锁定时隐藏上传、替换和删除',
        'schemas/credit/chain/finance/apply.json#/form/properties/finCorpId/x-component-props/url: 模型 "creditFinance" 的字段 "finCorpId"是企业引用，选项须取自模型声明的限制（/biz/v1/models/creditFinance/refs/finCorpId）：删除 url（自动取自模型），不要用其他列表',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a PRODUCT_DIRS folder outside the checkout by the absolute paths of its files', () => {
    const outside = mkdtempSync(join(tmpdir(), 'schemas-product-dirs-'));
    try {
      const folder = join(outside, 'sample-product');
      cpSync(join(ROOT, 'tests/fixtures/sample-product'), folder, { recursive: true });
      const fragment = join(folder, 'fragments/sample-request-columns.json');
      const columns = JSON.parse(readFileSync(fragment, 'utf8')) as Array<Record<string, unknown>>;
      columns[0] = { field: 'requestNo', titel: '申请编号' };
      writeFileSync(fragment, JSON.stringify(columns, null, 2));
      const result = runScript(SCHEMAS, { PRODUCT_DIRS: folder });
      expect(result.status).toBe(1);
      expect(result.stdout.trim().split('\n')).toContain(
        `${fragment}#/0/titel: 未知的键 "titel"，是否应为 "title"？（由 ${folder}/pages/request/list.json 引用）`,
      );
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('checks PRODUCT_DIRS folders as the server mounts them: their products and plugins known', () => {
    // The sample's route.product and the variant's model effect (its server plugin) are known, as they
    // are to a server started with the same PRODUCT_DIRS (server/products/folder.ts).
    const result = runScript(SCHEMAS, {
      PRODUCT_DIRS: 'tests/fixtures/sample-product,tests/fixtures/sample-variant',
    });
    expect(result.stdout).toMatch(/schemas:check: \d+ page schemas, no problems/);
    expect(result.status).toBe(0);
  });

  it('exits 0 and says so when all is well', () => {
    const result = runScript(SCHEMAS);
    expect(result.stdout).toMatch(/schemas:check: \d+ page schemas, no problems/);
    expect(result.status).toBe(0);
  });
});
