import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FORMATS,
  FORMAT_DEFINITIONS,
  createFormatRegistry,
  isKnownFormat,
  registerAjvFormats,
  validateFormat,
} from '@renderer/core/validators';
import type { FormatName } from '@renderer/core/validators';

/** One valid and one invalid value of every format. */
const SAMPLES: Record<FormatName, readonly [valid: string, invalid: string]> = {
  phone: ['13812345678', '12812345678'],
  email: ['user@example.com', 'user@example'],
  enterpriseName: ['华建集团第一工程局有限公司', ''],
  personName: ['阿依古丽·买买提', '张三·'],
  password: ['Demo@2026', 'abcdefgh'],
  username: ['ht_20261128', '1ht_2026'],
  smsCode: ['123456', '12345'],
  money: ['99999999999999.99', '1.234'],
  amount: ['99999999999999.98', '99999999999999.99'],
  rate: ['0.0725', '7.25'],
  idCard: ['11010519491231002X', '110105194912310021'],
  creditCode: ['91350100M000100Y43', '91350100M000100Y44'],
  bankAccount: ['12345678', '1234567'],
  bankCard: ['4111111111111111', '4111111111111112'],
  bankCode: ['105100000017', '10510000001'],
  invoiceCode: ['1100182130', '11001821'],
  invoiceNo: ['12345678', '123456789'],
  taxNo: ['91350100M000100Y43', '91350100M000100Y44'],
  telephone: ['010-12345678', '010-123'],
  uploadFileName: ['合同.docx', '合同.exe'],
  zip: ['100000', '1000000'],
  integer: ['-42', '4.2'],
  number: ['4.2', '4.2.1'],
};

describe('taxNo and telephone', () => {
  it('takes a credit code with its check character, or a 15- or 20-character number of before 2015', () => {
    const ok = ['911100001000044477', '110108801234567', '11010519491231002X01'];
    const bad = ['911100001000044478', '91110000100004447', 'abcdefghijklmno', '9111000010000444771'];
    for (const v of ok) expect(validateFormat('taxNo', v), v).toBe(true);
    for (const v of bad) expect(validateFormat('taxNo', v), v).toBe(FORMATS.taxNo.message);
  });

  it('takes a fixed line with its area code or a mobile number', () => {
    for (const v of ['010-12345678', '0571-8765432', '13812345678', '02087654321'])
      expect(validateFormat('telephone', v), v).toBe(true);
    for (const v of ['12345678', '010-123456', '12812345678', '010—12345678'])
      expect(validateFormat('telephone', v), v).toBe(FORMATS.telephone.message);
  });
});

describe('FORMATS', () => {
  it('lists every format once with a Chinese message', () => {
    expect(Object.keys(FORMATS).sort()).toEqual(Object.keys(SAMPLES).sort());
    for (const definition of FORMAT_DEFINITIONS) {
      expect(definition.message, definition.name).toMatch(/[\u4e00-\u9fa5]/);
      expect(definition.title, definition.name).toMatch(/[\u4e00-\u9fa5]/);
      expect(definition.pattern.global || definition.pattern.sticky, definition.name).toBe(false);
    }
  });

  it('validates the samples, and each pattern accepts whatever the function accepts', () => {
    for (const [name, [valid, invalid]] of Object.entries(SAMPLES)) {
      const definition = FORMATS[name as FormatName];
      expect(definition.validate(valid), `${name} ${valid}`).toBe(true);
      expect(definition.pattern.test(valid), `${name} pattern ${valid}`).toBe(true);
      const expected = name === 'amount' ? '金额不能大于99,999,999,999,999.98' : definition.message;
      expect(definition.validate(invalid), `${name} ${invalid}`).toBe(expected);
      expect(validateFormat(name, invalid)).toMatch(/[\u4e00-\u9fa5]/);
    }
    fc.assert(
      fc.property(
        fc.constantFrom(...FORMAT_DEFINITIONS),
        fc.string({ maxLength: 24 }),
        (definition, text) => {
          if (definition.validate(text) === true) expect(definition.pattern.test(text)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses duplicate names and unknown formats', () => {
    const phone = FORMATS.phone;
    expect(() => createFormatRegistry([phone, phone])).toThrow('Duplicate format name "phone"');
    expect(() => createFormatRegistry([{ ...phone, name: 'bad name' }])).toThrow('Invalid format name');
    expect(isKnownFormat('phone')).toBe(true);
    expect(isKnownFormat('toString')).toBe(false);
    expect(() => validateFormat('qq', '10000')).toThrow('Unknown format "qq"');
  });
});

describe('registerAjvFormats', () => {
  const ajv = new Ajv({ allErrors: true });
  addFormats(ajv);
  registerAjvFormats(ajv);
  const schema = {
    type: 'object',
    properties: Object.fromEntries(
      Object.keys(SAMPLES).map((name) => [name, { type: 'string', format: name }]),
    ),
  };
  const validate = ajv.compile(schema);

  it('accepts on the server exactly what the browser validators accept', () => {
    const valid = Object.fromEntries(Object.entries(SAMPLES).map(([name, [good]]) => [name, good]));
    expect(validate(valid)).toBe(true);
    const invalid = Object.fromEntries(Object.entries(SAMPLES).map(([name, [, bad]]) => [name, bad]));
    expect(validate(invalid)).toBe(false);
    const failed = (validate.errors ?? []).map((error) => error.instancePath.slice(1)).sort();
    expect(failed).toEqual(Object.keys(SAMPLES).sort());
  });

  it('replaces the ajv-formats email and password formats with ours', () => {
    expect(validate({ email: 'user@localhost' })).toBe(false);
    expect(validate({ password: 'aaaaaaaa' })).toBe(false);
    expect(FORMATS[(validate.errors?.[0]?.params as { format: FormatName }).format].message).toBe(
      '密码为6-20位非空字符，且至少包含大写字母、小写字母、数字、符号中的两种',
    );
  });

  it('agrees with the functions on generated credit codes and phones', () => {
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^1[3-9]\d{9}$/), fc.string({ maxLength: 12 })), (phone) => {
        expect(validate({ phone })).toBe(FORMATS.phone.validate(phone) === true);
      }),
    );
  });
});
