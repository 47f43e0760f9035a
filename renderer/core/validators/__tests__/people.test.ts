import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NAME_MIDDLE_DOT,
  PASSWORD_PATTERN,
  PERSON_NAME_PATTERN,
  VALIDATION_MESSAGES,
  validateEmail,
  validateEnterpriseName,
  validatePassword,
  validatePersonName,
  validatePhone,
} from '@renderer/core/validators';

const han = fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((code) => String.fromCodePoint(code));
const latin = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
const nameChars = (min: number, max: number) =>
  fc.array(fc.oneof(han, latin), { minLength: min, maxLength: max }).map((chars) => chars.join(''));

describe('validatePhone', () => {
  it('accepts 1[3-9] and nine more digits', () => {
    expect(validatePhone('13812345678')).toBe(true);
    expect(validatePhone(19912345678)).toBe(true);
    expect(validatePhone('12812345678')).toBe('请输入正确的手机号码');
    expect(validatePhone('1381234567')).toBe(VALIDATION_MESSAGES.phone);
    expect(validatePhone(' 13812345678')).toBe(VALIDATION_MESSAGES.phone);
    fc.assert(
      fc.property(fc.stringMatching(/^1[3-9]\d{9}$/), (phone) => {
        expect(validatePhone(phone)).toBe(true);
      }),
    );
  });

  it('rejects anything else', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 14 }), (text) => {
        fc.pre(!/^1[3-9]\d{9}$/.test(text));
        expect(validatePhone(text)).toBe(VALIDATION_MESSAGES.phone);
      }),
    );
  });
});

describe('validateEmail', () => {
  it('accepts usual addresses and rejects malformed ones', () => {
    for (const good of ['user@example.com', 'first.last+tag@mail.example.com.cn', 'a_b-c@x-y.org']) {
      expect(validateEmail(good), good).toBe(true);
    }
    for (const bad of [
      'user@example',
      'user@@example.com',
      'us er@example.com',
      '.user@example.com',
      'user.@example.com',
      'a..b@example.com',
      'user@-example.com',
      'user@example.c',
      '@example.com',
      `${'a'.repeat(65)}@example.com`,
    ]) {
      expect(validateEmail(bad), bad).toBe('请输入正确的邮箱');
    }
  });

  it('accepts generated RFC addresses with a top-level domain of letters', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        fc.pre(/\.[a-z]{2,}$/i.test(email));
        expect(validateEmail(email)).toBe(true);
      }),
    );
  });
});

describe('validateEnterpriseName', () => {
  it('accepts 1 to 80 characters that are not all blank', () => {
    expect(validateEnterpriseName('华建集团第一工程局有限公司')).toBe(true);
    expect(validateEnterpriseName('')).toBe('企业名称长度为1-80个字符');
    expect(validateEnterpriseName('   ')).toBe(VALIDATION_MESSAGES.enterpriseName);
    expect(validateEnterpriseName('企'.repeat(81))).toBe(VALIDATION_MESSAGES.enterpriseName);
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 120, unit: 'grapheme' }), (name) => {
        const length = Array.from(name).length;
        const expected = name.trim() !== '' && length <= 80 ? true : VALIDATION_MESSAGES.enterpriseName;
        expect(validateEnterpriseName(name)).toBe(expected);
      }),
    );
  });
});

describe('validatePersonName', () => {
  it('accepts Chinese, letters, a dotted second part and English words', () => {
    for (const good of ['张三', '阿依古丽·买买提', 'Zhang', 'John Smith', '𠮷野家', '欧阳'.repeat(20)]) {
      expect(validatePersonName(good), good).toBe(true);
    }
    for (const bad of [
      '',
      '张 三',
      '张三·',
      '·张三',
      '张·三·丰',
      'John  Smith',
      'John3',
      '欧'.repeat(41),
      `张三${NAME_MIDDLE_DOT}${'买'.repeat(21)}`,
    ]) {
      expect(validatePersonName(bad), bad).toBe(VALIDATION_MESSAGES.personName);
    }
  });

  it('accepts generated names within the length limits', () => {
    fc.assert(
      fc.property(nameChars(1, 40), fc.option(nameChars(1, 20)), (first, second) => {
        const name = second === null ? first : `${first}${NAME_MIDDLE_DOT}${second}`;
        expect(validatePersonName(name)).toBe(true);
        expect(PERSON_NAME_PATTERN.test(name)).toBe(true);
      }),
    );
  });

  it('rejects generated names over the limits', () => {
    fc.assert(
      fc.property(nameChars(41, 60), nameChars(21, 30), (long, longSecond) => {
        expect(validatePersonName(long)).toBe(VALIDATION_MESSAGES.personName);
        expect(validatePersonName(`张${NAME_MIDDLE_DOT}${longSecond}`)).toBe(VALIDATION_MESSAGES.personName);
      }),
    );
  });
});

describe('validatePassword', () => {
  const classes = {
    upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    lower: 'abcdefghijklmnopqrstuvwxyz',
    digit: '0123456789',
    symbol: '!@#$%^&*()_+-=[]{};:,.<>?/~',
  };
  const fromClasses = (names: (keyof typeof classes)[], min: number, max: number) =>
    fc
      .array(fc.constantFrom(...names.flatMap((name) => [...classes[name]])), {
        minLength: min,
        maxLength: max,
      })
      .map((chars) => chars.join(''));

  it('accepts 6-20 characters mixing two classes', () => {
    expect(validatePassword('Demo@2026')).toBe(true);
    expect(validatePassword('abc123')).toBe(true);
    expect(validatePassword('abcdef')).toBe(
      '密码为6-20位非空字符，且至少包含大写字母、小写字母、数字、符号中的两种',
    );
    expect(validatePassword('Ab1')).toBe(VALIDATION_MESSAGES.password);
    expect(validatePassword('Abc 123')).toBe(VALIDATION_MESSAGES.password);
    expect(validatePassword('Abc1234567890123456789')).toBe(VALIDATION_MESSAGES.password);
    expect(validatePassword(123456)).toBe(VALIDATION_MESSAGES.password);
  });

  it('agrees with the class rule on generated passwords', () => {
    const pair = fc.constantFrom<(keyof typeof classes)[]>(
      ['upper', 'lower'],
      ['lower', 'digit'],
      ['digit', 'symbol'],
      ['upper', 'symbol'],
    );
    fc.assert(
      fc.property(pair, fc.integer({ min: 6, max: 20 }), fc.nat(), (names, length, seed) => {
        // one character of each class, then any of the two
        const [a = 'upper', b = 'lower'] = names;
        const pool = classes[a] + classes[b];
        const rest = Array.from({ length: length - 2 }, (_, i) => pool[(seed + i * 7) % pool.length]).join(
          '',
        );
        const password =
          (classes[a][seed % classes[a].length] ?? '') + rest + (classes[b][seed % classes[b].length] ?? '');
        expect(validatePassword(password)).toBe(true);
        expect(PASSWORD_PATTERN.test(password)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom<keyof typeof classes>('upper', 'lower', 'digit', 'symbol'),
        fc.integer({ min: 1, max: 30 }),
        (name, length) => {
          const single = fromClasses([name], length, length);
          fc.assert(
            fc.property(single, (password) => {
              expect(validatePassword(password)).toBe(VALIDATION_MESSAGES.password);
            }),
            { numRuns: 5 },
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});
