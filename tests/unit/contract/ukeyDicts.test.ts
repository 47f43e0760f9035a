import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UKEY_ISSUERS } from '@contract/ukey';

const json = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

/**
 * The page schemas name the hardware UKEY issuers through the dictionary ukeyBank and the model
 * ukeyApplication's enum; contract/ukey.ts UKEY_ISSUERS is where they are decided, so both must follow it.
 */
describe('the ukeyBank dictionary and the ukeyApplication model follow UKEY_ISSUERS', () => {
  const hardware = UKEY_ISSUERS.filter((i) => !i.soft);

  it('lists the hardware issuers with their names, in order', () => {
    const dict = json('schemas/_dicts/ukeyBank.json') as { items: Array<{ value: string; label: string }> };
    expect(dict.items.map((i) => [i.value, i.label])).toEqual(hardware.map((i) => [i.code, i.name]));
  });

  it('accepts exactly those banks on an application', () => {
    const model = json('schemas/_models/ukeyApplication.json') as {
      fields: { ukeyBank: { enum: string[] } };
    };
    expect(model.fields.ukeyBank.enum).toEqual(hardware.map((i) => i.code));
  });
});
