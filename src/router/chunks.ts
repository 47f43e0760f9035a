import { CSS_CHUNK_LOAD_FAILED } from '@/api';
import { CHUNK_TIMEOUT_MS } from '@/shell/clientState';

/** A screen's code or styles could not be loaded (spec section 8). */
export class ChunkLoadError extends Error {
  readonly code: 'CHUNK_LOAD_FAILED' | typeof CSS_CHUNK_LOAD_FAILED;

  constructor(message: string, code: ChunkLoadError['code'] = 'CHUNK_LOAD_FAILED') {
    super(message);
    this.name = 'ChunkLoadError';
    this.code = code;
  }
}

/** Classifies a failed dynamic import: Vite reports a stylesheet that failed to preload as "Unable to preload CSS". */
export function toChunkError(error: unknown, chunk: string): ChunkLoadError {
  if (error instanceof ChunkLoadError) return error;
  const text = error instanceof Error ? error.message : String(error);
  if (/preload CSS|\.css/i.test(text))
    return new ChunkLoadError(`${CSS_CHUNK_LOAD_FAILED}: ${chunk}`, CSS_CHUNK_LOAD_FAILED);
  return new ChunkLoadError(`Loading chunk ${chunk} failed.`);
}

/** Loads a route chunk, failing with "Loading chunk … failed" after 120 s (spec section 9). */
export function loadChunk<T>(
  load: () => Promise<T>,
  chunk: string,
  timeoutMs = CHUNK_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk ${chunk} failed.`)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toChunkError(error, chunk));
      },
    );
  });
}
