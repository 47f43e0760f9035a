/**
 * A rule across the items of a list, declared once on the model field (`sumTo`) and checked by the
 * server (ajv keyword in server/models/loadModels.ts) and by the form before it is sent
 * (renderer/core/model/fieldRules.ts): the joint deal's funders' ratios add up to 100.
 */
import { fromCents, toCents } from '../format/decimal';

/** `sumTo` on an array field: the `field` of its items adds up to `total` (decimals, up to 2 places). */
export interface SumToRule {
  field: string;
  total: string;
  /** The refusal; `{total}` is the items' sum. */
  message: string;
}

const DECIMAL = /^-?\d+(\.\d{1,2})?$/;

/**
 * The refusal when the items' values do not add up to the rule's total, else null. An item whose value
 * is missing or not a decimal is left to that field's own rules (null: nothing to add up yet).
 */
export function sumToProblem(items: unknown, rule: SumToRule): string | null {
  if (!Array.isArray(items) || items.length === 0) return null;
  let sum = 0n;
  for (const item of items) {
    const value = (item as Record<string, unknown> | null)?.[rule.field];
    const text = typeof value === 'number' ? String(value) : value;
    if (typeof text !== 'string' || !DECIMAL.test(text.trim())) return null;
    sum += toCents(text.trim());
  }
  if (sum === toCents(rule.total)) return null;
  const total = fromCents(sum)
    .replace(/\.00$/, '')
    .replace(/(\.\d)0$/, '$1');
  return rule.message.replace('{total}', total);
}
