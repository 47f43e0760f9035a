/** Shapes of the session calls' answers (spec section 3): the contract's, shared with the server. */
export type { PlatformConfig } from '@contract/platform';
export type {
  LoginBootstrap,
  MenuResource,
  PageCond,
  PageResult,
  RoleItem,
  SecurityInfo,
  User3,
} from '@contract/session';
