/**
 * Formily adapter of the format registry. It is a sub-module of its own
 * (`@renderer/core/validators/formily`) so that the server, which validates with ajv, never loads
 * @formily/core.
 *
 * Formily's own `format` rule can only test regular expressions, which cannot check an ID card or a
 * credit code checksum. {@link createFormilyValidation} therefore replaces the `format` rule with one
 * that runs the registry's functions, so `x-validator: 'idCard'` performs the full check. A format
 * name missing from the registry then fails with '未知的校验格式：…' instead of passing silently:
 * formats must be added to the registry, where the server sees them too.
 */
import {
  getLocaleByPath,
  registerValidateLocale,
  registerValidateRules,
  setValidateLanguage,
} from '@formily/core';
import {
  chinaToday,
  createAmountValidator,
  FORMATS,
  inDayWindow,
  sumToProblem,
  unknownFormatMessage,
  validatePasswordConfirm,
} from '@renderer/core/validators';
import type { DayWindow, FormatDefinition, FormatRegistry, SumToRule } from '@renderer/core/validators';

/** A Formily rule function, as `registerValidateRules` takes it. */
export type FormilyRule = Parameters<typeof registerValidateRules>[0][string];

/** What {@link registerFormilyFormats} registers with Formily. */
export interface FormilyValidation {
  /** Rules: the replaced `format` rule and one rule per format name (`{ idCard: true }`). */
  readonly rules: Readonly<Record<string, FormilyRule>>;
  /** Locale messages: the Chinese message of every format, under 'zh-CN'. */
  readonly locale: { readonly 'zh-CN': Readonly<Record<string, string>> };
  /** The validation language set by {@link registerFormilyFormats}. */
  readonly language: 'zh-CN';
}

/** Rule names Formily defines itself; a format of the same name would shadow them. */
const FORMILY_RULE_NAMES = new Set([
  'format',
  'required',
  'validator',
  'pattern',
  'max',
  'min',
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'len',
  'whitespace',
  'enum',
  'const',
  'multipleOf',
  'uniqueItems',
  'maxItems',
  'minItems',
  'maxLength',
  'minLength',
  'maxProperties',
  'minProperties',
  'triggerType',
  'message',
]);

/** Formily's notion of an empty value: such values are left to the `required` rule. */
function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  return Array.isArray(value) && value.every((item) => isEmptyValue(item));
}

/**
 * The message to show: the schema author's `message` when one was given, else the validator's own
 * (which may be more specific than the format's main message, e.g. for amount bounds). Formily fills
 * `rule.message` from the locale when the author gave none, so the locale text means "no message".
 */
function chooseMessage(ruleMessage: unknown, localeKey: string, result: string): string {
  if (typeof ruleMessage === 'string' && ruleMessage !== '' && ruleMessage !== getLocaleByPath(localeKey)) {
    return ruleMessage;
  }
  return result;
}

function runDefinition(definition: FormatDefinition, value: unknown, ruleMessage: unknown): string {
  if (isEmptyValue(value)) return '';
  const result = definition.validate(value);
  return result === true ? '' : chooseMessage(ruleMessage, definition.name, result);
}

/**
 * Builds Formily rules and locale messages for a format registry without registering anything.
 * @throws Error when a format name is also a Formily rule name.
 */
export function createFormilyValidation(registry: FormatRegistry = FORMATS): FormilyValidation {
  const rules: Record<string, FormilyRule> = {};
  const messages: Record<string, string> = {};
  for (const definition of Object.values(registry)) {
    if (FORMILY_RULE_NAMES.has(definition.name)) {
      throw new Error(`Format name "${definition.name}" collides with a Formily rule`);
    }
    messages[definition.name] = definition.message;
    rules[definition.name] = (value, rule) =>
      rule[definition.name] === false ? '' : runDefinition(definition, value, rule.message);
  }
  rules.format = (value, rule) => {
    const name = rule.format;
    if (typeof name !== 'string' || name === '' || isEmptyValue(value)) return '';
    const definition = Object.prototype.hasOwnProperty.call(registry, name) ? registry[name] : undefined;
    return definition ? runDefinition(definition, value, rule.message) : unknownFormatMessage(name);
  };
  Object.assign(rules, modelRules());
  return { rules, locale: { 'zh-CN': messages }, language: 'zh-CN' };
}

/**
 * Rules for what a model field declares beyond JSON Schema (renderer/core/model/fieldRules.ts puts
 * them on form fields): money bounds (`{amountMin: '0.01'}`), a window of days from today
 * (`{dayWindow: {min, max, message}}`, checked against today in China like the server does) and a sum
 * across a list's items (`{sumTo: {field, total, message}}`, validators/sums.ts like the server); and a
 * confirmation equal to another field (`{sameAs: 'password'}`, the password confirmation's message).
 */
function modelRules(): Record<string, FormilyRule> {
  const amount = (value: unknown, range: { min?: string; max?: string }): string => {
    if (isEmptyValue(value)) return '';
    const result = createAmountValidator(range)(value);
    return result === true ? '' : result;
  };
  return {
    amountMin: (value, rule) =>
      typeof rule.amountMin === 'string' ? amount(value, { min: rule.amountMin }) : '',
    amountMax: (value, rule) =>
      typeof rule.amountMax === 'string' ? amount(value, { max: rule.amountMax }) : '',
    sumTo: (value, rule) => {
      const sumTo = rule.sumTo as SumToRule | undefined;
      return sumTo ? (sumToProblem(value, sumTo) ?? '') : '';
    },
    // A confirmation field: the same value as another field of the form (`{sameAs: 'password'}`).
    sameAs: (value, rule, ctx: { form?: { values?: Record<string, unknown> } }) => {
      if (typeof rule.sameAs !== 'string' || isEmptyValue(value)) return '';
      const result = validatePasswordConfirm(ctx?.form?.values?.[rule.sameAs], value);
      return result === true ? '' : result;
    },
    dayWindow: (value, rule) => {
      const window = rule.dayWindow as DayWindow | undefined;
      if (!window || isEmptyValue(value)) return '';
      return inDayWindow(value, window, chinaToday()) ? '' : window.message;
    },
  };
}

/**
 * Registers the formats with Formily (its validator registry is global: call this once at start-up,
 * never at import time) and sets the validation language to Chinese, so Formily's own messages
 * ('该字段是必填字段') are Chinese too.
 * @returns what was registered.
 */
export function registerFormilyFormats(registry: FormatRegistry = FORMATS): FormilyValidation {
  const validation = createFormilyValidation(registry);
  registerValidateLocale({ 'zh-CN': { ...validation.locale['zh-CN'] } });
  registerValidateRules({ ...validation.rules });
  setValidateLanguage(validation.language);
  return validation;
}
