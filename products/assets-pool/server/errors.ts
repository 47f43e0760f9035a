import { errorsOf, type ErrorCatalogue } from '@server/errors';

/** The asset pool product's errors (wire codes `SCF.<CODE>` like the platform's). */
export const ASSETS_POOL_ERRORS = {
  POOL_NOT_OWN: { status: 200, message: '只能放入本企业的资产池' },
  POOL_FROZEN: { status: 200, message: '资产池{poolNo}已冻结，不能办理入池、出池、用信或资产冻结、解冻' },
  POOL_QUOTA_IN_USE: {
    status: 200,
    message: '出池后池额度{quota}元将低于已用额度{used}元，不能出池',
  },
  POOL_AVAILABLE_INSUFFICIENT: {
    status: 200,
    message: '资产池可用额度不足：可用{available}元，需要{amount}元',
  },
  ASSET_MATCHED: { status: 200, message: '资产{assetNo}有未释放的产品匹配{amount}元，不能出池' },
  ASSET_MATCHED_FREEZE: {
    status: 200,
    message: '资产{assetNo}有未释放的产品匹配{amount}元，不能冻结',
  },
  ASSET_FROZEN: { status: 200, message: '资产{assetNo}已冻结，不能匹配' },
  ASSET_NOT_IN_POOL: { status: 200, message: '资产{assetNo}不在池中，不能匹配' },
  MATCH_EXCEEDS_ASSET: { status: 200, message: '匹配金额不能超过资产可匹配金额{available}元' },
  PRODUCT_DISABLED: { status: 200, message: '资金产品{productNo}已停用' },
  PRODUCT_NOT_OWN: { status: 200, message: '只能匹配本机构的资金产品，且资产须在本机构管理的资产池中' },
  PRODUCT_LIMIT_INSUFFICIENT: {
    status: 200,
    message: '资金产品可用额度不足：可用{available}元，需要{amount}元',
  },
} as const satisfies ErrorCatalogue;

/** Builds an asset pool error to throw: `throw poolError('POOL_FROZEN', { poolNo })`. */
export const poolError = errorsOf(ASSETS_POOL_ERRORS);
