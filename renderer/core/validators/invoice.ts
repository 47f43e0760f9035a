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
