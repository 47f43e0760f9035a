/**
 * Turns query-form values into the list API's parameters (the models engine's filter contract):
 * a date range `x` → `xFrom` / `xTo`, an amount range `x` → `xMin` / `xMax`, a multiple choice →
 * repeated `x=a&x=b`, text trimmed; empty values are left out.
 */
import type { FormilyProperties } from '@renderer/core';

/** No value: undefined, null, '' or a list of only such (a query field left blank, a result line to leave out). */
export const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.every((v) => v === undefined || v === null || v === ''));

/** Components of the top-level data fields of `properties` (void containers looked through). */
export function fieldComponents(properties: FormilyProperties | undefined): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const [name, node] of Object.entries(properties ?? {})) {
    if (node.type === 'void')
      for (const [inner, component] of fieldComponents(node.properties)) out.set(inner, component);
    else out.set(name, node['x-component']);
  }
  return out;
}

/** The API parameters of query-form `values`. */
export function toQueryParams(
  values: Record<string, unknown>,
  properties: FormilyProperties | undefined,
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, component] of fieldComponents(properties)) {
    const value = values[name];
    if (isEmpty(value)) continue;
    if (component === 'DatePicker.RangePicker' || component === 'AmountRange') {
      const [low, high] = Array.isArray(value) ? value : [];
      const [from, to] = component === 'AmountRange' ? ['Min', 'Max'] : ['From', 'To'];
      if (!isEmpty(low)) params[`${name}${from}`] = low;
      if (!isEmpty(high)) params[`${name}${to}`] = high;
      continue;
    }
    params[name] = typeof value === 'string' ? value.trim() : value;
  }
  return params;
}

/**
 * What stops a search: the first amount range of `values` that is wrong (an amount out of bounds, or
 * the minimum above the maximum), as its message, or null. A wrong range would silently match nothing.
 */
export function queryProblem(
  values: Record<string, unknown>,
  properties: FormilyProperties | undefined,
  rangeProblem: (value: readonly unknown[]) => string | null,
): string | null {
  for (const [name, component] of fieldComponents(properties)) {
    const value = values[name];
    if (component !== 'AmountRange' || !Array.isArray(value)) continue;
    const problem = rangeProblem(value);
    if (problem) return problem;
  }
  return null;
}
