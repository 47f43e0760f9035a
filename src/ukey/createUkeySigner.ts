import { createAgentDriver } from './agentDriver';
import type { UkeyDriver } from './driver';
import { withDefaults, type UkeyRules } from '@contract/ukey';
import { runUkeyFlow, type SignFlowResult } from './runUkeyFlow';
import { fetchOriginal, fetchUkeyRules } from './ukeyApi';

/** The options of ADR 0005's `Signer.sign`. */
export interface UkeySignOptions {
  onProgress?: (message: string) => void;
  /**
   * `ukeyBank`: the bank the user chose (issuer check, code 12); `scope`: what the signature approves,
   * written into the original text (e.g. `creditVoucher/42/approve`).
   */
  context?: Record<string, unknown>;
}

/** ADR 0005's `Signer` (structurally: the renderer's interface is not imported here). */
export interface UkeySigner {
  sign(options?: UkeySignOptions): Promise<SignFlowResult>;
}

export interface CreateUkeySignerOptions {
  /** The key to sign with; default: hardware keys through the local signing agent. */
  driver?: UkeyDriver | (() => UkeyDriver);
  /** The bank chosen by the user, when the screen has a choice (context.ukeyBank wins). */
  bank?: string | (() => string | undefined);
  /** Signing rules; default `GET /v1/auth/ccbca/rules`, the spec's defaults when it fails. */
  getRules?: () => Promise<Partial<UkeyRules> | null>;
  /** Original text; default `GET /v1/auth/cas/add/info/original`. */
  getOriginal?: (query: { scope?: string }) => Promise<string>;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * The portal's signer: runs the UKEY flow (flow codes 0-12) with a driver and hands back the sign record
 * the server verifies. Inject it into the renderer with `RendererProvider` (ADR 0005 section 4).
 */
export function createUkeySigner(options: CreateUkeySignerOptions = {}): UkeySigner {
  const getRules = options.getRules ?? fetchUkeyRules;
  const getOriginal = options.getOriginal ?? ((q: { scope?: string }) => fetchOriginal(q));
  return {
    async sign({ onProgress, context } = {}) {
      const driver =
        typeof options.driver === 'function' ? options.driver() : (options.driver ?? createAgentDriver());
      const bank =
        text(context?.ukeyBank) ?? (typeof options.bank === 'function' ? options.bank() : options.bank);
      const scope = text(context?.scope);
      let rules: UkeyRules;
      try {
        rules = withDefaults(await getRules());
      } catch {
        rules = withDefaults(null);
      }
      return runUkeyFlow({
        driver,
        rules,
        bank,
        onProgress,
        getOriginal: () => getOriginal(scope ? { scope } : {}),
      });
    },
  };
}
