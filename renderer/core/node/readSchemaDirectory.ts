/**
 * Reads a `schemas/` folder from disk with the product folders beside it (./schemaTree.ts; Node only:
 * scripts, the server, tests). The browser reads the same tree through src/schemaFiles.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageFile } from '@renderer/core/checker';
import { parseJson } from '@renderer/core/checker/jsonSyntax';
import type { JsonSyntaxError } from '@renderer/core/checker/jsonSyntax';
import type { ModelDefinition } from '@renderer/core/model';
import { isPageFile } from '@renderer/core/routes';
import {
  compareFiles,
  createModuleSource,
  instantiatePages,
  loadPageSchema,
  variantsOf,
} from '@renderer/core/schema';
import type { LoadedSchema, SchemaSource } from '@renderer/core/schema';
import { schemaTreeFiles } from './schemaTree';

/** Everything in a `schemas/` folder and its product folders. */
export interface SchemaDirectory {
  root: string;
  /** Page files (not inside a `_` folder), sorted by path. */
  pages: PageFile[];
  /** Parsed JSON of every file inside a `_` folder, by path relative to the root. */
  files: Record<string, unknown>;
  /** `_dicts/*.json` by path. */
  dicts: Record<string, unknown>;
  /** Models by name, or null when there is no `_models/` folder. */
  models: Record<string, ModelDefinition> | null;
  /** Fragments and dictionaries for the loader. */
  source: SchemaSource;
  /** JSON files that did not parse, by path, with the parser's message (Chinese). */
  parseErrors: Record<string, string>;
  /** Where each of those files stopped parsing. */
  parseErrorsAt: Record<string, JsonSyntaxError>;
}

/**
 * The pages with their template parameters replaced and every variant's instances added
 * (renderer/core/schema/templates.ts); a page that did not parse stays as it is, and so do its instances.
 */
function withInstances(pages: readonly PageFile[], files: Readonly<Record<string, unknown>>): PageFile[] {
  const variants = variantsOf(files);
  if (Object.keys(variants).length === 0) return [...pages];
  const broken = new Map(pages.flatMap((p) => (p.parseError !== undefined ? [[p.file, p] as const] : [])));
  const parsed = Object.fromEntries(
    pages.filter((p) => p.parseError === undefined).map((p) => [p.file, p.raw]),
  );
  const instances: PageFile[] = instantiatePages(parsed, variants).map((page) => ({
    file: page.file,
    raw: page.json,
    ...(page.template ? { template: page.template } : {}),
    ...(page.problems.length ? { templateProblems: page.problems } : {}),
  }));
  return [...instances, ...broken.values()].sort((a, b) => compareFiles(a.file, b.file));
}

/**
 * Reads and parses every JSON file under `root`. `overrides` (relative path → text) stands in for files
 * being edited but not saved yet (the schema studio checks each keystroke this way).
 */
export function readSchemaDirectory(
  root: string,
  overrides: Readonly<Record<string, string>> = {},
): SchemaDirectory {
  const pages: PageFile[] = [];
  const files: Record<string, unknown> = {};
  const parseErrors: Record<string, string> = {};
  const parseErrorsAt: Record<string, JsonSyntaxError> = {};
  const tree = schemaTreeFiles(root);
  for (const [file, full] of tree) {
    let raw: unknown;
    let parseError: string | undefined;
    const parsed = parseJson(overrides[file] ?? readFileSync(full, 'utf8'));
    const syntax = 'error' in parsed ? parsed.error : undefined;
    if ('value' in parsed) raw = parsed.value;
    if (syntax) {
      parseError = syntax.message;
      parseErrors[file] = parseError;
      parseErrorsAt[file] = syntax;
    }
    if (isPageFile(file))
      pages.push(
        syntax === undefined
          ? { file, raw }
          : {
              file,
              raw,
              parseError: syntax.message,
              parseErrorAt: { line: syntax.line, column: syntax.column },
            },
      );
    else if (parseError === undefined) files[file] = raw;
  }
  pages.splice(0, pages.length, ...withInstances(pages, files));
  const dicts = Object.fromEntries(Object.entries(files).filter(([file]) => file.startsWith('_dicts/')));
  let models: Record<string, ModelDefinition> | null = null;
  if (existsSync(join(root, '_models')) || [...tree.keys()].some((f) => f.startsWith('_models/'))) {
    models = {};
    for (const [file, model] of Object.entries(files)) {
      if (!file.startsWith('_models/') || !model || typeof model !== 'object') continue;
      const definition = model as ModelDefinition;
      const name =
        typeof definition.name === 'string'
          ? definition.name
          : file.replace(/^.*\//, '').replace(/\.json$/, '');
      models[name] = { ...definition, fields: definition.fields ?? {} };
    }
  }
  return {
    root,
    pages,
    files,
    dicts,
    models,
    source: createModuleSource({ modules: files, root: '' }),
    parseErrors,
    parseErrorsAt,
  };
}

/**
 * Loads one page schema from a folder (migrated, references resolved).
 * @param file path relative to `root`, e.g. `credit/core/index/operator.json`
 * @throws {SchemaError} located in the file at fault.
 */
export function loadSchemaFile(
  root: string,
  file: string,
  directory: SchemaDirectory = readSchemaDirectory(root),
): LoadedSchema {
  const page = directory.pages.find((p) => p.file === file);
  if (!page) throw new Error(`No page schema ${file} under ${root}`);
  if (page.parseError !== undefined) throw new Error(`${file}: ${page.parseError}`);
  return loadPageSchema(page.raw, { file, source: directory.source });
}
