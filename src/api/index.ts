export {
  API_BASE,
  BASE_PATH,
  LOGIN_PATH,
  REQUEST_TIMEOUT_MS,
  STORAGE_KEYS,
  TERMINAL_CODE,
} from './constants';
export { DEFAULT_PLATFORM_CONFIG } from '@contract/platform';
export {
  ApiRequestError,
  BROWSER_TIP_MESSAGE,
  CORP_CANCELLED_MESSAGE,
  CSS_CHUNK_LOAD_FAILED,
  LOGOUT_CONFIRM_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  OUT_OF_HOURS_MESSAGE,
  userMessage,
} from './errors';
export { serializeParams } from './params';
export type { QueryParams, QueryValue } from './params';
export {
  apiDelete,
  apiGet,
  apiPost,
  apiPut,
  call,
  createRequest,
  loginRedirectUrl,
  request,
  startLogout,
} from './request';
export type { ApiResponse, RequestEnvironment } from './request';
export {
  fetchAuthToken,
  fetchHolidays,
  fetchIssuerParam,
  fetchLoginBootstrap,
  fetchPlatformConfig,
  fetchSecurity,
  fetchUnreadCount,
  inlineLoginTarget,
  login,
  loginSuccessUrl,
  loginWithToken,
  logoutUrl,
  platformLogoUrl,
  switchVersion,
} from './session';
export { signRequest } from './signature';
export type * from './types';
