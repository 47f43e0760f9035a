import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withModelDisplay, type ModelDefinition } from '@renderer/core/model';
import type { PageSchema } from '@renderer/core/schema';
import { formatBankNo } from '@renderer/core/format';
import { schemaTreeFile, schemaTreeJson } from '@renderer/core/node';

const bankAccounts: unknown = JSON.parse(
  readFileSync(schemaTreeFile('schemas', 'my/enterprise-info/info.json'), 'utf8'),
);

const corpBankAccount = schemaTreeJson<ModelDefinition>('_models/corpBankAccount.json');

type Item = { field: string; format?: string };

describe('spec section 5 (bank numbers are grouped in fours): display derived from the model', () => {
  const page = withModelDisplay(bankAccounts as unknown as PageSchema, corpBankAccount as ModelDefinition);

  it('shows a bankAccount field as bankNo in the list and in its detail dialog', () => {
    const list = (
      page as unknown as {
        list: { columns: Item[]; rowActions: { detail?: { sections: { fields: Item[] }[] } }[] };
      }
    ).list;
    expect(list.columns.find((c) => c.field === 'accountNo')?.format).toBe('bankNo');
    const detail = list.rowActions.find((a) => a.detail)!.detail!;
    expect(detail.sections[0]!.fields.find((f) => f.field === 'accountNo')?.format).toBe('bankNo');
    expect(list.columns.find((c) => c.field === 'accountName')?.format).toBeUndefined();
    expect(formatBankNo('6217000010012345678')).toBe('6217 0000 1001 2345 678');
  });

  it('keeps a format the page gives, and leaves form pages alone', () => {
    const own = {
      page: 'list',
      model: 'corpBankAccount',
      list: { columns: [{ field: 'accountNo', format: 'mask' }] },
    } as unknown as PageSchema;
    const kept = withModelDisplay(own, corpBankAccount as ModelDefinition) as unknown as {
      list: { columns: Item[] };
    };
    expect(kept.list.columns[0]!.format).toBe('mask');
    const form = { page: 'form', form: {} } as unknown as PageSchema;
    expect(withModelDisplay(form, corpBankAccount as ModelDefinition)).toBe(form);
  });
});
