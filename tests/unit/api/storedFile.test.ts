import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Api from '@/api';
import { API } from '@contract/api';

const call = vi.fn();
vi.mock('@/api', async (actual) => ({ ...(await actual<typeof Api>()), call }));
const { openStoredFile } = await import('@/pages/schema/rendererServices');

function fakeWindow() {
  const win = { opener: {} as unknown, location: { href: '' } };
  return { win, open: vi.fn(() => win as unknown as Window) };
}

describe('spec section 7: a stored file downloads through the presigned-URL call', () => {
  beforeEach(() => {
    call.mockReset();
  });

  it('goes to the address the call gives (the object store’s own when useOss)', async () => {
    call.mockResolvedValue({ useOss: true, url: 'https://oss.example.com/f1?X-Amz-Signature=s' });
    const { win, open } = fakeWindow();
    expect(await openStoredFile('F 1', open)).toBe('https://oss.example.com/f1?X-Amz-Signature=s');
    expect(call).toHaveBeenCalledWith(API.filePresignedUrl, { query: { pkFile: 'F 1', isAttachment: true } });
    expect(open).toHaveBeenCalledWith('');
    expect(win.location.href).toBe('https://oss.example.com/f1?X-Amz-Signature=s');
    expect(win.opener).toBeNull();
  });

  it('falls back to /v1/files/download/{id} only when the call fails', async () => {
    call.mockImplementation(async () => {
      throw new Error('网络异常，请您稍后重试。');
    });
    const { win, open } = fakeWindow();
    await openStoredFile('F 1', open);
    expect(win.location.href).toBe('/api/web/v1/files/download/F%201');
  });
});
