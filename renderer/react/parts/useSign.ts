/**
 * Runs the host's UKEY signing flow (ADR 0005 §4) and keeps its flow messages, so a button or a
 * dialog can show them as they arrive ('正在读取UKEY…', '签名成功', or the spec's failure text).
 */
import { useCallback, useRef, useState } from 'react';
import type { SignFlowResult } from '@renderer/react/context/services';
import { useRenderer } from '@renderer/react/context/RendererProvider';

/** The message when the host injected no signer. */
export const NO_SIGNER_MESSAGE = '未配置UKEY签名';

/** State of a signing flow. */
export interface SignState {
  running: boolean;
  /** Flow messages in order. */
  messages: string[];
  /** The last result, once finished. */
  result: SignFlowResult | null;
}

/** A signing flow bound to the provider's signer. */
export function useSign(): SignState & {
  sign: (context?: Record<string, unknown>) => Promise<SignFlowResult>;
  reset: () => void;
} {
  const { signer } = useRenderer();
  const [state, setState] = useState<SignState>({ running: false, messages: [], result: null });
  const live = useRef(true);
  const sign = useCallback(
    async (context?: Record<string, unknown>): Promise<SignFlowResult> => {
      live.current = true;
      if (!signer) {
        const result = { code: 11, message: NO_SIGNER_MESSAGE };
        setState({ running: false, messages: [NO_SIGNER_MESSAGE], result });
        return result;
      }
      setState({ running: true, messages: [], result: null });
      let result: SignFlowResult;
      try {
        result = await signer.sign({
          context,
          onProgress: (message) => setState((s) => ({ ...s, messages: [...s.messages, message] })),
        });
      } catch (error) {
        result = {
          code: 10,
          message: error instanceof Error && error.message ? error.message : '签名失败。',
        };
      }
      setState((s) => ({
        running: false,
        messages: s.messages.at(-1) === result.message ? s.messages : [...s.messages, result.message],
        result,
      }));
      return result;
    },
    [signer],
  );
  const reset = useCallback(() => setState({ running: false, messages: [], result: null }), []);
  return { ...state, sign, reset };
}
