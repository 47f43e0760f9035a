import { errorsOf, type ErrorCatalogue } from '../../errors';

/** The account centre's enterprise errors: bank accounts, enterprise information changes and UKEY applications. */
export const ACCOUNT_ERRORS = {
  BANK_ACCOUNT_ALREADY_DEFAULT: { status: 200, message: '银行账户{accountNo}已是本企业的默认账户' },
  CORP_INFO_CHANGE_PENDING: {
    status: 200,
    message: '本企业已有待审核的企业信息变更{changeNo}，请审核后再申请',
  },
  CORP_INFO_UNCHANGED: { status: 200, message: '变更后的企业信息与当前信息相同，请至少修改一项' },
  CORP_CREDIT_CODE_TAKEN: { status: 200, message: '统一社会信用代码{creditCode}已被其他企业使用' },
  CORP_INFO_STALE: {
    status: 200,
    message: '企业信息在申请后已被其他变更修改，请退回本申请后按当前信息重新申请',
  },
  CORP_INFO_SELF_APPROVAL: {
    status: 200,
    message: '不能审核自己提交的企业信息变更，请由其他主管岗或管理员审核',
  },
  UKEY_HOLDER_UNKNOWN: { status: 200, message: 'UKEY持有人须为本企业的用户，请重新选择' },
} as const satisfies ErrorCatalogue;

/** Builds an account centre error to throw: `throw enterpriseError('BANK_ACCOUNT_ALREADY_DEFAULT')`. */
export const enterpriseError = errorsOf(ACCOUNT_ERRORS);
