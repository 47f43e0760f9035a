import { VALIDATION_MESSAGES } from './messages';
import { patternValidator } from './text';
import type { ValidatorResult } from './types';

/** Postcode (邮政编码): 6 digits. */
export const ZIP_PATTERN = /^\d{6}$/;
/** Integer: optional sign and digits. */
export const INTEGER_PATTERN = /^[+-]?\d+$/;
/** Decimal number: optional sign, digits, optional fraction. */
export const NUMBER_PATTERN = /^[+-]?\d+(?:\.\d+)?$/;

/** Validates a postcode. @returns true or '请输入正确的邮政编码（6位数字）'. */
export const validateZip: (value: unknown) => ValidatorResult = patternValidator(
  ZIP_PATTERN,
  VALIDATION_MESSAGES.zip,
);

/** Validates an integer (string or number). @returns true or '请输入整数'. */
export const validateInteger: (value: unknown) => ValidatorResult = patternValidator(
  INTEGER_PATTERN,
  VALIDATION_MESSAGES.integer,
);

/** Validates a plain decimal number (string or number). @returns true or '请输入数字'. */
export const validateNumber: (value: unknown) => ValidatorResult = patternValidator(
  NUMBER_PATTERN,
  VALIDATION_MESSAGES.number,
);
