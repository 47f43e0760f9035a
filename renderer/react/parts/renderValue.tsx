/**
 * How a value is shown in columns, detail fields and figures, by `format`: exact decimal formatting
 * for money (never Number arithmetic), dictionary tags, the long dash for a missing value.
 */
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import {
  EMPTY_PLACEHOLDER,
  formatAmount,
  formatAmountUnit,
  formatBankNo,
  formatDateTime,
  formatPercent,
  formatRate,
  isCapitalConvertible,
  maskString,
  toChineseCapital,
} from '@renderer/core';
import type { DictItem, DisplayFormat, ValueDisplay } from '@renderer/core';

const isMissing = (value: unknown): boolean => value === null || value === undefined || value === '';

/** The display format of an item: its own, else `dict` when it has an `enum`, else `text`. */
export function formatOf(display: Pick<ValueDisplay, 'format' | 'enum'>): DisplayFormat {
  return display.format ?? (display.enum ? 'dict' : 'text');
}

/** The dictionary entry of `value`, if any. */
export function dictItem(items: readonly DictItem[] | undefined, value: unknown): DictItem | undefined {
  return items?.find((item) => item.value === value);
}

/** A dictionary value as a tag (its label), or the raw value when the dictionary does not know it. */
export function DictTag({
  items,
  value,
}: {
  items: readonly DictItem[] | undefined;
  value: unknown;
}): React.JSX.Element {
  const item = dictItem(items, value);
  if (!item) return <span>{isMissing(value) ? EMPTY_PLACEHOLDER : String(value)}</span>;
  return <Tag color={item.color && item.color !== 'default' ? item.color : undefined}>{item.label}</Tag>;
}

function datePart(value: unknown): string {
  const text = formatDateTime(value);
  return /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : text;
}

/** The text of a value in `format` (no markup); the long dash when missing. */
export function formatText(value: unknown, format: DisplayFormat, decimals?: number): string {
  if (isMissing(value)) return EMPTY_PLACEHOLDER;
  switch (format) {
    case 'money':
      return formatAmount(value as string, decimals ?? 2);
    case 'moneyUnit': {
      const unit = formatAmountUnit(value as string, decimals ?? 2);
      return unit.unit ? `${unit.value}${unit.unit}` : unit.value;
    }
    case 'percent':
      return formatPercent(value as string, decimals ?? 2);
    case 'rate':
      return decimals === undefined ? formatRate(value as string) : formatPercent(value as string, decimals);
    case 'date':
      return datePart(value);
    case 'datetime':
      return formatDateTime(value);
    case 'bankNo':
      return formatBankNo(value as string);
    case 'mask':
      return maskString(value as string);
    case 'capital':
      return isCapitalConvertible(value) ? toChineseCapital(value) : EMPTY_PLACEHOLDER;
    case 'count':
      return String(value);
    case 'paragraphs':
      return Array.isArray(value) ? value.join('\n') : String(value);
    default:
      if (typeof value === 'boolean') return value ? '是' : '否';
      if (Array.isArray(value)) return value.join('、');
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** Renders a value for display. */
export function renderValue(
  value: unknown,
  display: Pick<ValueDisplay, 'format' | 'enum' | 'decimals'>,
): ReactNode {
  const format = formatOf(display);
  if ((format === 'dict' || display.enum) && Array.isArray(value))
    // Several values of one dictionary (the products an enterprise opened): a tag each.
    return value.length ? (
      <>
        {value.map((v, i) => (
          <DictTag key={i} items={display.enum} value={v} />
        ))}
      </>
    ) : (
      EMPTY_PLACEHOLDER
    );
  if (format === 'dict' || display.enum) return <DictTag items={display.enum} value={value} />;
  if (format === 'paragraphs' && Array.isArray(value)) return value.map((p, i) => <p key={i}>{String(p)}</p>);
  return formatText(value, format, display.decimals);
}

/** Whether a format is right-aligned in tables (numbers). */
export function isNumeric(format: DisplayFormat): boolean {
  return (
    format === 'money' ||
    format === 'moneyUnit' ||
    format === 'percent' ||
    format === 'rate' ||
    format === 'count'
  );
}
