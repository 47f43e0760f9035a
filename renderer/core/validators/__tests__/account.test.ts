import { describe, expect, it } from 'vitest';
import {
  passwordStrength,
  validatePasswordConfirm,
  validateSmsCode,
  validateUsername,
  VALIDATION_MESSAGES,
} from '..';

describe('registration validators', () => {
  it('user names: 4-20 letters, digits or underscores, starting with a letter', () => {
    for (const ok of ['abcd', 'ht_20261124', 'A1_b', 'a'.repeat(20)]) expect(validateUsername(ok)).toBe(true);
    for (const bad of ['abc', '9abc', '_abc', 'ab cd', 'a'.repeat(21), '张三丰四', 42, null]) {
      expect(validateUsername(bad)).toBe(VALIDATION_MESSAGES.username);
    }
  });

  it('SMS codes: six digits', () => {
    expect(validateSmsCode('012345')).toBe(true);
    for (const bad of ['12345', '1234567', '12345a', ''])
      expect(validateSmsCode(bad)).toBe(VALIDATION_MESSAGES.smsCode);
  });

  it('the repeated password must equal the first', () => {
    expect(validatePasswordConfirm('Abc@123', 'Abc@123')).toBe(true);
    expect(validatePasswordConfirm('Abc@123', 'Abc@124')).toBe('两次输入的密码不一致');
    expect(validatePasswordConfirm('Abc@123', undefined)).toBe('两次输入的密码不一致');
  });

  it('the strength hint: weak when the rule is broken, strong with more classes and length', () => {
    expect(passwordStrength('abcdefg')).toBe('weak');
    expect(passwordStrength('123456')).toBe('weak');
    expect(passwordStrength('abc123')).toBe('medium');
    expect(passwordStrength('Abc12345')).toBe('medium');
    expect(passwordStrength('Abc1234567')).toBe('strong');
    expect(passwordStrength('Ab1@')).toBe('weak');
    expect(passwordStrength('Ab1@xy')).toBe('strong');
  });
});
