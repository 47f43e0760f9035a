import { DEFAULT_UKEY_RULES, type UkeyRules } from '@contract/ukey';

export {
  algorithmOfSerial,
  issuerOfPrintNumber,
  UKEY_ISSUERS,
  type UkeyIssuer,
  type UkeyRules,
} from '@contract/ukey';

/** The minimum driver version unless UKEY_MIN_DRIVER_VERSION says otherwise (spec section 9: {ip}). */
export const DEFAULT_MIN_DRIVER_VERSION = DEFAULT_UKEY_RULES.minDriverVersion;

/** The rules `GET /v1/auth/ccbca/rules` hands out: the contract's, with the configured driver version. */
export function ukeyRules(env: NodeJS.ProcessEnv = process.env): UkeyRules {
  return {
    ...DEFAULT_UKEY_RULES,
    minDriverVersion: env.UKEY_MIN_DRIVER_VERSION || DEFAULT_MIN_DRIVER_VERSION,
  };
}
