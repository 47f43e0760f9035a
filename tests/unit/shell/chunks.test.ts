import { afterEach, describe, expect, it, vi } from 'vitest';
import { CSS_CHUNK_LOAD_FAILED } from '@/api';
import { ChunkLoadError, loadChunk, toChunkError } from '@/router/chunks';
import { debounce } from '@/shell/clientState';

afterEach(() => vi.useRealTimers());

describe('route chunks (spec sections 8 and 9)', () => {
  it("fails with 'Loading chunk … failed' after 120 s", async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => undefined), 'CreditList');
    const caught = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void caught.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await caught) as ChunkLoadError;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.message).toBe('Loading chunk CreditList failed.');
  });

  it('resolves a chunk that arrives in time', async () => {
    await expect(loadChunk(async () => 'module', 'X')).resolves.toBe('module');
  });

  it('marks a stylesheet that failed to load CSS_CHUNK_LOAD_FAILED', () => {
    const css = toChunkError(new Error('Unable to preload CSS for /cv3/assets/Page-1.css'), 'Page');
    expect(css.code).toBe(CSS_CHUNK_LOAD_FAILED);
    const js = toChunkError(new TypeError('Failed to fetch dynamically imported module'), 'Page');
    expect(js.code).toBe('CHUNK_LOAD_FAILED');
    expect(js.message).toBe('Loading chunk Page failed.');
  });

  it('debounces resize handling by 200 ms', async () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const d = debounce((n: number) => calls.push(n));
    d(1);
    d(2);
    await vi.advanceTimersByTimeAsync(199);
    expect(calls).toEqual([]);
    d(3);
    await vi.advanceTimersByTimeAsync(200);
    expect(calls).toEqual([3]);
  });
});
