import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ListPageSchema } from '@renderer/core';
import { fakeRequest, renderSchema } from './harness';

/** In-site mail as a list page schema: `request` buttons for a row, the checked rows and the whole list. */
const read = { url: '/corp/v1/sys/messages/read' };
const schema: ListPageSchema = {
  schemaVersion: 2,
  route: { path: '/my/message/message-query', title: '站内信' },
  page: 'list',
  list: {
    api: { url: '/corp/v1/sys/messages' },
    columns: [
      { field: 'title', title: '标题' },
      { field: 'state', title: '状态' },
    ],
    toolbar: [
      {
        key: 'readAll',
        label: '全部标记已读',
        type: 'request',
        api: { ...read, params: { all: 'true' } },
        announce: 'messages',
        success: '已标记{updated}条为已读',
      },
    ],
    batchActions: [
      {
        key: 'readChecked',
        label: '标记已读',
        type: 'request',
        api: { ...read, params: { ids: '$ids' } },
        announce: 'messages',
        success: '已标记{updated}条为已读',
      },
    ],
    rowActions: [
      {
        key: 'handle',
        label: '去处理',
        type: 'request',
        api: { ...read, params: { ids: '[$record.id]' } },
        visible: '!!$record.link',
        announce: 'messages',
        success: '',
        redirect: '{+link}',
      },
    ],
  },
};

const rows = [
  { id: 'm1', title: '待签收', state: 'UNREAD', link: '/credit/core/issue/approve?id=7' },
  { id: 'm2', title: '系统通知', state: 'UNREAD', link: null },
  { id: 'm3', title: '维护通知', state: 'UNREAD', link: null },
];
const mail = () =>
  fakeRequest([
    ['GET /corp/v1/sys/messages', () => ({ list: rows, pagecond: { count: rows.length } })],
    [
      'POST /corp/v1/sys/messages/read',
      (o) => ({ updated: (o.data as { ids?: string[] }).ids?.length ?? rows.length }),
    ],
  ]);
const posts = (calls: ReturnType<typeof mail>['calls']) => calls.filter((c) => c.method === 'POST');

describe('request buttons', { timeout: 60_000 }, () => {
  it('sends the checked rows as $ids, says what the answer counted and announces the topic', async () => {
    const { request, calls } = mail();
    const announce = vi.fn();
    await renderSchema(schema, { request, announce });
    const boxes = await screen.findAllByRole('checkbox', { name: /^选择 / });
    fireEvent.click(boxes[1]!);
    fireEvent.click(boxes[2]!);
    fireEvent.click(screen.getByTestId('action-batch-readChecked'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.data).toEqual({ ids: ['m2', 'm3'] });
    expect(await screen.findByText('已标记2条为已读')).toBeTruthy();
    expect(announce).toHaveBeenCalledWith('messages');
    fireEvent.click(screen.getByTestId('action-toolbar-readAll'));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1]!.data).toEqual({ all: true });
    expect(await screen.findByText('已标记3条为已读')).toBeTruthy();
    expect(announce).toHaveBeenCalledTimes(2);
  });

  it("goes to the row's own address after the call, without a message, announcing the topic with the row", async () => {
    const { request, calls } = mail();
    const announce = vi.fn();
    const view = await renderSchema(schema, { request, announce });
    const row = await screen.findByTestId('row-0');
    expect(within(screen.getByTestId('row-1')).queryByTestId('action-row-handle')).toBeNull();
    fireEvent.click(within(row).getByTestId('action-row-handle'));
    await waitFor(() => expect(view.navigate).toHaveBeenCalledWith('/credit/core/issue/approve?id=7'));
    expect(posts(calls)[0]!.data).toEqual({ ids: ['m1'] });
    // The host learns which row (the product chooser's `announce: "product"` reads its product).
    expect(announce).toHaveBeenCalledWith('messages', expect.objectContaining({ id: 'm1', title: '待签收' }));
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });
});
