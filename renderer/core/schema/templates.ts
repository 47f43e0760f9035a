/**
 * Page templates and variants. A product folder's pages may hold named parameters, and a variant product
 * is those pages instantiated with its own values, written once in its folder's variables file
 * (ABCP is ABS's pages with ABCP's values; renderer/README.md):
 *
 * - `schemas/<folder>/_template.json`, `{ "params": { "product": "abs", ... } }`, in the template's own
 *   folder: the parameters its pages use, with the template's own values (its pages are its own instances);
 * - `schemas/<folder>/_variant.json`, `{ "template": "abs", "params": { "product": "abcp", ... }, "omit":
 *   ["core/index/pay-query.json"] }`, in a variant's folder: every template page not omitted becomes a page
 *   of the variant at the same relative path, unless the variant's folder has its own page there.
 *
 * In a page, `"${name}"` (the whole string) is the parameter's value, whatever its JSON type; `${name}`
 * inside a longer string is its text; the array element `"${...name}"` is replaced by the elements of an
 * array parameter, and the object key `"${...name}"` (its value ignored) by the entries of an object one.
 * Node and the browser instantiate pages through here, so the checker, routes, menus, page objects and
 * snapshots see every instance as a full page.
 */

/** A folder's variables file (`<folder>/_template.json` or `<folder>/_variant.json`). */
export interface VariantFile {
  /** The folder whose pages this variant instantiates; absent in the template's own folder. */
  template?: string;
  /** Parameter values by name. */
  params: Readonly<Record<string, unknown>>;
  /** Template pages (relative to the template folder) the variant does not have. */
  omit?: readonly string[];
}

/** The file name of a variant's variables file. */
export const VARIANT_FILE = '_variant.json';
/** The file name of a template folder's parameters (with its own values). */
export const TEMPLATE_FILE = '_template.json';

/** A problem found while instantiating: a parameter the variables do not give, or of the wrong type. */
export interface TemplateProblem {
  /** JSON pointer in the template page. */
  pointer: string;
  message: string;
}

const PLACEHOLDER = /\$\{([A-Za-z][A-Za-z0-9]*)\}/g;
const WHOLE = /^\$\{([A-Za-z][A-Za-z0-9]*)\}$/;
const SPREAD = /^\$\{\.\.\.([A-Za-z][A-Za-z0-9]*)\}$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const escapePointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * `json` with every parameter replaced by its value in `params`; `problems` receives each parameter that
 * is missing or cannot be used where it stands.
 */
export function instantiate(
  json: unknown,
  params: Readonly<Record<string, unknown>>,
  problems: TemplateProblem[] = [],
  pointer = '',
): unknown {
  const param = (name: string, at: string): unknown => {
    if (Object.prototype.hasOwnProperty.call(params, name)) return params[name];
    problems.push({ pointer: at, message: `模板参数 ${name} 未在变量文件中给出` });
    return undefined;
  };
  if (typeof json === 'string') {
    const whole = WHOLE.exec(json);
    if (whole) return param(whole[1]!, pointer);
    return json.replace(PLACEHOLDER, (text, name: string) => {
      const value = param(name, pointer);
      if (value === undefined) return text;
      if (typeof value === 'object' && value !== null) {
        problems.push({ pointer, message: `模板参数 ${name} 是对象或数组，不能嵌入文字` });
        return text;
      }
      return String(value);
    });
  }
  if (Array.isArray(json)) {
    return json.flatMap((item, i) => {
      const at = `${pointer}/${i}`;
      const spread = typeof item === 'string' ? SPREAD.exec(item) : null;
      if (!spread) return [instantiate(item, params, problems, at)];
      const value = param(spread[1]!, at);
      if (value === undefined) return [];
      if (!Array.isArray(value)) {
        problems.push({ pointer: at, message: `模板参数 ${spread[1]} 须为数组才能展开到数组中` });
        return [];
      }
      return value;
    });
  }
  if (isObject(json)) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(json)) {
      const at = `${pointer}/${escapePointer(key)}`;
      const spread = SPREAD.exec(key);
      if (!spread) {
        out[key] = instantiate(value, params, problems, at);
        continue;
      }
      const entries = param(spread[1]!, at);
      if (entries === undefined) continue;
      if (!isObject(entries)) {
        problems.push({ pointer: at, message: `模板参数 ${spread[1]} 须为对象才能展开到对象中` });
        continue;
      }
      Object.assign(out, entries);
    }
    return out;
  }
  return json;
}

/** A page file as instantiated: its own file, and the template page it was made from when it is an instance. */
export interface InstancePage {
  /** Path relative to `schemas/`, e.g. `abcp/chain/index/operator.json`. */
  file: string;
  /** The page's JSON, parameters replaced. */
  json: unknown;
  /** The template page it instantiates (`abs/chain/index/operator.json`), when it is another folder's. */
  template?: string;
  /** Parameters the variables file does not give, pointing into the file that holds them. */
  problems: TemplateProblem[];
}

/** Orders files as a folder walk lists them: segment by segment, each folder's names sorted. */
export function compareFiles(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  }
  return x.length - y.length;
}

/** The folder of a page (its first path segment). */
const folderOf = (file: string): string => file.split('/')[0] ?? '';

/** The variables files among `files` (path → parsed JSON), by folder. */
export function variantsOf(files: Readonly<Record<string, unknown>>): Record<string, VariantFile> {
  const out: Record<string, VariantFile> = {};
  for (const [file, json] of Object.entries(files)) {
    const parts = file.replace(/^\/?schemas\//, '').split('/');
    if (parts.length === 2 && (parts[1] === VARIANT_FILE || parts[1] === TEMPLATE_FILE) && isObject(json))
      out[parts[0]!] = json as unknown as VariantFile;
  }
  return out;
}

/**
 * Where a page comes from: the file that holds it (its own, or its template's) and the values its
 * parameters take. Null when neither the folder nor a template holds it.
 */
export function pageSource(
  file: string,
  exists: (file: string) => boolean,
  variants: Readonly<Record<string, VariantFile>>,
): { file: string; params: Readonly<Record<string, unknown>>; template?: string } | null {
  const variant = variants[folderOf(file)];
  const params = variant?.params ?? {};
  if (exists(file)) return { file, params };
  if (!variant?.template) return null;
  const relativePath = file.slice(folderOf(file).length + 1);
  if (variant.omit?.includes(relativePath)) return null;
  const template = `${variant.template}/${relativePath}`;
  return exists(template) ? { file: template, params, template } : null;
}

/**
 * Every page of a set of page files (path relative to `schemas/` → JSON), instantiated: each folder's own
 * pages with its variables, plus, for each variant, the template's pages it does not omit or replace.
 * In folder-walk order ({@link compareFiles}).
 */
export function instantiatePages(
  pages: Readonly<Record<string, unknown>>,
  variants: Readonly<Record<string, VariantFile>>,
): InstancePage[] {
  const files = new Set(Object.keys(pages));
  for (const [folder, variant] of Object.entries(variants)) {
    if (!variant.template) continue;
    for (const file of Object.keys(pages)) {
      if (folderOf(file) === variant.template)
        files.add(`${folder}/${file.slice(variant.template.length + 1)}`);
    }
  }
  const out: InstancePage[] = [];
  for (const file of [...files].sort(compareFiles)) {
    const source = pageSource(file, (f) => Object.prototype.hasOwnProperty.call(pages, f), variants);
    if (!source) continue;
    const problems: TemplateProblem[] = [];
    const json = variants[folderOf(file)]
      ? instantiate(pages[source.file], source.params, problems)
      : pages[file];
    out.push(
      source.template ? { file, json, template: source.template, problems } : { file, json, problems },
    );
  }
  return out;
}
