/**
 * The 大写 line of every money form: each amount input (`x-component: AmountInput`) of a page's forms (a
 * form page, its steps, every dialog's form) is followed by its Chinese capital text (spec section 5:
 * Chinese capital conversion), unless the schema already places a CapitalAmount for it. List query forms
 * are filters, not money entered, and the cells of an ArrayTable are one input each: they get none.
 */
import type { FormilyNode, FormilyProperties } from './types';
import type { PageSchema } from './pageTypes';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The amount fields a CapitalAmount of `properties` (at any depth) already names, by their `of`. */
function placedCapitals(properties: FormilyProperties | undefined, out = new Set<string>()): Set<string> {
  for (const node of Object.values(properties ?? {}) as FormilyNode[]) {
    if (!isObject(node)) continue;
    const of = (node['x-component-props'] as { of?: unknown } | undefined)?.of;
    if (node['x-component'] === 'CapitalAmount' && typeof of === 'string') out.add(of.replace(/^\.+/, ''));
    placedCapitals(node.properties, out);
    if (isObject(node.items)) placedCapitals((node.items as FormilyNode).properties, out);
  }
  return out;
}

/**
 * `properties` with a CapitalAmount after each amount input that has none. `prefix` is the data path of
 * the object holding them ('' at the top, '.' for the row of an array, whose siblings are named relatively).
 */
export function withCapitalLinesIn(
  properties: FormilyProperties,
  prefix = '',
  placed: Set<string> = placedCapitals(properties),
): FormilyProperties {
  const out: FormilyProperties = {};
  for (const [key, node] of Object.entries(properties) as Array<[string, FormilyNode]>) {
    if (!isObject(node)) {
      out[key] = node;
      continue;
    }
    const isVoid = node.type === 'void';
    const inner = isVoid ? prefix : prefix === '.' ? `.${key}.` : `${prefix}${key}.`;
    let copy: FormilyNode = node;
    if (node.properties) copy = { ...copy, properties: withCapitalLinesIn(node.properties, inner, placed) };
    // A table's cells hold one input each: its rows get no 大写 line (the form's total has one).
    if (
      isObject(node.items) &&
      (node.items as FormilyNode).properties &&
      node['x-component'] !== 'ArrayTable'
    ) {
      const items = node.items as FormilyNode;
      copy = { ...copy, items: { ...items, properties: withCapitalLinesIn(items.properties!, '.', placed) } };
    }
    out[key] = copy;
    const path = `${prefix === '.' ? '' : prefix}${key}`;
    const capitalKey = `${key}Capital`;
    if (node['x-component'] !== 'AmountInput' || placed.has(path) || capitalKey in properties) continue;
    out[capitalKey] = {
      type: 'void',
      title: '大写金额',
      'x-decorator': 'FormItem',
      'x-component': 'CapitalAmount',
      'x-component-props': { of: prefix === '.' ? `.${key}` : path },
    } as FormilyNode;
  }
  return out;
}

/** A copy of `schema` whose forms (page form, steps, dialog forms) carry the 大写 line of each amount. */
export function withCapitalLines(schema: PageSchema): PageSchema {
  const copy = structuredClone(schema) as unknown as Record<string, unknown>;
  const visit = (node: unknown, key: string): void => {
    if (Array.isArray(node)) return node.forEach((n) => visit(n, key));
    if (!isObject(node)) return;
    if (key === 'query') return;
    // A form (page form, a step, a dialog's form): its properties get the lines; nothing below is a form.
    if ((key === 'form' || key === 'steps') && isObject(node.properties)) {
      node.properties = withCapitalLinesIn(node.properties as FormilyProperties);
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'properties') visit(v, k);
  };
  visit(copy, '');
  return copy as unknown as PageSchema;
}
