/**
 * Display derived from the model: a list column or detail field bound to a model field shows it as the
 * field's format implies (a bank account number grouped in fours, a rate as a percentage, spec section 5) unless the page gives a
 * format or dictionary of its own, so every screen of a bank account shows it alike.
 */
import type { DisplayFormat, PageSchema } from '@renderer/core/schema';
import { modelFieldAt } from './fieldRules';
import type { ModelDefinition } from './types';

/** The display format a model field's `format` implies. */
export const DISPLAY_OF_MODEL_FORMAT: Readonly<Record<string, DisplayFormat>> = {
  bankAccount: 'bankNo',
  // A stored fraction shown as a percentage (spec section 5: percentages normalised).
  rate: 'rate',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A copy of a list or detail page whose columns and detail fields carry their model fields' display. */
export function withModelDisplay(schema: PageSchema, model: ModelDefinition): PageSchema {
  if (schema.page !== 'list' && schema.page !== 'detail') return schema;
  const copy = structuredClone(schema);
  const derive = (item: unknown): void => {
    if (
      !isObject(item) ||
      typeof item.field !== 'string' ||
      item.format !== undefined ||
      item.enum !== undefined
    )
      return;
    const format = modelFieldAt(model, item.field)?.def.format;
    const display = format ? DISPLAY_OF_MODEL_FORMAT[format] : undefined;
    if (display) item.format = display;
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      // Form fields (`properties`) are inputs, not displays; a dialog on another model keeps its own.
      if (
        key === 'properties' ||
        (isObject(value) && typeof value.model === 'string' && value.model !== model.name)
      )
        continue;
      if ((key === 'columns' || key === 'fields') && Array.isArray(value)) value.forEach(derive);
      visit(value);
    }
  };
  visit(copy);
  return copy;
}
