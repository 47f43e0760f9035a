/**
 * The catalogue of validation messages (Chinese, shown to users). Validators return these strings;
 * nothing else in the module writes user-facing text.
 */
export const VALIDATION_MESSAGES = {
  phone: '请输入正确的手机号码',
  email: '请输入正确的邮箱',
  enterpriseName: '企业名称长度为1-80个字符',
  personName: '请输入正确的姓名（中文或英文字母，不超过40个字符，可用“·”连接不超过20个字符的第二部分）',
  password: '密码为6-20位非空字符，且至少包含大写字母、小写字母、数字、符号中的两种',
  money: '请输入正确的金额（整数部分不超过14位，最多两位小数）',
  moneyNegative: '金额不能为负数',
  idCard: '请输入正确的身份证号码',
  creditCode: '请输入正确的统一社会信用代码',
  bankAccount: '请输入正确的银行账号（8-32位数字）',
  bankCard: '请输入正确的银行卡号',
  bankCode: '请输入正确的联行号（12位数字）',
  invoiceCode: '请输入正确的发票代码（10位或12位数字）',
  invoiceNo: '请输入正确的发票号码（8位数字，全电发票为20位数字）',
  taxNo: '请输入正确的税号（18位统一社会信用代码，或15位、20位旧税号）',
  telephone: '请输入正确的电话号码（固定电话如010-12345678，或11位手机号码）',
  uploadFileType: '不支持的文件类型，仅支持doc、docx、xls、xlsx、pdf、jpeg、jpg、png、zip、rar',
  zip: '请输入正确的邮政编码（6位数字）',
  rate: '请输入0至100之间的百分比，最多4位小数',
  integer: '请输入整数',
  number: '请输入数字',
  amountRangeOrder: '最低金额不能大于最高金额',
  rangeOrder: '起始值不能大于结束值',
  username: '用户名为4-20位字母、数字或下划线，须以字母开头',
  smsCode: '请输入6位数字验证码',
  passwordConfirm: '两次输入的密码不一致',
} as const;

/** Message for an amount below the minimum; `min` is already formatted for display. */
export function amountMinMessage(min: string): string {
  return `金额不能小于${min}`;
}

/** Message for an amount above the maximum; `max` is already formatted for display. */
export function amountMaxMessage(max: string): string {
  return `金额不能大于${max}`;
}

/** Message for a format name that no registry defines (a schema error, made visible). */
export function unknownFormatMessage(name: string): string {
  return `未知的校验格式：${name}`;
}
