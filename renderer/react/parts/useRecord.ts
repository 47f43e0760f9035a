import { recordPath } from '@renderer/core';
import type { BizRecord } from '@renderer/core';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { useLoad } from './useLoad';
import type { LoadState } from './useLoad';

/** Loads `GET .../records/{id}` (with `audit` and `children`); no id, no load. */
export function useRecord(model: string | undefined, id: string | undefined): LoadState<BizRecord> {
  const { request } = useRenderer();
  return useLoad<BizRecord>(
    model && id ? JSON.stringify([model, id]) : null,
    (signal) => request<BizRecord>({ method: 'GET', url: recordPath(model ?? '', id ?? ''), signal }),
    true,
  );
}
