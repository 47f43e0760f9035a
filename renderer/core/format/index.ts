export {
  AMOUNT_DECIMALS,
  AMOUNT_MAX,
  AMOUNT_MIN,
  addMoney,
  compareMoney,
  fromCents,
  fromScaled,
  isDecimal,
  isMoneyString,
  mulRate,
  normalizeDecimal,
  parseDecimal,
  rescaleHalfUp,
  roundDecimal,
  shiftDecimal,
  subMoney,
  sumMoney,
  toCents,
  toScaled,
} from './decimal';
export type { DecimalInput, DecimalParts } from './decimal';
export {
  AMOUNT_UNITS,
  CHINA_UTC_OFFSET_MINUTES,
  chinaDateTime,
  chinaDay,
  EMPTY_PLACEHOLDER,
  formatAmount,
  formatAmountUnit,
  formatBankNo,
  formatDateTime,
  formatPercent,
  maskString,
} from './formatters';
export type { AmountUnit, AmountWithUnit, FormatInput, PercentScale } from './formatters';
export {
  CAPITAL_DIGITS,
  CAPITAL_FRACTION_UNITS,
  CAPITAL_MAX_EXCLUSIVE,
  CapitalConversionError,
  isCapitalConvertible,
  toChineseCapital,
} from './capital';
