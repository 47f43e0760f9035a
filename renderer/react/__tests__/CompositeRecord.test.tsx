import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CompositePageSchema } from '@renderer/core';
import { fakeRequest, renderSchema } from './harness';

/**
 * A page about an endpoint's answer (`record.api`), followed while it is still changing (`record.poll`):
 * the real-name page's shape, where a face check runs on a phone.
 */
const schema: CompositePageSchema = {
  schemaVersion: 2,
  route: { path: '/my/enterprise-info/realname', title: '实名认证' },
  page: 'composite',
  composite: {
    record: {
      api: { url: '/corp/v1/realname/status' },
      // Below the meta-schema's minimum (500): a test need not wait for real rounds.
      poll: { field: 'state', in: ['PENDING'], intervalMs: 40, notice: '识别完成后本页自动更新' },
    },
    parts: [
      {
        key: 'facts',
        type: 'result',
        lines: [{ key: 'state', label: '认证状态', value: '$record.state' }],
      },
      {
        key: 'verified',
        type: 'result',
        visible: "$record.state === 'VERIFIED'",
        status: 'success',
        title: '贵企业已完成实名认证',
      },
      {
        key: 'none',
        type: 'result',
        visible: "$record.state === 'NONE'",
        status: 'info',
        alert: true,
        lines: [{ text: '请发起人脸识别' }],
      },
      {
        key: 'phone',
        type: 'result',
        visible: "$record.state === 'PENDING'",
        lines: [
          {
            key: 'h5Url',
            label: '人脸识别链接',
            value: '$record.h5Path',
            link: { open: '在本机打开', qr: true },
          },
        ],
      },
      {
        key: 'startForm',
        type: 'form',
        visible: "$record.state === 'NONE'",
        values: { legalName: '$record.licenceLegalName || $record.legalName' },
        form: {
          columns: 1,
          submit: { endpoint: 'faceCheckStart' },
          properties: {
            legalName: {
              type: 'string',
              title: '法定代表人姓名',
              'x-decorator': 'FormItem',
              'x-component': 'Input',
            },
            legalIdCard: {
              type: 'string',
              title: '身份证号',
              'x-decorator': 'FormItem',
              'x-component': 'Input',
            },
          },
          actions: [{ key: 'start', type: 'submit', label: '发起人脸识别', success: '' }],
        },
      },
    ],
  },
};

const status = (state: string) => ({
  state,
  legalName: '',
  licenceLegalName: '王五',
  h5Path: state === 'PENDING' ? '/h5/face?token=c1' : null,
});

/** The status answers `rounds` one after the other (the last from then on); starting a check answers its path. */
function server(rounds: string[]) {
  let read = 0;
  const fake = fakeRequest([
    ['GET /corp/v1/realname/status', () => status(rounds[Math.min(read++, rounds.length - 1)]!)],
    ['POST /corp/v1/realname/face-checks', () => ({ checkId: 'c1', h5Path: '/h5/face?token=c1' })],
  ]);
  const reads = (): number => fake.calls.filter((c) => c.method === 'GET').length;
  return { ...fake, reads };
}

const sleep = (ms: number): Promise<void> => act(() => new Promise<void>((r) => setTimeout(r, ms)));
const input = (name: string): HTMLInputElement =>
  screen.getByTestId(`field-${name}`).querySelector('input') as HTMLInputElement;

describe(
  "a composite page about an endpoint's answer, followed while it changes",
  { timeout: 30_000 },
  () => {
    it('starts a check through the form, shows the link while it runs, and stops reading once it is done', async () => {
      const { request, calls, reads } = server(['NONE', 'PENDING', 'PENDING', 'VERIFIED']);
      await renderSchema(schema, { request });
      // The form's initial value is read from the record.
      await waitFor(() => expect(input('legalName').value).toBe('王五'));
      expect(screen.getByTestId('result-state').textContent).toBe('NONE');
      // A notice with `alert` is a bar, not an outcome's large icon.
      const notice = screen.getByTestId('part-none');
      expect(notice.querySelector('.ant-alert-info')?.textContent).toBe('请发起人脸识别');
      expect(notice.querySelector('.ant-result')).toBeNull();
      // Not running: nothing reads again.
      await sleep(150);
      expect(reads()).toBe(1);

      fireEvent.change(input('legalIdCard'), { target: { value: '110101199003074258' } });
      fireEvent.click(screen.getByTestId('action-form-start'));
      await waitFor(() =>
        expect(calls.find((c) => c.method === 'POST')?.data).toEqual({
          legalName: '王五',
          legalIdCard: '110101199003074258',
        }),
      );
      // The write makes the record load again: the check runs, its page's full address is shown.
      const link = await screen.findByTestId('result-h5Url');
      expect(link.textContent).toBe(new URL('/h5/face?token=c1', window.location.origin).href);
      expect(screen.getByTestId('result-h5Url-qr').querySelector('svg')).not.toBeNull();
      expect(screen.getByTestId('record-poll').textContent).toContain('识别完成后本页自动更新');
      expect(screen.queryByTestId('part-startForm')).toBeNull();

      await screen.findByText('贵企业已完成实名认证');
      expect(screen.queryByTestId('record-poll')).toBeNull();
      expect(screen.queryByTestId('result-h5Url')).toBeNull();
      const done = reads();
      expect(done).toBe(4);
      await sleep(200);
      expect(reads()).toBe(done);
    });

    it("opens the link in a new window; the host's href makes the address", async () => {
      const { request } = server(['PENDING']);
      const open = vi.spyOn(window, 'open').mockReturnValue(null);
      try {
        await renderSchema(schema, { request, href: (path) => `https://scf.example.com/cv3${path}` });
        const link = await screen.findByTestId('result-h5Url');
        expect(link.textContent).toBe('https://scf.example.com/cv3/h5/face?token=c1');
        fireEvent.click(screen.getByTestId('action-result-h5Url-open'));
        expect(open).toHaveBeenCalledWith(
          'https://scf.example.com/cv3/h5/face?token=c1',
          '_blank',
          'noopener',
        );
      } finally {
        open.mockRestore();
      }
    });

    it('shows the read error with 重试 when the endpoint fails, and the page once a retry succeeds', async () => {
      let fail = true;
      const { request } = fakeRequest([
        [
          'GET /corp/v1/realname/status',
          () => {
            if (fail) throw Object.assign(new Error('网络异常，请稍后重试'), { code: 'NETWORK' });
            return status('VERIFIED');
          },
        ],
      ]);
      await renderSchema(schema, { request });
      const error = await screen.findByTestId('page-error');
      expect(error.textContent).toContain('网络异常，请稍后重试');
      fail = false;
      fireEvent.click(error.querySelector('button')!);
      await screen.findByText('贵企业已完成实名认证');
    });
  },
);
