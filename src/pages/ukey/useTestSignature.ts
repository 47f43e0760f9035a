import { useCallback, useEffect, useRef, useState } from 'react';
import { NETWORK_ERROR_MESSAGE } from '@/api';
import {
  DEFAULT_UKEY_RULES,
  fetchUkeyRules,
  verifySign,
  withDefaults,
  type SignFlowResult,
  type UkeyRules,
  type UkeySigner,
  type VerifiedSign,
} from '@/ukey';

/** Where a "sign and have the server verify" attempt stands. */
export type TestSignState =
  | { phase: 'idle' }
  | { phase: 'running'; progress: string }
  | { phase: 'flowFailed'; result: SignFlowResult }
  | { phase: 'refused'; code: string; message: string }
  | { phase: 'verified'; result: SignFlowResult; verified: VerifiedSign };

/**
 * Signs an original with `signer` (the UKEY flow) and has the server verify the record
 * (`POST /v1/auth/ukey/verify-sign`), exposing each stage for the screen.
 */
export function useTestSignature(): {
  state: TestSignState;
  run: (signer: UkeySigner, context?: Record<string, unknown>) => Promise<TestSignState>;
} {
  const [state, setState] = useState<TestSignState>({ phase: 'idle' });
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const set = useCallback((s: TestSignState): TestSignState => {
    if (mounted.current) setState(s);
    return s;
  }, []);

  const run = useCallback(
    async (signer: UkeySigner, context?: Record<string, unknown>): Promise<TestSignState> => {
      set({ phase: 'running', progress: '正在准备签名…' });
      const result = await signer.sign({
        onProgress: (progress) => set({ phase: 'running', progress }),
        ...(context ? { context } : {}),
      });
      if (result.code !== 0 || !result.record) return set({ phase: 'flowFailed', result });
      set({ phase: 'running', progress: '正在提交服务器验签…' });
      try {
        const verified = await verifySign(result.record);
        return set({ phase: 'verified', result, verified });
      } catch (e) {
        const err = e as { code?: string; message?: string };
        return set({
          phase: 'refused',
          code: err.code ?? 'NETWORK',
          message: err.message || NETWORK_ERROR_MESSAGE,
        });
      }
    },
    [set],
  );
  return { state, run };
}

/** The signing rules (spec defaults until, or unless, the server answers). */
export function useUkeyRules(): UkeyRules {
  const [rules, setRules] = useState<UkeyRules>(DEFAULT_UKEY_RULES);
  useEffect(() => {
    let live = true;
    fetchUkeyRules()
      .then((r) => live && setRules(withDefaults(r)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return rules;
}
