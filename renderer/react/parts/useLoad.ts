/**
 * Loads data through the host's request when its key changes; a newer load supersedes an older one
 * (its answer is dropped), and `reload` runs it again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useWriteGeneration } from '@renderer/react/context/writes';

/** State of {@link useLoad}. */
export interface LoadState<T> {
  data: T | undefined;
  loading: boolean;
  error: unknown;
  reload: () => void;
  /** Loads again without showing `loading` (a poll: the rows shown stay until the answer). */
  refresh: () => void;
}

/**
 * @param key when it changes (compared as a string), `load` runs again; `null` skips loading.
 * @param load the call; it gets an AbortSignal.
 * @param fresh load again after every write of the tab (lists and records: writes.ts); the data shown
 *   stays until the new answer replaces it.
 */
export function useLoad<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  fresh = false,
): LoadState<T> {
  const writes = useWriteGeneration();
  const generation = fresh ? writes : 0;
  const [state, setState] = useState<{ data: T | undefined; loading: boolean; error: unknown }>({
    data: undefined,
    loading: key !== null,
    error: null,
  });
  const [tick, setTick] = useState(0);
  const loader = useRef(load);
  loader.current = load;
  const quiet = useRef(false);

  useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    let current = true;
    // Already loading (the first load), or a quiet refresh: the same state, so no render before the answer.
    if (!quiet.current)
      setState((s) => (s.loading && s.error === null ? s : { ...s, loading: true, error: null }));
    quiet.current = false;
    loader.current(controller.signal).then(
      (data) => {
        if (current) setState({ data, loading: false, error: null });
      },
      (error: unknown) => {
        if (current) setState((s) => ({ data: s.data, loading: false, error }));
      },
    );
    return () => {
      current = false;
      controller.abort();
    };
  }, [key, tick, generation]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  const refresh = useCallback(() => {
    quiet.current = true;
    setTick((t) => t + 1);
  }, []);
  return { ...state, reload, refresh };
}
