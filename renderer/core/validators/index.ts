export type { FormatDefinition, Validator, ValidatorResult } from './types';
export { VALIDATION_MESSAGES, amountMaxMessage, amountMinMessage, unknownFormatMessage } from './messages';
export {
  EMAIL_PATTERN,
  PHONE_PATTERN,
  TELEPHONE_PATTERN,
  validateEmail,
  validatePhone,
  validateTelephone,
} from './contact';
export {
  ENTERPRISE_NAME_MAX_LENGTH,
  ENTERPRISE_NAME_PATTERN,
  NAME_MIDDLE_DOT,
  PERSON_NAME_MAX_LENGTH,
  PERSON_NAME_PATTERN,
  PERSON_NAME_SECOND_PART_MAX_LENGTH,
  validateEnterpriseName,
  validatePersonName,
} from './names';
export {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_PATTERN,
  PASSWORD_STRENGTH_LABELS,
  passwordStrength,
  validatePassword,
  validatePasswordConfirm,
} from './password';
export type { PasswordStrength } from './password';
export { SMS_CODE_PATTERN, USERNAME_PATTERN, validateSmsCode, validateUsername } from './account';
export { MONEY_PATTERN, createAmountValidator, validateAmount, validateMoney } from './money';
export { RATE_PATTERN, validateRate } from './rate';
export type { AmountRange } from './money';
export { ID_CARD_PATTERN, idCardCheckChar, isCalendarDate, validateIdCard } from './idCard';
export { BUSINESS_DATE_MESSAGE, BUSINESS_YEAR_MAX, BUSINESS_YEAR_MIN, isBusinessDate } from './date';
export {
  CREDIT_CODE_ALPHABET,
  CREDIT_CODE_PATTERN,
  creditCodeCheckChar,
  validateCreditCode,
} from './creditCode';
export {
  BANK_ACCOUNT_PATTERN,
  BANK_CARD_PATTERN,
  BANK_CODE_PATTERN,
  isLuhnValid,
  luhnCheckDigit,
  validateBankAccount,
  validateBankCard,
  validateBankCode,
} from './bank';
export {
  INVOICE_CODE_PATTERN,
  INVOICE_NO_PATTERN,
  TAX_NO_PATTERN,
  validateInvoiceCode,
  validateInvoiceNo,
  validateTaxNo,
} from './invoice';
export {
  UPLOAD_ACCEPT,
  UPLOAD_FILE_NAME_PATTERN,
  UPLOAD_FILE_TYPES,
  getFileExtension,
  isUploadFileType,
  validateUploadFileName,
} from './upload';
export type { UploadFileType } from './upload';
export {
  INTEGER_PATTERN,
  NUMBER_PATTERN,
  ZIP_PATTERN,
  validateInteger,
  validateNumber,
  validateZip,
} from './basic';
export {
  FORMATS,
  FORMAT_DEFINITIONS,
  createFormatRegistry,
  isKnownFormat,
  registerAjvFormats,
  validateFormat,
} from './formats';
export type { AjvFormatTarget, FormatName, FormatRegistry } from './formats';
export { chinaToday, inDayWindow } from './dayWindow';
export type { DayWindow } from './dayWindow';
export { sumToProblem } from './sums';
export type { SumToRule } from './sums';
