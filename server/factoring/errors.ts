import { FACTORING_DOCUMENT_ERRORS } from '../documents/factoringContracts';
import { errorsOf, type ErrorCatalogue } from '../errors';

/** The factoring products' errors (wire codes `SCF.<CODE>`), shared by all factoring variants. */
export const FACTORING_ERRORS = {
  FACTORING_RECEIVABLE_NOT_AVAILABLE: {
    status: 200,
    message: '应收账款{receivableNo}不是贵企业可融资的应收账款（须为复核通过、未融资的应收账款）',
  },
  FACTORING_AMOUNT_EXCEEDS: { status: 200, message: '融资金额不能超过应收账款金额{amount}元' },
  FACTORING_TERM_INVALID: { status: 200, message: '应收账款已到期（到期日{date}），不能融资' },
  FACTORING_RATE_INVALID: { status: 200, message: '年化利率须大于0且小于1' },
  FACTORING_DEBTOR_SELF: { status: 200, message: '债务人不能是债权人本身' },
  FACTORING_SHARES_INVALID: {
    status: 200,
    message: '各参与机构份额比例须大于0且合计为100%，当前合计{total}%',
  },
  FACTORING_FUNDER_DUPLICATE: { status: 200, message: '参与机构不能重复' },
  FACTORING_JOINT_CONTRACTS_UNSIGNED: {
    status: 200,
    message: '各参与机构的保理合同均签署完成后才能放款，尚未签署：{funders}',
  },
  ...FACTORING_DOCUMENT_ERRORS,
  FACTORING_USER_NOT_SIGNED: {
    status: 200,
    message: '{corp}尚未签署《保理业务用户服务协议》，请由主管岗在“用户签约”中签约后再提交融资申请',
  },
  FACTORING_USER_SIGNED: { status: 200, message: '贵企业已签署《保理业务用户服务协议》，无需重复签约' },
  FACTORING_USER_AGREEMENT_NOT_READ: {
    status: 200,
    message: '请阅读《保理业务用户服务协议》至末尾并勾选同意后再签约',
  },
} as const satisfies ErrorCatalogue;

/** Builds a factoring error to throw: `throw factoringError('FACTORING_TERM_INVALID', { date })`. */
export const factoringError = errorsOf(FACTORING_ERRORS);
