// @vitest-environment node
/**
 * Mistakes that would otherwise break silently at run time (a field or button that just disappears, a
 * server that refuses to start, "[object Object]" in a Select): each fails `schemas:check` with a
 * located Chinese message, one test per mistake.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatIssue } from '@renderer/core/checker';
import { loadModels, ModelLoadError } from '@server/models';
import { productEffects } from '@server/products';
import { checkSchemaFolder } from '../../scripts/schemas-check';
import { copySchemaTree, schemaTreeFile } from '@renderer/core/node';

const SCHEMAS = resolve(import.meta.dirname, '../../schemas');
let copies: string[] = [];
afterEach(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  copies = [];
});

/** A copy of the schemas with `file` changed by `change` (JSON) or replaced by `text`. */
/** Parsed JSON, edited freely (JSON.parse's own type). */
type Json = ReturnType<JSON['parse']>;

function broken(edits: Record<string, ((json: Json) => void) | string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-silent-'));
  copies.push(dir);
  copySchemaTree(SCHEMAS, dir);
  for (const [file, edit] of Object.entries(edits)) {
    const path = join(dir, file);
    if (typeof edit === 'string') writeFileSync(path, edit);
    else {
      const json: Json = JSON.parse(readFileSync(path, 'utf8'));
      edit(json);
      writeFileSync(path, JSON.stringify(json, null, 2));
    }
  }
  return dir;
}

const lines = (dir: string): string[] => checkSchemaFolder(dir).issues.map((i) => formatIssue(i));
const CASH_QUERY = 'credit/core/cash/cash-query.json';
const ISSUE_APPLY = 'credit/core/issue/apply.json';

describe('schemas:check catches what breaks silently', () => {
  it('a misspelled variable in an expression, with a did-you-mean', () => {
    const dir = broken({
      [CASH_QUERY]: (json) => {
        json.list.rowActions[1].visible = "$recrod.status === 'RD1'";
      },
    });
    expect(lines(dir)).toEqual([
      `schemas/${CASH_QUERY}#/list/rowActions/1/visible: 未知的名称 "$recrod"，是否应为 "$record"？（可用：$record, $records, $ids, $roles, $role, $user, $query, $values, $owner, $deps, $dependencies, $self, $target, $form, $index, $lookup, $observable, $props）（$recrod.status === 'RD1'）`,
    ]);
  });

  it('a record field the model does not have', () => {
    const dir = broken({
      [CASH_QUERY]: (json) => {
        json.list.rowActions[1].visible = "$record.statsu === 'RD1'";
      },
    });
    expect(lines(dir)).toEqual([
      `schemas/${CASH_QUERY}#/list/rowActions/1/visible: 模型 "creditCash" 中没有字段 "statsu"（$record.statsu），是否应为 "status"？（$record.statsu === 'RD1'）`,
    ]);
  });

  it('a status compared with a literal that is not a state of the model', () => {
    const dir = broken({
      [CASH_QUERY]: (json) => {
        json.list.rowActions[1].visible = "$record.status === 'DA9'";
      },
    });
    expect(lines(dir)).toEqual([
      `schemas/${CASH_QUERY}#/list/rowActions/1/visible: "DA9" 不是模型 "creditCash" 的状态，是否应为 "RD9"？（状态：RD0, RD1, RDD, RD9）（$record.status === 'DA9'）`,
    ]);
  });

  it('an x-reactions dependency on a field the form does not have', () => {
    const dir = broken({
      [ISSUE_APPLY]: (json) => {
        json.form.steps[1].properties.amountCapital['x-reactions'] = {
          dependencies: ['amout'],
          fulfill: { state: { visible: '{{ !!$deps[0] }}' } },
        };
      },
    });
    const found = lines(dir);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      /^schemas\/credit\/core\/issue\/apply\.json#\/form\/steps\/1\/properties\/amountCapital\/x-reactions\/dependencies\/0: 联动依赖的字段 "amout" 在表单中不存在，是否应为 "amount"？/,
    );
  });

  it('an expression without {{ }} in x-visible', () => {
    const dir = broken({
      [ISSUE_APPLY]: (json) => {
        json.form.steps[1].properties.remark['x-visible'] = "$values.limitSource === '单位授信'";
      },
    });
    expect(lines(dir)).toEqual([
      `schemas/${ISSUE_APPLY}#/form/steps/1/properties/remark/x-visible: 应为 true/false 或 {{ }} 表达式：不带 {{ }} 的 "$values.limitSource === '单位授信'" 只是一个字符串，规则不会生效（写成 "{{ $values.limitSource === '单位授信' }}"）`,
    ]);
  });

  it("a model whose states is an inline array, located and in Chinese, and the server's start-up says the same", () => {
    const dir = broken({
      '_models/creditCash.json': (json) => {
        json.states = [{ value: 'RD0', label: '待还款' }];
      },
    });
    const expected =
      'schemas/_models/creditCash.json#/states: states 应为 {"$dict": "<字典名>"}：状态（{"value", "label"}）写在字典 schemas/_dicts/<字典名>.json 中，不能直接写数组';
    expect(lines(dir)).toEqual([expected]);
    let error: unknown;
    try {
      loadModels(dir, productEffects());
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ModelLoadError);
    // The server names the changed copy's file where it is (renderer/core/node schemaFileOnDisk).
    expect((error as ModelLoadError).problems).toEqual([expected.replace('schemas/', `${dir}/`)]);
    expect((error as Error).message).not.toMatch(/must|should|NOT/);
  });

  it('a dictionary problem is located in Chinese for both', () => {
    const dir = broken({
      '_dicts/creditCashStatus.json': (json) => {
        json.items[1].value = 'RD0';
      },
    });
    const expected = 'schemas/_dicts/creditCashStatus.json#/items/1/value: 值 "RD0" 重复';
    expect(lines(dir)).toContain(expected);
    expect(() => loadModels(dir, productEffects())).toThrow(expected.replace('schemas/', `${dir}/`));
  });

  it('a model enum of {value, label} objects is refused with a message (never "[object Object]" in a Select)', () => {
    const dir = broken({
      '_models/creditCash.json': (json) => {
        json.fields.bankName.enum = [{ value: 'CCB', label: '建设银行' }];
      },
    });
    expect(lines(dir)).toEqual([
      'schemas/_models/creditCash.json#/fields/bankName/enum: enum 应为取值的数组（如 ["A", "B"]）；带显示名称的选项请写成字典 schemas/_dicts/<名称>.json（{"value", "label"}），字段写 "dict": "<名称>"',
    ]);
  });

  it('a page rule repeating its model rule is flagged, and the form gets it once', async () => {
    const { applyModelRules } = await import('@renderer/core/model');
    const dir = broken({
      '_fragments/abs-asset-fields.json': (json) => {
        json.amount['x-validator'] = [{ amountMin: '0.01' }];
      },
    });
    const found = lines(dir);
    expect(found.length).toBeGreaterThan(0);
    // A page made from a template (ABCP's from ABS's) also names its instance.
    for (const line of found)
      expect(line).toMatch(
        /^schemas\/_fragments\/abs-asset-fields\.json#\/amount\/x-validator\/0: 页面校验规则 \{"amountMin":"0\.01"\} 与模型 "absAsset" 的字段 "amount"的规则相同：删除它（自动取自模型），否则同一条提示会出现两次（由 .+ 引用）(（模板实例 .+）)?$/,
      );
    const model = JSON.parse(readFileSync(schemaTreeFile(SCHEMAS, '_models/absAsset.json'), 'utf8'));
    const derived = applyModelRules(
      { amount: { type: 'string', 'x-validator': [{ amountMin: '0.01' }] } },
      model,
      () => undefined,
    );
    expect(derived.amount!['x-validator']).toEqual([{ amountMin: '0.01' }]);
  });

  it('a JSON syntax error is file:line:column, without knock-on errors in the files that use it', () => {
    const dict = readFileSync(schemaTreeFile(SCHEMAS, '_dicts/creditCashStatus.json'), 'utf8');
    const page = readFileSync(schemaTreeFile(SCHEMAS, CASH_QUERY), 'utf8');
    const dir = broken({
      '_dicts/creditCashStatus.json': dict.replace('"label"', '"label" "x"'),
      [CASH_QUERY]: page.replace('"route": {', '"route": {,'),
    });
    const found = lines(dir);
    const at = (text: string, needle: string): string => {
      const before = text.slice(0, text.indexOf(needle)).split('\n');
      return `${before.length}:${before.at(-1)!.length + 1}`;
    };
    expect(found).toEqual([
      `schemas/_dicts/creditCashStatus.json:${at(dict, '"label"').replace(/:\d+$/, (c) => `:${Number(c.slice(1)) + 8}`)}: 不是合法的 JSON：意外的字符串（前面缺少逗号？）`,
      `schemas/${CASH_QUERY}:${at(page, '"route": {').replace(/:\d+$/, (c) => `:${Number(c.slice(1)) + 10}`)}: 不是合法的 JSON：应为双引号括起的键名或 }（多余的逗号？）`,
    ]);
  });
});
