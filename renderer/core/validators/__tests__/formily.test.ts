import { createForm } from '@formily/core';
import type { IFieldProps } from '@formily/core';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, createFormatRegistry } from '@renderer/core/validators';
import { createFormilyValidation, registerFormilyFormats } from '@renderer/core/validators/formily';

async function errorsOf(
  validator: IFieldProps['validator'],
  value: unknown,
  required = false,
): Promise<string[]> {
  const form = createForm();
  const field = form.createField({ name: 'field', validator, required });
  field.setValue(value);
  await field.validate().catch(() => undefined);
  return field.selfErrors;
}

describe('registerFormilyFormats', () => {
  beforeAll(() => {
    registerFormilyFormats();
  });

  it('runs the full check for a format name, with our Chinese message', async () => {
    expect(await errorsOf('idCard', '11010519491231002X')).toEqual([]);
    expect(await errorsOf('idCard', '110105194912310021')).toEqual(['请输入正确的身份证号码']);
    expect(await errorsOf('creditCode', '91350100M000100Y44')).toEqual(['请输入正确的统一社会信用代码']);
    expect(await errorsOf('phone', '010-12345678')).toEqual(['请输入正确的手机号码']);
  });

  it('supports rule objects, author messages and specific messages', async () => {
    expect(await errorsOf({ creditCode: true }, '91350100M000100Y44')).toEqual([
      '请输入正确的统一社会信用代码',
    ]);
    expect(await errorsOf({ creditCode: false }, 'x')).toEqual([]);
    expect(await errorsOf({ format: 'phone', message: '联系人手机号有误' }, '123')).toEqual([
      '联系人手机号有误',
    ]);
    expect(await errorsOf('amount', '99999999999999.99')).toEqual(['金额不能大于99,999,999,999,999.98']);
  });

  it('leaves empty values to required, whose message is Chinese', async () => {
    expect(await errorsOf('phone', '')).toEqual([]);
    expect(await errorsOf('phone', undefined, true)).toEqual(['该字段是必填字段']);
  });

  it('makes an unknown format name an error instead of a silent pass', async () => {
    expect(await errorsOf('qq', '10000')).toEqual(['未知的校验格式：qq']);
  });

  it('agrees with the pure validators on generated input', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('phone', 'money', 'bankCode', 'invoiceNo'),
        fc.string({ minLength: 1, maxLength: 14 }),
        async (name, value) => {
          const result = FORMATS[name].validate(value);
          expect(await errorsOf(name, value)).toEqual(result === true ? [] : [result]);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('createFormilyValidation', () => {
  it('builds rules and Chinese locale messages for a registry', () => {
    const validation = createFormilyValidation(createFormatRegistry([FORMATS.phone]));
    expect(Object.keys(validation.rules).sort()).toEqual([
      'amountMax',
      'amountMin',
      'dayWindow',
      'format',
      'phone',
      'sameAs',
      'sumTo',
    ]);
    expect(validation.locale['zh-CN']).toEqual({ phone: '请输入正确的手机号码' });
    expect(validation.language).toBe('zh-CN');
  });

  it('sameAs refuses a confirmation unlike the field it names, with the confirmation message', () => {
    const sameAs = createFormilyValidation().rules.sameAs!;
    const ctx = { form: { values: { password: 'Demo@2026' } } };
    expect(sameAs('Demo@2026', { sameAs: 'password' }, ctx, (m) => m)).toBe('');
    expect(sameAs('Demo@2027', { sameAs: 'password' }, ctx, (m) => m)).toBe('两次输入的密码不一致');
    expect(sameAs('', { sameAs: 'password' }, ctx, (m) => m)).toBe('');
  });

  it('refuses a format that would shadow a Formily rule', () => {
    expect(() =>
      createFormilyValidation(createFormatRegistry([{ ...FORMATS.phone, name: 'required' }])),
    ).toThrow('collides with a Formily rule');
  });
});
