import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { EMPTY_PLACEHOLDER, formatRate } from '@renderer/core/format';
import { withModelDisplay, type ModelDefinition } from '@renderer/core/model';
import { loadSchemaFile, readSchemaDirectory } from '@renderer/core/node';
import type { PageSchema } from '@renderer/core/schema';
import { validateFormat } from '@renderer/core/validators';
import { formatText } from '@renderer/react/parts/renderValue';
import { percentOfRate, RateInputBase, rateOfPercent } from '@renderer/react/widgets/RateInput';

/** Every model field that holds a rate, by model file. */
// Loaded as the portal loads it: the form comes from the loan forms' shared part (factoring-loan-create).
const forwardCreate: unknown = loadSchemaFile(
  'schemas',
  'factoring/forward/loan/apply/create.json',
  readSchemaDirectory('schemas'),
).schema;

const models = Object.fromEntries(
  Object.entries(readSchemaDirectory('schemas').models ?? {}).map(([name, m]) => [name, { default: m }]),
) as Record<string, { default: ModelDefinition }>;

describe('spec section 5 (percentages are normalised): one rate rule', () => {
  it('shows every stored rate as a percentage with 2 to 4 decimals', () => {
    expect(formatRate('0.0725')).toBe('7.25%');
    expect(formatRate('0.072500')).toBe('7.25%');
    expect(formatRate('0.005')).toBe('0.50%');
    expect(formatRate('0.965')).toBe('96.50%');
    expect(formatRate('0.9650')).toBe('96.50%');
    expect(formatRate('0.123456')).toBe('12.3456%');
    expect(formatRate('1')).toBe('100.00%');
    expect(formatRate(null)).toBe(EMPTY_PLACEHOLDER);
    expect(formatText('0.0725', 'rate')).toBe('7.25%');
  });

  it('types 7.25 and stores 0.0725, exactly, and shows a stored rate as its percentage', () => {
    expect(rateOfPercent('7.25')).toBe('0.0725');
    expect(rateOfPercent('7.25%')).toBe('0.0725');
    expect(rateOfPercent('0.45')).toBe('0.0045');
    expect(rateOfPercent('100')).toBe('1');
    expect(rateOfPercent('')).toBeUndefined();
    // Not a percentage, or too precise: kept as typed, so the field's rule names it.
    expect(rateOfPercent('abc')).toBe('abc');
    expect(rateOfPercent('7.123456')).toBe('7.123456');
    expect(validateFormat('rate', rateOfPercent('7.25'))).toBe(true);
    expect(validateFormat('rate', rateOfPercent('150'))).toBe('请输入0至100之间的百分比，最多4位小数');
    expect(percentOfRate('0.0725')).toBe('7.25');
    expect(percentOfRate('0.005')).toBe('0.5');
    expect(percentOfRate(undefined)).toBe('');
  });

  it('RateInput keeps what is typed and hands the form the stored fraction', () => {
    const seen: Array<string | undefined> = [];
    function Harness(): React.JSX.Element {
      const [value, setValue] = useState<string | undefined>('0.005');
      return (
        <RateInputBase
          data-testid="rate"
          value={value}
          onChange={(v) => {
            seen.push(v);
            setValue(v);
          }}
        />
      );
    }
    render(<Harness />);
    const input = screen.getByTestId('rate') as HTMLInputElement;
    expect(input.value).toBe('0.5');
    fireEvent.change(input, { target: { value: '7.' } });
    expect(input.value).toBe('7.');
    fireEvent.change(input, { target: { value: '7.25' } });
    expect(input.value).toBe('7.25');
    expect(seen.at(-1)).toBe('0.0725');
    expect(screen.getByText('%')).toBeTruthy();
  });

  it('every rate field of the models is format rate, and its column or detail shows it so', () => {
    const rateFields = Object.entries(models).flatMap(([file, m]) =>
      Object.entries(m.default.fields ?? {})
        .filter(([name]) => /Rate$/.test(name))
        .map(([name, def]) => [file, name, (def as { format?: string }).format] as const),
    );
    expect(rateFields.length).toBeGreaterThan(8);
    for (const [file, name, format] of rateFields) expect(format, `${file} ${name}`).toBe('rate');
    const page = withModelDisplay(
      {
        page: 'list',
        model: 'absAsset',
        list: { columns: [{ field: 'discountRate', title: '折扣率' }] },
      } as never,
      models.absAsset!.default,
    ) as unknown as { list: { columns: Array<{ format?: string }> } };
    expect(page.list.columns[0]!.format).toBe('rate');
  });

  it('正向保理 年化利率 is entered with the rate widget (7.25 accepted)', () => {
    const field = (forwardCreate as unknown as PageSchema & { form: { properties: Record<string, unknown> } })
      .form.properties.annualRate as { 'x-component': string; pattern?: string };
    expect(field['x-component']).toBe('RateInput');
    expect(field.pattern).toBeUndefined();
  });
});
