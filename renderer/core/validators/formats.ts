/**
 * The format registry: one table of named formats that the browser (Formily, see `./formily`) and the
 * server (ajv, {@link registerAjvFormats}) both validate with, so both sides accept the same values.
 */
import {
  BANK_ACCOUNT_PATTERN,
  BANK_CARD_PATTERN,
  BANK_CODE_PATTERN,
  validateBankAccount,
  validateBankCard,
  validateBankCode,
} from './bank';
import {
  INTEGER_PATTERN,
  NUMBER_PATTERN,
  ZIP_PATTERN,
  validateInteger,
  validateNumber,
  validateZip,
} from './basic';
import {
  EMAIL_PATTERN,
  PHONE_PATTERN,
  TELEPHONE_PATTERN,
  validateEmail,
  validatePhone,
  validateTelephone,
} from './contact';
import { SMS_CODE_PATTERN, USERNAME_PATTERN, validateSmsCode, validateUsername } from './account';
import { CREDIT_CODE_PATTERN, validateCreditCode } from './creditCode';
import { ID_CARD_PATTERN, validateIdCard } from './idCard';
import {
  INVOICE_CODE_PATTERN,
  INVOICE_NO_PATTERN,
  TAX_NO_PATTERN,
  validateInvoiceCode,
  validateInvoiceNo,
  validateTaxNo,
} from './invoice';
import { VALIDATION_MESSAGES } from './messages';
import { MONEY_PATTERN, validateAmount, validateMoney } from './money';
import {
  ENTERPRISE_NAME_PATTERN,
  PERSON_NAME_PATTERN,
  validateEnterpriseName,
  validatePersonName,
} from './names';
import { PASSWORD_PATTERN, validatePassword } from './password';
import { RATE_PATTERN, validateRate } from './rate';
import type { FormatDefinition } from './types';
import { UPLOAD_FILE_NAME_PATTERN, validateUploadFileName } from './upload';

/** An immutable table of formats by name. */
export type FormatRegistry = Readonly<Record<string, FormatDefinition>>;

/** The formats every part of the portal knows, in documentation order. */
export const FORMAT_DEFINITIONS = [
  def('phone', '手机号码', 'phone', validatePhone, PHONE_PATTERN),
  def('email', '邮箱', 'email', validateEmail, EMAIL_PATTERN),
  def('enterpriseName', '企业名称', 'enterpriseName', validateEnterpriseName, ENTERPRISE_NAME_PATTERN),
  def('personName', '姓名', 'personName', validatePersonName, PERSON_NAME_PATTERN),
  def('password', '密码', 'password', validatePassword, PASSWORD_PATTERN),
  def('username', '用户名', 'username', validateUsername, USERNAME_PATTERN),
  def('smsCode', '短信验证码', 'smsCode', validateSmsCode, SMS_CODE_PATTERN),
  def('money', '金额', 'money', validateMoney, MONEY_PATTERN),
  def('amount', '金额（0至99999999999999.98）', 'money', validateAmount, MONEY_PATTERN),
  def('rate', '利率/比例（以百分比录入，存为小数）', 'rate', validateRate, RATE_PATTERN),
  def('idCard', '身份证号码', 'idCard', validateIdCard, ID_CARD_PATTERN),
  def('creditCode', '统一社会信用代码', 'creditCode', validateCreditCode, CREDIT_CODE_PATTERN),
  def('bankAccount', '银行账号', 'bankAccount', validateBankAccount, BANK_ACCOUNT_PATTERN),
  def('bankCard', '个人银行卡号', 'bankCard', validateBankCard, BANK_CARD_PATTERN),
  def('bankCode', '联行号', 'bankCode', validateBankCode, BANK_CODE_PATTERN),
  def('invoiceCode', '发票代码', 'invoiceCode', validateInvoiceCode, INVOICE_CODE_PATTERN),
  def('invoiceNo', '发票号码', 'invoiceNo', validateInvoiceNo, INVOICE_NO_PATTERN),
  def('taxNo', '税号', 'taxNo', validateTaxNo, TAX_NO_PATTERN),
  def('telephone', '电话号码', 'telephone', validateTelephone, TELEPHONE_PATTERN),
  def('uploadFileName', '上传文件名', 'uploadFileType', validateUploadFileName, UPLOAD_FILE_NAME_PATTERN),
  def('zip', '邮政编码', 'zip', validateZip, ZIP_PATTERN),
  def('integer', '整数', 'integer', validateInteger, INTEGER_PATTERN),
  def('number', '数字', 'number', validateNumber, NUMBER_PATTERN),
] as const satisfies readonly FormatDefinition[];

/** Name of a built-in format. */
export type FormatName = (typeof FORMAT_DEFINITIONS)[number]['name'];

function def<N extends string>(
  name: N,
  title: string,
  message: keyof typeof VALIDATION_MESSAGES,
  validate: FormatDefinition['validate'],
  pattern: RegExp,
): FormatDefinition & { readonly name: N } {
  return Object.freeze({ name, title, message: VALIDATION_MESSAGES[message], validate, pattern });
}

/**
 * Builds a registry from definitions.
 * @throws Error when two definitions share a name (a duplicate is a mistake, never an override).
 */
export function createFormatRegistry(definitions: readonly FormatDefinition[]): FormatRegistry {
  const table: Record<string, FormatDefinition> = Object.create(null) as Record<string, FormatDefinition>;
  for (const definition of definitions) {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(definition.name)) {
      throw new Error(`Invalid format name ${JSON.stringify(definition.name)}`);
    }
    if (definition.name in table) throw new Error(`Duplicate format name "${definition.name}"`);
    table[definition.name] = definition;
  }
  return Object.freeze(table);
}

/** The registry of {@link FORMAT_DEFINITIONS}. */
export const FORMATS: Readonly<Record<FormatName, FormatDefinition>> & FormatRegistry = createFormatRegistry(
  FORMAT_DEFINITIONS,
) as Readonly<Record<FormatName, FormatDefinition>> & FormatRegistry;

/** Whether `registry` defines `name` (own names only). */
export function isKnownFormat(name: string, registry: FormatRegistry = FORMATS): boolean {
  return Object.prototype.hasOwnProperty.call(registry, name);
}

/**
 * Validates `value` with the format `name`.
 * @returns true or the format's Chinese message.
 * @throws Error for a name the registry does not define.
 */
export function validateFormat(
  name: string,
  value: unknown,
  registry: FormatRegistry = FORMATS,
): true | string {
  const definition = isKnownFormat(name, registry) ? registry[name] : undefined;
  if (!definition) throw new Error(`Unknown format "${name}"`);
  return definition.validate(value);
}

/** The part of an ajv instance {@link registerAjvFormats} uses (ajv 8 satisfies it). */
export interface AjvFormatTarget {
  addFormat(name: string, format: { type: 'string'; validate: (data: string) => boolean }): unknown;
}

/**
 * Adds every format of `registry` to an ajv instance, as string formats validated by the same
 * functions the browser uses. Call it after `ajv-formats`: names they share ('email', 'password') are
 * replaced by ours. For the Chinese text of an ajv `format` error, call
 * `registry[params.format].validate(value)` (exact, e.g. the amount bound) or read `.message`.
 */
export function registerAjvFormats(ajv: AjvFormatTarget, registry: FormatRegistry = FORMATS): void {
  for (const definition of Object.values(registry)) {
    ajv.addFormat(definition.name, {
      type: 'string',
      validate: (data) => definition.validate(data) === true,
    });
  }
}
