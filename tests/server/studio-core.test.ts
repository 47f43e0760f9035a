import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkEditedSchema, saveSchema, schemaFile } from '../../scripts/studio/core';
import { copySchemaTree } from '@renderer/core/node';

const root = mkdtempSync(join(tmpdir(), 'studio-core-'));
copySchemaTree('schemas', root);
afterAll(() => rmSync(root, { recursive: true, force: true }));
const FILE = 'credit/core/index/operator.json';

describe('schema studio: check and save an edited schema', () => {
  it('marks an unknown component at its JSON pointer, in Chinese, without touching the file', async () => {
    const original = readFileSync(join(root, FILE), 'utf8');
    expect(checkEditedSchema(root, FILE, original)).toEqual([]);
    const broken = original.replace('"page": "', '"x-component": "NoSuchWidget", "page": "');
    const issues = checkEditedSchema(root, FILE, broken);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues).toEqual([expect.objectContaining({ pointer: '/x-component' })]);
    expect(issues[0]!.message).toContain('未知的键 "x-component"');
    const result = await saveSchema(root, FILE, broken);
    expect(result.saved).toBe(false);
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(original);
  });

  it('saves a clean edit formatted as prettier would', async () => {
    const original = readFileSync(join(root, FILE), 'utf8');
    const page = JSON.parse(original) as { description?: string };
    page.description = '改过的说明';
    const result = await saveSchema(root, FILE, JSON.stringify(page));
    expect(result.saved).toBe(true);
    const disk = readFileSync(join(root, FILE), 'utf8');
    // The repository's files are prettier-clean, so the one-line text comes back as the file with one change.
    expect(disk).toBe(original.replace(/"description": "[^"]*"/, '"description": "改过的说明"'));
  });

  it('refuses paths outside the schemas folder', () => {
    expect(() => schemaFile(root, '../package.json')).toThrow('不是 schemas 目录中的 JSON 文件');
  });
});
