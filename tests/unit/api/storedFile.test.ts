import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Api from '@/api';

const apiGet = vi.fn();
vi.mock('@/api', async (actual) => ({ ...(await actual<typeof Api>()), apiGet }));
const { openStoredFile } = await import('@/pages/schema/rendererServices');

function fakeWindow() {
  const win = { opener: {} as unknown, location: { href: '' } };
  return { win, open: vi.fn(() => win as unknown as Window) };
}

describe('spec section 7: a stored file downloads through the presigned-URL call', () => {
  beforeEach(() => {
    apiGet.mockReset();
  });

  it('goes to the address the call gives (the object store’s own when useOss)', async () => {
    apiGet.mockResolvedValue({ useOss: true, url: 'https://oss.example.com/f1?X-Amz-Signature=s' });
    const { win, open } = fakeWindow();
    expect(await openStoredFile('F 1', open)).toBe('https://oss.example.com/f1?X-Amz-Signature=s');
    expect(apiGet).toHaveBeenCalledWith('/v1/files/oss/sts/download/presigned-url', {
      pkFile: 'F 1',
      isAttachment: true,
    });
    expect(open).toHaveBeenCalledWith('');
    expect(win.location.href).toBe('https://oss.example.com/f1?X-Amz-Signature=s');
    expect(win.opener).toBeNull();
  });

  it('falls back to /v1/files/download/{id} only when the call fails', async () => {
    apiGet.mockImplementation(async () => {
      throw new Error('网络异常，请您稍后重试。');
    });
    const { win, open } = fakeWindow();
    await openStoredFile('F 1', open);
    expect(win.location.href).toBe('/api/web/v1/files/download/F%201');
  });
});
