/**
 * The page-schema loader: migrates a raw file to the current version, splices `$ref` fragments in
 * and replaces `$dict` references by dictionary items. It reads nothing itself: a
 * {@link SchemaSource} hands it fragments and dictionaries, so the same code runs in Node (files,
 * see `renderer/core/node`) and in the browser (modules imported by `import.meta.glob`).
 */
import { SchemaError } from './errors';
import { migrateSchema } from './migrations';
import { escapePointerSegment, getByPointer } from './pointer';
import type { PageSchema } from './pageTypes';
import { instantiate, type TemplateProblem } from './templates';
import type { DictItem, Dictionary } from './types';

/** Where the loader finds fragments and dictionaries. */
export interface SchemaSource {
  /** Parsed JSON of a file by its path relative to `schemas/` (`_fragments/voucher-columns.json`). */
  fragment(path: string): unknown;
  /** A dictionary by name (`schemas/_dicts/<name>.json`). */
  dict(name: string): Dictionary | undefined;
}

/** Where a node of a loaded schema was written: file (relative to `schemas/`) and JSON pointer. */
export interface SchemaOrigin {
  file: string;
  pointer: string;
}

/** Result of {@link loadPageSchema}. */
export interface LoadedSchema {
  schema: PageSchema;
  /** Fragment files used, in first-use order. */
  fragments: string[];
  /** Dictionaries used, in first-use order. */
  dicts: string[];
  /** schemaVersion migrations applied (versions migrated from). */
  migratedFrom: number[];
  /**
   * Maps a pointer into the loaded schema to where it was written (the page file or a fragment),
   * so that errors found after loading name the line an analyst must edit.
   */
  locate(pointer: string): SchemaOrigin;
}

/** Options of {@link resolveReferences} and {@link loadPageSchema}. */
export interface LoadOptions {
  source: SchemaSource;
  /** The page file, relative to `schemas/` (for messages and origins). @default '<schema>' */
  file?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Splits `_fragments/a.json#/columns` into file and pointer; rejects paths leaving `schemas/`. */
function parseRef(ref: string, at: SchemaOrigin): { path: string; pointer: string } {
  const hash = ref.indexOf('#');
  const path = (hash < 0 ? ref : ref.slice(0, hash)).replace(/^\.\//, '');
  const pointer = hash < 0 ? '' : ref.slice(hash + 1);
  if (path === '' || path.startsWith('/') || path.split('/').includes('..') || !path.endsWith('.json')) {
    throw new SchemaError(
      'E_REF_NOT_FOUND',
      `$ref 应为 schemas/ 下的 JSON 文件路径，如 "_fragments/voucher-columns.json"，实际为 ${JSON.stringify(ref)}`,
      at,
    );
  }
  return { path, pointer };
}

/**
 * Resolves `$ref` and `$dict` in `document` (any JSON). `{"$ref": "file#pointer", ...siblings}` is
 * replaced by the referenced value (objects merged with the siblings, which win); with
 * `"$params": {...}` the referenced value is a template, its `${name}` parameters replaced by those
 * values first (renderer/core/schema/templates.ts `instantiate`): one page body shared by the variants
 * of a product family, each page giving its own values. A parameter missing is an error located in the
 * template and naming the page that uses it. `{"$dict": "name"}`
 * by the dictionary's items, or `{"$dict": "name", "pick": ["A", "B"]}` by those items only, in that
 * order. Inside an array, a reference to an array is spliced in place.
 * @throws {SchemaError} with the file and pointer of the bad reference.
 */
export function resolveReferences(
  document: unknown,
  options: LoadOptions,
): { value: unknown; fragments: string[]; dicts: string[]; origins: Map<string, SchemaOrigin> } {
  const file = options.file ?? '<schema>';
  const fragments: string[] = [];
  const dicts: string[] = [];
  const origins = new Map<string, SchemaOrigin>();
  const stack: string[] = [];

  const dictItems = (node: Record<string, unknown>, at: SchemaOrigin): DictItem[] => {
    const name = node.$dict;
    if (typeof name !== 'string') throw new SchemaError('E_DICT_NOT_FOUND', '$dict 应为字典名（字符串）', at);
    const dict = options.source.dict(name);
    if (!dict || !Array.isArray(dict.items)) {
      throw new SchemaError('E_DICT_NOT_FOUND', `未知字典 "${name}"（应为 schemas/_dicts/${name}.json）`, at);
    }
    if (!dicts.includes(name)) dicts.push(name);
    const pick = node.pick;
    if (pick === undefined) return dict.items.map((item) => ({ ...item }));
    if (!Array.isArray(pick)) throw new SchemaError('E_REF_SHAPE', 'pick 应为字典值的数组', at);
    return pick.map((value, i) => {
      const item = dict.items.find((candidate) => candidate.value === value);
      if (!item) {
        throw new SchemaError('E_DICT_NOT_FOUND', `字典 "${name}" 中没有值 ${JSON.stringify(value)}`, {
          file: at.file,
          pointer: `${at.pointer}/pick/${i}`,
        });
      }
      return { ...item };
    });
  };

  /** Instantiates a `$ref` target with the node's `$params`, if any (a template). */
  const withParams = (
    node: Record<string, unknown>,
    target: unknown,
    origin: SchemaOrigin,
    at: SchemaOrigin,
  ): unknown => {
    if (!('$params' in node)) return target;
    // The values may be a variables file of their own (`{"$ref": "_fragments/<variant>.json"}`), shared by
    // the variant's pages; they are resolved apart from the page (no origins of the loaded schema).
    const paramsAt = { file: at.file, pointer: `${at.pointer}/$params` };
    let params = node.$params;
    if (isObject(params)) {
      const resolved = resolveReferences(params, { ...options, file: at.file });
      for (const f of resolved.fragments) if (!fragments.includes(f)) fragments.push(f);
      params = resolved.value;
    }
    if (!isObject(params))
      throw new SchemaError('E_REF_SHAPE', '$params 应为对象（模板参数名 → 值）', paramsAt);
    const problems: TemplateProblem[] = [];
    const value = instantiate(target, params, problems);
    const first = problems[0];
    if (first)
      throw new SchemaError('E_TEMPLATE_PARAM', `${first.message}（模板实例 ${at.file}#${at.pointer}）`, {
        file: origin.file,
        pointer: `${origin.pointer}${first.pointer}`,
      });
    return value;
  };

  /** Looks a `$ref` up: the raw target (a template instantiated with `$params`) and where it was written. */
  const deref = (
    node: Record<string, unknown>,
    at: SchemaOrigin,
  ): { target: unknown; origin: SchemaOrigin; key: string } => {
    const ref = node.$ref;
    if (typeof ref !== 'string') throw new SchemaError('E_REF_NOT_FOUND', '$ref 应为字符串', at);
    const { path, pointer } = parseRef(ref, at);
    const key = `${path}#${pointer}`;
    if (stack.includes(key)) {
      throw new SchemaError('E_REF_CYCLE', `$ref 循环引用：${[...stack, key].join(' → ')}`, at);
    }
    const content = options.source.fragment(path);
    if (content === undefined) throw new SchemaError('E_REF_NOT_FOUND', `找不到片段文件 schemas/${path}`, at);
    const target = pointer === '' ? content : getByPointer(content, pointer);
    if (target === undefined) {
      throw new SchemaError('E_REF_POINTER', `片段 schemas/${path} 中没有 ${pointer}`, at);
    }
    if (!fragments.includes(path)) fragments.push(path);
    const origin = { file: path, pointer };
    return { target: withParams(node, target, origin, at), origin, key };
  };

  /** Resolves a `$ref` node that stands for one value (not spliced). */
  const follow = (node: Record<string, unknown>, at: SchemaOrigin, outPointer: string): unknown => {
    const { target, origin, key } = deref(node, at);
    stack.push(key);
    const resolved = visit(target, origin, outPointer);
    stack.pop();
    const siblings = Object.keys(node).filter((k) => k !== '$ref' && k !== '$params');
    if (siblings.length === 0) return resolved;
    if (!isObject(resolved)) {
      throw new SchemaError(
        'E_REF_SHAPE',
        `$ref 指向的不是对象，不能再写其他键（${siblings.join(', ')}）`,
        at,
      );
    }
    const merged: Record<string, unknown> = { ...resolved };
    for (const k of siblings) {
      const segment = escapePointerSegment(k);
      merged[k] = visit(
        node[k],
        { file: at.file, pointer: `${at.pointer}/${segment}` },
        `${outPointer}/${segment}`,
      );
    }
    return merged;
  };

  /** Appends the resolved `items` (written at `base`) to `out`, splicing array references. */
  function appendItems(
    items: readonly unknown[],
    base: SchemaOrigin,
    out: unknown[],
    outPointer: string,
  ): void {
    items.forEach((item, i) => {
      const itemAt = { file: base.file, pointer: `${base.pointer}/${i}` };
      if (isObject(item) && '$dict' in item) {
        for (const element of dictItems(item, itemAt)) {
          origins.set(`${outPointer}/${out.length}`, itemAt);
          out.push(element);
        }
        return;
      }
      if (
        isObject(item) &&
        '$ref' in item &&
        Object.keys(item).every((k) => k === '$ref' || k === '$params')
      ) {
        const { target, origin, key } = deref(item, itemAt);
        if (Array.isArray(target)) {
          stack.push(key);
          appendItems(target, origin, out, outPointer);
          stack.pop();
          return;
        }
      }
      out.push(visit(item, itemAt, `${outPointer}/${out.length}`));
    });
  }

  function visit(value: unknown, at: SchemaOrigin, outPointer: string): unknown {
    if (Array.isArray(value)) {
      origins.set(outPointer, at);
      const out: unknown[] = [];
      appendItems(value, at, out, outPointer);
      return out;
    }
    if (!isObject(value)) return value;
    if ('$dict' in value) {
      origins.set(outPointer, at);
      return dictItems(value, at);
    }
    if ('$ref' in value) return follow(value, at, outPointer);
    origins.set(outPointer, at);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const segment = escapePointerSegment(k);
      out[k] = visit(v, { file: at.file, pointer: `${at.pointer}/${segment}` }, `${outPointer}/${segment}`);
    }
    return out;
  }

  const value = visit(document, { file, pointer: '' }, '');
  return { value, fragments, dicts, origins };
}

/** Builds the `locate` function of a {@link LoadedSchema} from the origins map. */
function locator(origins: Map<string, SchemaOrigin>, file: string): (pointer: string) => SchemaOrigin {
  return (pointer) => {
    let prefix = pointer;
    let rest = '';
    for (;;) {
      const origin = origins.get(prefix);
      if (origin) return { file: origin.file, pointer: origin.pointer + rest };
      if (prefix === '') return { file, pointer };
      const cut = prefix.lastIndexOf('/');
      rest = prefix.slice(cut) + rest;
      prefix = prefix.slice(0, cut);
    }
  };
}

/**
 * Loads a page schema: migrates it to the current `schemaVersion`, then resolves `$ref` and `$dict`.
 * It does not validate the result against the meta-schema: that is the checker's job (tests and
 * `npm run schemas:check`), so that the browser carries no schema validator.
 * @throws {SchemaError} located in the page file or the fragment at fault.
 */
export function loadPageSchema(raw: unknown, options: LoadOptions): LoadedSchema {
  const file = options.file ?? '<schema>';
  const { schema: migrated, applied } = migrateSchema(raw, file);
  const { value, fragments, dicts, origins } = resolveReferences(migrated, { ...options, file });
  return {
    schema: value as PageSchema,
    fragments,
    dicts,
    migratedFrom: applied,
    locate: locator(origins, file),
  };
}

/** Options of {@link createModuleSource}. */
export interface ModuleSourceOptions {
  /**
   * Parsed JSON files keyed by path, as `import.meta.glob('/schemas/**\/*.json', { eager: true,
   * import: 'default' })` returns them; `root` is cut from each key.
   */
  modules: Record<string, unknown>;
  /** Prefix of the keys that is the `schemas/` folder. @default '/schemas/' */
  root?: string;
}

/**
 * A {@link SchemaSource} over already imported JSON modules (the browser): fragments by path,
 * dictionaries from the `_dicts/` files.
 */
export function createModuleSource(options: ModuleSourceOptions): SchemaSource {
  const root = options.root ?? '/schemas/';
  const files = new Map<string, unknown>();
  for (const [key, module] of Object.entries(options.modules)) {
    const path = key.startsWith(root) ? key.slice(root.length) : key.replace(/^\.?\//, '');
    // A glob without `import: 'default'` gives `{ default: json }`.
    files.set(
      path,
      isObject(module) && 'default' in module && Object.keys(module).length === 1 ? module.default : module,
    );
  }
  return {
    fragment: (path) => files.get(path),
    dict: (name) => {
      const dict = files.get(`_dicts/${name}.json`);
      return isObject(dict) && Array.isArray(dict.items) ? (dict as unknown as Dictionary) : undefined;
    },
  };
}
