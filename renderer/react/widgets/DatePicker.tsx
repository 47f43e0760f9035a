/**
 * DatePicker and DatePicker.RangePicker for schemas: Formily's antd pickers with Chinese month and
 * weekday names (dayjs zh-cn) and declared disabled days — `"x-component-props": { "disable":
 * ["past", "holidays"] }`: days before today (China time, the provider's clock) and the host's holidays
 * (spec: holidays disable dates, region R_156).
 */
import { DatePicker as FormilyDatePicker } from '@formily/antd-v5/esm/date-picker';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useState } from 'react';
import type { ComponentProps, ComponentType } from 'react';
import { formatDateTime } from '@renderer/core';
import { useRenderer } from '@renderer/react/context/RendererProvider';

// Month and weekday names come from dayjs, not from antd's locale.
dayjs.locale('zh-cn');

/** Kinds of days a picker may disable. */
export type DisabledDays = 'past' | 'holidays';

/** The host's holidays (`YYYY-MM-DD`), loaded once per provider service and shared by every picker. */
const holidayCache = new WeakMap<() => Promise<readonly string[]>, Promise<ReadonlySet<string>>>();

function useHolidays(wanted: boolean): ReadonlySet<string> {
  const { holidays } = useRenderer();
  const [days, setDays] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    if (!wanted || !holidays) return undefined;
    let alive = true;
    let loading = holidayCache.get(holidays);
    if (!loading) {
      loading = holidays().then(
        (list) => new Set(list.map((d) => d.slice(0, 10))),
        () => new Set<string>(),
      );
      holidayCache.set(holidays, loading);
    }
    void loading.then((set) => alive && setDays(set));
    return () => {
      alive = false;
    };
  }, [wanted, holidays]);
  return days;
}

/** `disabledDate` for the declared kinds of days. */
function useDisabledDate(
  disable: readonly DisabledDays[] | undefined,
): ((day: Dayjs) => boolean) | undefined {
  const { clock } = useRenderer();
  const holidays = useHolidays(disable?.includes('holidays') ?? false);
  if (!disable?.length) return undefined;
  const today = formatDateTime(clock().toISOString()).slice(0, 10);
  return (day) => {
    const text = day.format('YYYY-MM-DD');
    return (disable.includes('past') && text < today) || (disable.includes('holidays') && holidays.has(text));
  };
}

function withDisabledDays<P extends object>(
  Picker: ComponentType<P>,
): ComponentType<P & { disable?: DisabledDays[] }> {
  function Picked({ disable, ...props }: P & { disable?: DisabledDays[] }): React.JSX.Element {
    const disabledDate = useDisabledDate(disable);
    const own = (props as { disabledDate?: unknown }).disabledDate;
    return <Picker {...(props as P)} {...(disabledDate && !own ? { disabledDate } : {})} />;
  }
  return Picked;
}

type PickerProps = ComponentProps<typeof FormilyDatePicker>;
type RangeProps = ComponentProps<typeof FormilyDatePicker.RangePicker>;

/** The picker with its RangePicker, as `DatePicker` and `DatePicker.RangePicker`. */
export const DatePicker = Object.assign(withDisabledDays<PickerProps>(FormilyDatePicker), {
  RangePicker: withDisabledDays<RangeProps>(FormilyDatePicker.RangePicker),
});
