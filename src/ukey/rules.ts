/** The UKEY rules and their defaults are the contract's (contract/ukey.ts), shared with the server. */
export {
  algorithmOfSerial,
  compareVersions,
  DEFAULT_UKEY_RULES,
  issuerOfPrintNumber,
  withDefaults,
  type UkeyAlgorithm,
  type UkeyIssuer,
  type UkeyRules,
} from '@contract/ukey';
