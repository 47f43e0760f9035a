import { CREDIT_CODE_PATTERN, validateCreditCode } from './creditCode';
import { VALIDATION_MESSAGES } from './messages';
import { patternValidator } from './text';
import type { ValidatorResult } from './types';

/** Invoice code (发票代码): 10 or 12 digits. */
export const INVOICE_CODE_PATTERN = /^(?:\d{10}|\d{12})$/;
/** Invoice number (发票号码): 8 digits, or 20 digits for an all-electronic invoice (全电发票). */
export const INVOICE_NO_PATTERN = /^(?:\d{8}|\d{20})$/;

/**
 * Validates an invoice code: 10 or 12 digits.
 * @returns true or '请输入正确的发票代码（10位或12位数字）'.
 */
export const validateInvoiceCode: (value: unknown) => ValidatorResult = patternValidator(
  INVOICE_CODE_PATTERN,
  VALIDATION_MESSAGES.invoiceCode,
);

/**
 * Validates an invoice number: 8 digits, or 20 digits for an all-electronic invoice.
 * @returns true or '请输入正确的发票号码（8位数字，全电发票为20位数字）'.
 */
export const validateInvoiceNo: (value: unknown) => ValidatorResult = patternValidator(
  INVOICE_NO_PATTERN,
  VALIDATION_MESSAGES.invoiceNo,
);

/**
 * Taxpayer number (纳税人识别号, 税号): an enterprise's unified social credit code (18 characters, the
 * GB 32100 check character verified), or a number issued before 2015: 15 characters (region + organisation
 * code) or 20 characters (an ID card number + 2 digits), of digits and capital letters.
 */
export const TAX_NO_PATTERN = /^(?:[0-9A-HJ-NPQRTUWXY]{18}|[0-9A-Z]{15}|[0-9A-Z]{20})$/;

/**
 * Validates a taxpayer number (see {@link TAX_NO_PATTERN}); an 18-character one must be a valid credit code.
 * @returns true or '请输入正确的税号（18位统一社会信用代码，或15位、20位旧税号）'.
 */
export function validateTaxNo(value: unknown): ValidatorResult {
  if (typeof value !== 'string' || !TAX_NO_PATTERN.test(value)) return VALIDATION_MESSAGES.taxNo;
  if (CREDIT_CODE_PATTERN.test(value))
    return validateCreditCode(value) === true ? true : VALIDATION_MESSAGES.taxNo;
  return value.length === 18 ? VALIDATION_MESSAGES.taxNo : true;
}
