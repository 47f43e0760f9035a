import { ApiError } from '../errors';
import type { CompiledModel } from './compileModel';
import { addDays } from './recordWriter';

/**
 * Business ranges a model declares on its date fields (issue 16), checked after the payload's formats:
 * `dateAfter: "<sibling field>"` — strictly later than that field (a limit expires after it takes effect);
 * `dateWithinDays: {past, future}` — no earlier than `past` days before today and no later than `future`
 * days after it (China's calendar day). Both apply to top-level fields of a create or update; on an update
 * (`changed` given) the window is checked only for the fields the update sends, so an old record stays editable.
 */
export function checkDateRules(
  model: CompiledModel,
  input: Record<string, unknown>,
  today: string,
  changed?: ReadonlySet<string>,
): void {
  for (const [name, field] of model.fields) {
    const value = input[name];
    if (typeof value !== 'string') continue;
    const { dateAfter, dateWithinDays, title } = field.def;
    if (dateAfter) {
      const other = input[dateAfter];
      if (typeof other === 'string' && value <= other) {
        throw new ApiError('DATE_ORDER_INVALID', {
          title,
          after: model.fields.get(dateAfter)?.def.title ?? dateAfter,
        });
      }
    }
    if (dateWithinDays && (!changed || changed.has(name))) {
      const from = addDays(today, -(dateWithinDays.past ?? 36500));
      const to = addDays(today, dateWithinDays.future ?? 36500);
      if (value < from || value > to) throw new ApiError('DATE_RANGE_INVALID', { title, from, to });
    }
  }
}
