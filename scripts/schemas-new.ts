// `npm run schemas:new -- <route> --model <m> [--kind list] [--role <ROLE>] [--title <t>] [--dir schemas]`:
// writes a starting list page for an existing model: the route block, one column per model field (the
// state as a dictionary column), and one row action per transition the chosen role may run. The page is
// checked with the schemas:check logic before the file is written; nothing is written when it fails.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { formatIssue } from '@renderer/core/checker';
import { checkSchemaFolder } from './schemas-check';
import { formatSchemaText } from './studio/core';

interface ModelField {
  type?: string;
  title?: string;
  format?: string;
}
interface ModelTransition {
  action: string;
  title?: string;
  from?: string[];
  roles?: string[];
}
interface ModelFile {
  name: string;
  title?: string;
  product?: string;
  fields: Record<string, ModelField>;
  states?: { $dict: string };
  transitions?: ModelTransition[];
  create?: { roles?: string[] };
  update?: { roles?: string[] };
}

export interface NewPageOptions {
  route: string;
  model: string;
  kind: 'list';
  role?: string;
  title?: string;
}

const COLUMN_FORMATS: Record<string, string> = { amount: 'money', date: 'date' };

/** Builds the page schema object for `options` from the model in `root`/_models. */
export function buildListPage(root: string, options: NewPageOptions): Record<string, unknown> {
  const modelPath = join(root, '_models', `${options.model}.json`);
  if (!existsSync(modelPath)) throw new Error(`模型 ${options.model} 不存在（${modelPath}）`);
  const model = JSON.parse(readFileSync(modelPath, 'utf8')) as ModelFile;
  const route = options.route.replace(/^\/+/, '');
  const depth = route.split('/').length;
  const roles = [
    ...new Set(
      options.role
        ? [options.role]
        : (model.transitions ?? []).flatMap((t) => t.roles ?? []).concat(model.create?.roles ?? []),
    ),
  ];
  const columns: Record<string, unknown>[] = Object.entries(model.fields).map(([field, spec]) => {
    const column: Record<string, unknown> = { field, title: spec.title ?? field };
    const fmt = spec.format && COLUMN_FORMATS[spec.format];
    if (fmt) column.format = fmt;
    return column;
  });
  if (model.states) columns.push({ field: 'status', title: '状态', enum: { $dict: model.states.$dict } });
  const rowActions = (model.transitions ?? [])
    .filter((t) => !options.role || (t.roles ?? []).includes(options.role))
    .map((t) => ({
      key: t.action,
      label: t.title ?? t.action,
      type: 'action',
      action: t.action,
      ...(t.from?.length ? { visible: t.from.map((s) => `$record.status === '${s}'`).join(' || ') } : {}),
      ...(options.role ? {} : t.roles?.length ? { roles: t.roles } : {}),
    }));
  return {
    $schema: `${'../'.repeat(depth)}renderer/core/schema/page.schema.json`,
    schemaVersion: 2,
    description: `${options.title ?? model.title ?? model.name}列表（schemas:new 生成的起始页面）。`,
    route: {
      path: `/${route}`,
      title: options.title ?? `${model.title ?? model.name}列表`,
      ...(model.product ? { product: model.product } : {}),
      roles: roles.length > 0 ? roles : undefined,
      hideInMenu: true,
    },
    page: 'list',
    model: model.name,
    list: { columns, rowActions, pageSize: 10 },
  };
}

/** Writes the page into `root`, checks the folder and removes the file again when the check fails. */
export async function writeNewPage(
  root: string,
  options: NewPageOptions,
): Promise<{ file: string; issues: string[] }> {
  const file = join(root, `${options.route.replace(/^\/+/, '')}.json`);
  if (existsSync(file)) throw new Error(`文件已存在：${relative(root, file)}`);
  const page = buildListPage(root, options);
  const text = await formatSchemaText(file, JSON.stringify(page));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  const rel = relative(root, file);
  const issues = checkSchemaFolder(root)
    .issues.filter((i) => i.file === rel || i.file.endsWith(rel))
    .map(formatIssue);
  if (issues.length > 0) {
    rmSync(file);
  }
  return { file, issues };
}

function parseArgs(argv: string[]): NewPageOptions & { dir: string } {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--')) flags[arg.slice(2)] = argv[++i] ?? '';
    else positional.push(arg);
  }
  const route = positional[0];
  if (!route || !flags.model)
    throw new Error('用法：npm run schemas:new -- <route> --model <m> [--kind list] [--role R]');
  if ((flags.kind ?? 'list') !== 'list') throw new Error(`暂只支持 --kind list（收到 ${flags.kind}）`);
  return {
    route,
    model: flags.model,
    kind: 'list',
    role: flags.role,
    title: flags.title,
    dir: resolve(flags.dir ?? 'schemas'),
  };
}

const isMain =
  process.argv[1] !== undefined &&
  resolve(process.argv[1]).replace(/\.ts$/, '') === resolve(import.meta.filename ?? '').replace(/\.ts$/, '');
if (isMain) {
  try {
    const { dir, ...options } = parseArgs(process.argv.slice(2));
    const { file, issues } = await writeNewPage(dir, options);
    if (issues.length > 0) {
      for (const line of issues) console.log(line);
      console.log(`schemas:new: 生成的页面未通过检查，未写入 ${file}`);
      process.exitCode = 1;
    } else console.log(`schemas:new: 已写入 ${file}（通过 schemas:check）`);
  } catch (error) {
    console.error(`schemas:new: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
