import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { ApiRequestError, NETWORK_ERROR_MESSAGE } from '@/api';
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

/**
 * A server refusal shown where it belongs: one field's (REG_FIELD_INVALID and the like name it in `field`)
 * under that field, an SMS code's under 短信验证码, anything else through `setError` (above the button).
 */
export function showServerError(form: FormInstance, e: unknown, setError: (m: string) => void): void {
  if (e instanceof ApiRequestError) {
    const field = (e.data as { field?: string } | null)?.field;
    if (field && form.getFieldInstance(field) !== undefined) {
      form.setFields([{ name: field, errors: [e.message] }]);
      return;
    }
    if (e.code.startsWith('SCF.SMS_CODE')) {
      form.setFields([{ name: 'smsCode', errors: [e.message] }]);
      return;
    }
    setError(e.message);
    return;
  }
  setError(NETWORK_ERROR_MESSAGE);
}
