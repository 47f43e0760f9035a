import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BizRecord, ListPageSchema } from '@renderer/core';
import { progressOf } from '@renderer/react/parts/ProgressCell';
import { isPolling } from '@renderer/react/parts/usePoll';
import { fakeRequest, renderSchema } from './harness';

/** A download centre as a list page schema: the jobs' endpoint, polled while one runs. */
const schema: ListPageSchema = {
  schemaVersion: 2,
  route: { path: '/my/download-center', title: '下载中心' },
  page: 'list',
  list: {
    api: { url: '/biz/v1/exports' },
    // Below the meta-schema's minimum (500): a test need not wait for real rounds.
    poll: { field: 'status', in: ['running'], intervalMs: 40, notice: '文件生成中，页面自动刷新' },
    columns: [
      { field: 'title', title: '文件名' },
      {
        field: 'done',
        title: '进度',
        progress: { total: 'total', status: 'status', success: ['done'], exception: ['failed'] },
      },
      { field: 'status', title: '状态' },
    ],
    rowActions: [
      {
        key: 'retry',
        label: '重新导出',
        type: 'request',
        api: { url: '/biz/v1/exports/{id}/retry' },
        visible: "$record.status === 'failed'",
        success: '已重新导出',
      },
    ],
  },
};

const job = (status: string, done: number): BizRecord =>
  ({ id: 'j1', version: 1, title: '终审岗首页', status, done, total: 100 }) as unknown as BizRecord;

/** Answers the jobs in `rounds` one after the other (the last one from then on). */
function jobs(rounds: BizRecord[][]) {
  let read = 0;
  const fake = fakeRequest([
    ['GET /biz/v1/exports', () => rounds[Math.min(read++, rounds.length - 1)]],
    ['POST /biz/v1/exports/j1/retry', () => job('running', 0)],
  ]);
  const reads = (): number => fake.calls.filter((c) => c.method === 'GET').length;
  return { ...fake, reads };
}

const sleep = (ms: number): Promise<void> => act(() => new Promise<void>((r) => setTimeout(r, ms)));

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
const setVisibility = (state: DocumentVisibilityState): void => {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
};
afterEach(() => {
  visibility = 'visible';
});

describe('a list that polls while rows run', { timeout: 20_000 }, () => {
  it('reads again while a job runs and stops when none runs', async () => {
    const { request, reads } = jobs([[job('running', 10)], [job('running', 60)], [job('done', 100)]]);
    await renderSchema(schema, { request });
    expect((await screen.findByTestId('list-poll')).textContent).toContain('文件生成中，页面自动刷新');
    await waitFor(() => expect(screen.getByTestId('cell-done').textContent).toBe('100/100'));
    expect(screen.queryByTestId('list-poll')).toBeNull();
    expect(screen.getByRole('progressbar').getAttribute('aria-label')).toBe('进度 100/100');
    const after = reads();
    expect(after).toBe(3);
    await sleep(200);
    expect(reads()).toBe(after);
  });

  it('tries again next round when a read fails', async () => {
    let read = 0;
    const { request, calls } = fakeRequest([
      [
        'GET /biz/v1/exports',
        () => {
          read += 1;
          if (read === 2) throw Object.assign(new Error('网络异常'), { code: 'NETWORK' });
          return [read === 1 ? job('running', 10) : job('done', 100)];
        },
      ],
    ]);
    await renderSchema(schema, { request });
    await waitFor(() => expect(screen.getByTestId('cell-done').textContent).toBe('100/100'));
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(3);
  });

  it('pauses while the browser tab is hidden and reads at once when it shows again', async () => {
    const { request, reads } = jobs([[job('running', 10)], [job('done', 100)]]);
    visibility = 'hidden';
    await renderSchema(schema, { request });
    await screen.findByTestId('list-poll');
    await sleep(200);
    expect(reads()).toBe(1);
    setVisibility('visible');
    await waitFor(() => expect(reads()).toBe(2));
    await waitFor(() => expect(screen.queryByTestId('list-poll')).toBeNull());
  });

  it('does not read while the list is not displayed (a kept-alive page left), and reads when it shows', async () => {
    // Running for several reads: a round may have read before the page is hidden on a busy machine.
    const running = [job('running', 10)];
    const { request, reads } = jobs([...Array<BizRecord[]>(8).fill(running), [job('done', 100)]]);
    const { container } = await renderSchema(schema, { request });
    await screen.findByTestId('list-poll');
    container.style.display = 'none';
    const hiddenAt = reads();
    await sleep(200);
    expect(reads()).toBe(hiddenAt);
    container.style.display = '';
    await waitFor(() => expect(reads()).toBeGreaterThan(hiddenAt), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByTestId('list-poll')).toBeNull(), { timeout: 5000 });
  });

  it('stops when the list is gone', async () => {
    const { request, reads } = jobs([[job('running', 10)]]);
    const { unmount } = await renderSchema(schema, { request });
    await screen.findByTestId('list-poll');
    unmount();
    const before = reads();
    await sleep(200);
    expect(reads()).toBe(before);
  });

  it('a request action posts to its endpoint with the row filled in, then the list reads again', async () => {
    const { request, calls, reads } = jobs([[job('failed', 30)], [job('running', 0)], [job('done', 100)]]);
    await renderSchema(schema, { request });
    const row = await screen.findByTestId('row-0');
    expect(screen.queryByTestId('list-poll')).toBeNull();
    fireEvent.click(within(row).getByTestId('action-row-retry'));
    await waitFor(() => expect(calls.some((c) => c.url === '/biz/v1/exports/j1/retry')).toBe(true));
    expect(calls.find((c) => c.url === '/biz/v1/exports/j1/retry')?.method).toBe('POST');
    expect(await screen.findByText('已重新导出')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('cell-done').textContent).toBe('100/100'));
    expect(reads()).toBe(3);
  });
});

describe('progress cells and poll conditions', () => {
  const spec = { total: 'total', status: 'status', success: ['done'], exception: ['failed'] };
  it('is done of total, full when finished, marked when failed', () => {
    expect(progressOf(job('running', 33), 'done', spec)).toEqual({
      done: 33,
      total: 100,
      percent: 33,
      status: 'active',
    });
    expect(progressOf(job('done', 99), 'done', spec)).toMatchObject({ percent: 100, status: 'success' });
    expect(progressOf(job('failed', 5), 'done', spec)).toMatchObject({ percent: 5, status: 'exception' });
    expect(progressOf({ id: 'x', done: 'n/a' } as unknown as BizRecord, 'done', spec)).toMatchObject({
      done: 0,
      total: 0,
      percent: 0,
    });
  });

  it('polls only while a row has one of the values', () => {
    const poll = { field: 'status', in: ['running'] };
    expect(isPolling(poll, [job('done', 1), job('running', 1)])).toBe(true);
    expect(isPolling(poll, [job('done', 1)])).toBe(false);
    expect(isPolling(undefined, [job('running', 1)])).toBe(false);
    expect(isPolling(poll, undefined)).toBe(false);
  });
});
