import { errorsOf, type ErrorCatalogue } from '../../errors';

/** The account centre's enterprise errors: bank accounts and enterprise information changes. */
export const ACCOUNT_ERRORS = {
  BANK_ACCOUNT_ALREADY_DEFAULT: { status: 200, message: '银行账户{accountNo}已是本企业的默认账户' },
} as const satisfies ErrorCatalogue;

/** Builds an account centre error to throw: `throw enterpriseError('BANK_ACCOUNT_ALREADY_DEFAULT')`. */
export const enterpriseError = errorsOf(ACCOUNT_ERRORS);
