import { asText } from './text';
import { VALIDATION_MESSAGES } from './messages';
import type { ValidatorResult } from './types';

/**
 * A rate as the models store it: a fraction of one from 0 to 1 with at most 6 decimals (7.25 % is
 * '0.0725'); it is entered and shown as a percentage (RateInput, display format `rate`; spec section 5:
 * percentages are normalised).
 */
export const RATE_PATTERN = /^(?:0(?:\.\d{1,6})?|1(?:\.0{1,6})?)$/;

/** Validates a stored rate (see {@link RATE_PATTERN}). @returns true or the rate message. */
export function validateRate(value: unknown): ValidatorResult {
  const text = asText(value);
  return text !== null && RATE_PATTERN.test(text) ? true : VALIDATION_MESSAGES.rate;
}
