import { VALIDATION_MESSAGES } from './messages';
import { asText } from './text';
import type { ValidatorResult } from './types';

/** Longest enterprise name (spec section 9). */
export const ENTERPRISE_NAME_MAX_LENGTH = 80;
/** Longest first part of a person name, and longest English name (spec section 9). */
export const PERSON_NAME_MAX_LENGTH = 40;
/** Longest part after the middle dot of a person name (spec section 9). */
export const PERSON_NAME_SECOND_PART_MAX_LENGTH = 20;

/** The middle dot that joins the parts of a transliterated name, e.g. 阿依古丽·买买提. */
export const NAME_MIDDLE_DOT = '\u00b7';

/** Chinese characters (any Han ideograph, including rare ones outside the BMP) or Latin letters. */
const NAME_CHAR = '[\\p{Script=Han}A-Za-z]';

/**
 * Shape of a person name: Chinese characters or letters (up to 40), optionally '·' and a second part
 * (up to 20); or English words separated by single spaces (up to 40 characters in all).
 */
export const PERSON_NAME_PATTERN = new RegExp(
  `^(?:${NAME_CHAR}{1,${PERSON_NAME_MAX_LENGTH}}(?:${NAME_MIDDLE_DOT}${NAME_CHAR}{1,${PERSON_NAME_SECOND_PART_MAX_LENGTH}})?` +
    `|(?=.{1,${PERSON_NAME_MAX_LENGTH}}$)[A-Za-z]+(?: [A-Za-z]+)+)$`,
  'u',
);

/** Shape of an enterprise name: 1-80 characters, not only blanks. */
export const ENTERPRISE_NAME_PATTERN = new RegExp(`^(?=.*\\S).{1,${ENTERPRISE_NAME_MAX_LENGTH}}$`, 'su');

/**
 * Validates an enterprise name: 1-80 characters (Unicode code points) and not only blanks.
 * @returns true or '企业名称长度为1-80个字符'.
 */
export function validateEnterpriseName(value: unknown): ValidatorResult {
  const text = typeof value === 'string' ? value : null;
  return text !== null && ENTERPRISE_NAME_PATTERN.test(text) ? true : VALIDATION_MESSAGES.enterpriseName;
}

/**
 * Validates a person name (see {@link PERSON_NAME_PATTERN}).
 * @returns true or the person-name message.
 */
export function validatePersonName(value: unknown): ValidatorResult {
  const text = asText(value);
  return text !== null && PERSON_NAME_PATTERN.test(text) ? true : VALIDATION_MESSAGES.personName;
}
