import { inDayWindow } from '@renderer/core/validators';
import { ApiError } from '../errors';
import type { CompiledModel } from './compileModel';

/**
 * The date rules a model declares on its date fields, checked after the payload's formats:
 * `dayWindow: {min, max, message}` — the days from today (China's calendar day) the date may lie in, the
 * rule the form page shows before submit (renderer/core/model/fieldRules.ts); on an update (`changed`
 * given) only the dates the update sends are checked, so an old record stays editable;
 * `dateAfter: "<sibling field>"` — strictly later than that field (a limit expires after it takes effect).
 * @throws ApiError RECORD_INVALID with the window's message on the field; DATE_ORDER_INVALID.
 */
export function checkDateRules(
  model: CompiledModel,
  input: Record<string, unknown>,
  today: string,
  changed?: ReadonlySet<string>,
): void {
  const outside: Array<{ field: string; message: string }> = [];
  for (const [name, field] of model.fields) {
    const window = field.def.dayWindow;
    if (window && (!changed || changed.has(name)) && !inDayWindow(input[name], window, today))
      outside.push({ field: `/${name}`, message: window.message });
  }
  if (outside.length > 0)
    throw new ApiError('RECORD_INVALID', { message: outside[0]!.message }, { errors: outside });
  for (const [name, field] of model.fields) {
    const value = input[name];
    const { dateAfter, title } = field.def;
    if (typeof value !== 'string' || !dateAfter) continue;
    const other = input[dateAfter];
    if (typeof other === 'string' && value <= other) {
      throw new ApiError('DATE_ORDER_INVALID', {
        title,
        after: model.fields.get(dateAfter)?.def.title ?? dateAfter,
      });
    }
  }
}
