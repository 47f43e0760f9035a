import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_MAX, fromCents } from '@renderer/core/format';
import {
  UPLOAD_ACCEPT,
  UPLOAD_FILE_TYPES,
  VALIDATION_MESSAGES,
  createAmountValidator,
  getFileExtension,
  isLuhnValid,
  luhnCheckDigit,
  validateAmount,
  validateBankAccount,
  validateBankCard,
  validateBankCode,
  validateInteger,
  validateInvoiceCode,
  validateInvoiceNo,
  validateMoney,
  validateNumber,
  validateUploadFileName,
  validateZip,
} from '@renderer/core/validators';

const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^\\d{${min},${max}}$`));

describe('validateMoney', () => {
  it('accepts up to 14 integer digits without a leading zero and up to 2 decimals', () => {
    for (const good of ['0', '0.5', '0.05', '12', '12.30', '99999999999999.99', 5, 12.5]) {
      expect(validateMoney(good), String(good)).toBe(true);
    }
    for (const bad of ['', '01', '1.', '.5', '1.234', '100000000000000', '1e3', '1,000', ' 1', null]) {
      expect(validateMoney(bad), String(bad)).toBe('请输入正确的金额（整数部分不超过14位，最多两位小数）');
    }
    // A negative amount says what is wrong with it (the ABS import's rows too).
    for (const negative of ['-1', '-0.5', -12]) {
      expect(validateMoney(negative), String(negative)).toBe('金额不能为负数');
    }
  });

  it('agrees with the digit rule on generated values', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^(0|[1-9]\d{0,13})(\.\d{1,2})?$/), (money) => {
        expect(validateMoney(money)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{14,20}(\.\d{1,2})?$|^0\d+$|^\d+\.\d{3,6}$/), (money) => {
        expect(validateMoney(money)).toBe(VALIDATION_MESSAGES.money);
      }),
    );
  });
});

describe('validateAmount', () => {
  it('bounds the amount input to 0..99999999999999.98', () => {
    expect(validateAmount(AMOUNT_MAX)).toBe(true);
    expect(validateAmount('0')).toBe(true);
    expect(validateAmount('99999999999999.99')).toBe('金额不能大于99,999,999,999,999.98');
    expect(validateAmount('-1')).toBe(VALIDATION_MESSAGES.moneyNegative);
    const range = createAmountValidator({ min: '100', max: '1000.5' });
    expect(range('99.99')).toBe('金额不能小于100.00');
    expect(range('1000.51')).toBe('金额不能大于1,000.50');
    expect(range('1000.50')).toBe(true);
  });

  it('accepts every cent amount within the range', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 9999999999999998n }), (cents) => {
        expect(validateAmount(fromCents(cents))).toBe(true);
      }),
    );
  });
});

describe('bank numbers', () => {
  it('checks corporate accounts, personal cards and bank codes', () => {
    expect(validateBankAccount('12345678')).toBe(true);
    expect(validateBankAccount('1234567')).toBe('请输入正确的银行账号（8-32位数字）');
    expect(validateBankAccount('1234 5678')).toBe(VALIDATION_MESSAGES.bankAccount);
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('79927398710')).toBe(false);
    expect(validateBankCard('4111111111111111')).toBe(true);
    expect(validateBankCard('4111111111111112')).toBe('请输入正确的银行卡号');
    expect(validateBankCode('105100000017')).toBe(true);
    expect(validateBankCode('10510000001')).toBe('请输入正确的联行号（12位数字）');
  });

  it('accepts generated accounts and Luhn cards, and rejects any single-digit change of a card', () => {
    fc.assert(
      fc.property(digits(8, 32), (account) => {
        expect(validateBankAccount(account)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(digits(15, 18), fc.nat(), fc.integer({ min: 1, max: 9 }), (payload, where, delta) => {
        const card = payload + luhnCheckDigit(payload);
        expect(validateBankCard(card)).toBe(true);
        const index = where % card.length;
        const changed =
          card.slice(0, index) + String((Number(card[index]) + delta) % 10) + card.slice(index + 1);
        expect(validateBankCard(changed)).toBe(VALIDATION_MESSAGES.bankCard);
      }),
    );
    fc.assert(
      fc.property(digits(12, 12), (code) => {
        expect(validateBankCode(code)).toBe(true);
      }),
    );
  });
});

describe('invoice numbers', () => {
  it('accepts 10/12-digit codes and 8/20-digit numbers only', () => {
    expect(validateInvoiceCode('1100182130')).toBe(true);
    expect(validateInvoiceCode('011001900111')).toBe(true);
    expect(validateInvoiceCode('11001821300')).toBe('请输入正确的发票代码（10位或12位数字）');
    expect(validateInvoiceNo('12345678')).toBe(true);
    expect(validateInvoiceNo('24312000000012345678')).toBe(true);
    expect(validateInvoiceNo('1234567')).toBe('请输入正确的发票号码（8位数字，全电发票为20位数字）');
    fc.assert(
      fc.property(digits(1, 24), (value) => {
        const codeOk = value.length === 10 || value.length === 12;
        const noOk = value.length === 8 || value.length === 20;
        expect(validateInvoiceCode(value)).toBe(codeOk ? true : VALIDATION_MESSAGES.invoiceCode);
        expect(validateInvoiceNo(value)).toBe(noOk ? true : VALIDATION_MESSAGES.invoiceNo);
      }),
    );
  });
});

describe('validateUploadFileName', () => {
  it('allows the specified extensions in any case', () => {
    expect(UPLOAD_FILE_TYPES).toEqual([
      'doc',
      'docx',
      'xls',
      'xlsx',
      'pdf',
      'jpeg',
      'jpg',
      'png',
      'zip',
      'rar',
    ]);
    expect(UPLOAD_ACCEPT).toBe('.doc,.docx,.xls,.xlsx,.pdf,.jpeg,.jpg,.png,.zip,.rar');
    expect(validateUploadFileName('贸易合同.PDF')).toBe(true);
    expect(validateUploadFileName('发票.tar.gz')).toBe(
      '不支持的文件类型，仅支持doc、docx、xls、xlsx、pdf、jpeg、jpg、png、zip、rar',
    );
    expect(validateUploadFileName('.pdf')).toBe(VALIDATION_MESSAGES.uploadFileType);
    expect(validateUploadFileName('pdf')).toBe(VALIDATION_MESSAGES.uploadFileType);
    expect(getFileExtension('dir.v2/readme')).toBe('');
  });

  it('decides by the last extension only', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.constantFrom(...UPLOAD_FILE_TYPES),
        fc.boolean(),
        (base, type, upper) => {
          fc.pre(!/[/\\]/.test(base));
          const extension = upper ? type.toUpperCase() : type;
          expect(validateUploadFileName(`${base}.${extension}`)).toBe(true);
          expect(validateUploadFileName(`${base}.${type}.exe`)).toBe(VALIDATION_MESSAGES.uploadFileType);
        },
      ),
    );
  });
});

describe('basic formats', () => {
  it('checks postcodes, integers and numbers', () => {
    expect(validateZip('100000')).toBe(true);
    expect(validateZip('10000')).toBe('请输入正确的邮政编码（6位数字）');
    expect(validateInteger('-12')).toBe(true);
    expect(validateInteger('1.5')).toBe('请输入整数');
    expect(validateNumber('-1.5')).toBe(true);
    expect(validateNumber('1.5.1')).toBe('请输入数字');
    fc.assert(
      fc.property(fc.integer(), (value) => {
        expect(validateInteger(value)).toBe(true);
        expect(validateNumber(value)).toBe(true);
      }),
    );
  });
});
