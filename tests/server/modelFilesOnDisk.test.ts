/**
 * The server's start-up check of models names each broken file where it is on disk, also when the server
 * runs on a copy of the tree (PRODUCT_DIRS: server/products/folder.ts mounts the folders into a copy):
 * a repository product's model by `products/<code>/models/…`, a mounted folder's by its own path, and a
 * copy's file that was changed after copying by the copy's path.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadModels, ModelLoadError } from '@server/models';
import { createEffectRegistry } from '@server/models/effects';
import { productEffects } from '@server/products';
import { mountProductDirs, type MountedProducts } from '@server/products/folder';

const SCHEMAS = join(process.cwd(), 'schemas');
const folder = mkdtempSync(join(tmpdir(), 'broken-product-'));
cpSync(join(process.cwd(), 'tests/fixtures/sample-product'), folder, { recursive: true });
let mounted: MountedProducts | undefined;
afterAll(() => {
  mounted?.remove();
  rmSync(folder, { recursive: true, force: true });
});

/** The problems of a failed load. */
function problemsOf(load: () => unknown): string[] {
  try {
    load();
  } catch (error) {
    expect(error).toBeInstanceOf(ModelLoadError);
    return (error as ModelLoadError).problems;
  }
  throw new Error('the models loaded');
}

describe('a broken model is named by its file on disk', () => {
  it('in a mounted folder and in a repository product, on the copy the server runs on', async () => {
    const model = join(folder, 'models/sampleRequest.json');
    const json = JSON.parse(readFileSync(model, 'utf8'));
    json.transitions[0].to = 'SR9';
    writeFileSync(model, JSON.stringify(json, null, 2));
    mounted = await mountProductDirs([folder], SCHEMAS);
    expect(problemsOf(() => loadModels(mounted!.schemasDir, productEffects()))).toEqual([
      `${model}#/transitions/0/to: 未知状态 "SR9"（字典 sampleRequestStatus：SR1, SR2）`,
    ]);
    // Without the credit plugin's effects, its models name effects that do not exist.
    const withoutEffects = problemsOf(() => loadModels(mounted!.schemasDir, createEffectRegistry()));
    expect(withoutEffects).toContain(
      'products/credit/models/creditIssue.json#/create/effects/0: 未知效果 "issue.check"（已注册：）',
    );
    // A shared model is named in schemas/, where it is.
    expect(withoutEffects).toContain(
      'schemas/_models/accountBill.json#/transitions/0/effects/0: 未知效果 "bill.pay"（已注册：）',
    );
  });

  it('a file of the copy changed after copying is the copy’s own', () => {
    const copied = join(mounted!.schemasDir, '_models/creditIssue.json');
    writeFileSync(copied, readFileSync(copied, 'utf8').replace('"issue.check"', '"issue.nothing"'));
    const problems = problemsOf(() => loadModels(mounted!.schemasDir, productEffects()));
    expect(
      problems.filter((p) => p.includes('creditIssue')).map((p) => p.replace(/（已注册：.*$/, '')),
    ).toEqual([`${copied}#/create/effects/0: 未知效果 "issue.nothing"`]);
  });
});
