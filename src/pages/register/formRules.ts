import type { Rule } from 'antd/es/form';
import type { ValidatorResult } from '@renderer/core/validators';

/** An antd rule from a shared validator (renderer/core/validators): its message when it refuses. */
export function ruleOf(validate: (value: unknown) => ValidatorResult): {
  validator: (rule: unknown, value: unknown) => Promise<void>;
} {
  return {
    validator: (_, value: unknown) => {
      if (value === undefined || value === null || value === '') return Promise.resolve();
      const result = validate(typeof value === 'string' ? value.trim() : value);
      return result === true ? Promise.resolve() : Promise.reject(new Error(result));
    },
  };
}

export const required = (message: string): Rule => ({ required: true, whitespace: true, message });
