// The schema studio's file side (Node only): check an edited, unsaved schema text in the context of its
// folder with the schemas:check logic, and save it formatted as Prettier would, only when it checks clean
// (or on an explicit override).
import { existsSync, writeFileSync } from 'node:fs';
import { join, normalize, relative, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import type { CheckIssue } from '@renderer/core/checker';
import { SCREENS } from '@/router/screens';
import { checkSchemaFolder } from '../schemas-check';

/** The file's path relative to `root`, refusing anything outside it or not a JSON file. */
export function schemaFile(root: string, file: string): string {
  const rel = relative(resolve(root), resolve(root, normalize(file)))
    .split('\\')
    .join('/');
  if (rel.startsWith('..') || !rel.endsWith('.json'))
    throw new Error(`不是 schemas 目录中的 JSON 文件：${file}`);
  return rel;
}

/** The problems of `file` when its text is `text` (the rest of the folder as on disk). */
export function checkEditedSchema(root: string, file: string, text: string): CheckIssue[] {
  const rel = schemaFile(root, file);
  return checkSchemaFolder(root, Object.keys(SCREENS), { [rel]: text }).issues.filter((i) => i.file === rel);
}

export type SaveResult = { saved: true; text: string } | { saved: false; issues: CheckIssue[] };

/** Formats `text` with Prettier and writes it when it checks clean, or when `override` is set. */
export async function saveSchema(
  root: string,
  file: string,
  text: string,
  override = false,
): Promise<SaveResult> {
  const rel = schemaFile(root, file);
  const full = join(root, rel);
  if (!existsSync(full)) throw new Error(`文件不存在：${rel}`);
  const issues = checkEditedSchema(root, rel, text);
  if (issues.length > 0 && !override) return { saved: false, issues };
  const formatted = await formatSchemaText(full, text);
  writeFileSync(full, formatted);
  return { saved: true, text: formatted };
}

/**
 * `text` formatted as `prettier --write` would format the file at `full` with the project's .prettierrc
 * (also for a copy of schemas/ outside the repository, as the tests use).
 */
export async function formatSchemaText(full: string, text: string): Promise<string> {
  const config =
    (await resolveConfig(full, { config: resolve(import.meta.dirname, '../../.prettierrc.json') })) ?? {};
  return format(text, { ...config, parser: 'json', filepath: full });
}
