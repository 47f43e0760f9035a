import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { toChineseCapital } from '@renderer/core';
import { RendererProvider } from '@renderer/react/context/RendererProvider';
import type { RendererRequest, Signer, SignRecord } from '@renderer/react/context/services';
import { checkFile } from '@renderer/react/parts/uploads';
import {
  AmountInputBase,
  formatAmountInputValue,
  groupTyped,
  parseAmountInput,
} from '@renderer/react/widgets/AmountInput';
import { CapitalAmountText } from '@renderer/react/widgets/CapitalAmount';
import { FileUploadBase } from '@renderer/react/widgets/FileUpload';
import type { FileUploadProps } from '@renderer/react/widgets/FileUpload';
import { UkeySignButtonBase } from '@renderer/react/widgets/UkeySignButton';
import { fakeRequest } from './harness';

function Provided({
  children,
  request = fakeRequest([]).request,
  signer,
}: {
  children: React.ReactNode;
  request?: RendererRequest;
  signer?: Signer;
}): React.JSX.Element {
  return (
    <ConfigProvider locale={zhCN}>
      <RendererProvider
        request={request}
        navigate={vi.fn()}
        currentRole="ROLE_CORE_OPERATOR"
        {...(signer ? { signer } : {})}
      >
        {children}
      </RendererProvider>
    </ConfigProvider>
  );
}

/** An amount input wired to a capital display, as in a form. */
function AmountWithCapital({ onValue }: { onValue: (v: string | undefined) => void }): React.JSX.Element {
  const [value, setValue] = useState<string | undefined>();
  return (
    <>
      <AmountInputBase
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue(v);
        }}
      />
      <CapitalAmountText amount={value} />
    </>
  );
}

describe('AmountInput', () => {
  it('keeps 99999999999999.98 exact from typing to value to capital text', () => {
    const values: Array<string | undefined> = [];
    render(<AmountWithCapital onValue={(v) => values.push(v)} />);
    const input = screen.getByPlaceholderText('金额') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '99999999999999.98' } });
    expect(values.at(-1)).toBe('99999999999999.98');
    expect(typeof values.at(-1)).toBe('string');
    expect(input.value).toBe('99,999,999,999,999.98');
    expect(screen.getByTestId('capital-amount').textContent).toBe(toChineseCapital('99999999999999.98'));
    expect(screen.getByTestId('capital-amount').textContent).toBe(
      '玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角捌分',
    );
    fireEvent.blur(input);
    expect(input.value).toBe('99,999,999,999,999.98');
    expect(values.at(-1)).toBe('99999999999999.98');
  });

  it('groups thousands while typing and keeps what is being typed', () => {
    expect(groupTyped('1234567')).toBe('1,234,567');
    expect(groupTyped('1234.')).toBe('1,234.');
    expect(groupTyped('1,2345.6')).toBe('12,345.6');
    expect(parseAmountInput('12,345.60')).toBe('12345.60');
    expect(formatAmountInputValue('1234.5')).toBe('1,234.50');
    expect(formatAmountInputValue(undefined)).toBe('');
  });

  it.each([
    ['123456789012345', '金额不能大于99,999,999,999,999.98'],
    ['-500.555', '金额不能小于0.00'],
    ['12.345', '请输入正确的金额（整数部分不超过14位，最多两位小数）'],
  ])('never changes %s behind the user: it keeps it and says why', (typed, message) => {
    const values: Array<string | undefined> = [];
    render(<AmountWithCapital onValue={(v) => values.push(v)} />);
    const input = screen.getByPlaceholderText('金额') as HTMLInputElement;
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.blur(input);
    expect(values.at(-1)).toBe(typed);
    expect(parseAmountInput(input.value)).toMatch(new RegExp(`^${typed.replace('.', '\\.')}(\\.00)?$`));
    expect(screen.getByTestId('amount-input-error').textContent).toBe(message);
    fireEvent.change(input, { target: { value: '12.34' } });
    fireEvent.blur(input);
    expect(values.at(-1)).toBe('12.34');
    expect(screen.queryByTestId('amount-input-error')).toBeNull();
  });
});

describe('UkeySignButton', () => {
  const record: SignRecord = {
    raType: 'CFCA',
    ukeyBank: 'CCB',
    ukeyCode: 'K1',
    original: 'o',
    signature: 's',
    pkCa: 'p',
    ukeyNo: 'GX0000000001',
    algorithmType: 'SM2',
    issuerDN: 'CN=CA',
    subjectDN: 'CN=华建集团',
  };

  it('shows the signer flow messages and keeps the sign record as its value', async () => {
    let finish: () => void = () => undefined;
    const signer: Signer = {
      sign: ({ onProgress }) =>
        new Promise((resolve) => {
          onProgress?.('正在读取UKEY…');
          onProgress?.('正在获取签名原文…');
          finish = () => resolve({ code: 0, message: '签名成功', record });
        }),
    };
    const onChange = vi.fn();
    render(
      <Provided signer={signer}>
        <UkeySignButtonBase onChange={onChange} />
      </Provided>,
    );
    expect(screen.getByTestId('ukey-sign').hasAttribute('data-ukey-sign')).toBe(true);
    fireEvent.click(screen.getByTestId('ukey-sign'));
    const progress = await screen.findByTestId('sign-progress');
    expect(within(progress).getByText('正在读取UKEY…')).toBeTruthy();
    expect(within(progress).getByText('正在获取签名原文…')).toBeTruthy();
    await act(async () => finish());
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(record));
  });

  it('shows the spec message of a failed flow and sets no value', async () => {
    const signer: Signer = { sign: async () => ({ code: 2, message: '请勿插入多个UKEY' }) };
    const onChange = vi.fn();
    render(
      <Provided signer={signer}>
        <UkeySignButtonBase onChange={onChange} />
      </Provided>,
    );
    fireEvent.click(screen.getByTestId('ukey-sign'));
    expect((await screen.findAllByText('请勿插入多个UKEY')).length).toBeGreaterThan(0);
    expect(onChange).not.toHaveBeenCalledWith(expect.objectContaining({ signature: expect.anything() }));
  });

  it("shows the key's error detail under the message", async () => {
    const signer: Signer = {
      sign: async () => ({
        code: 10,
        message: '签名失败。',
        detail: 'UKEY密码（PIN码）错误（错误码：0x8010006B）',
      }),
    };
    render(
      <Provided signer={signer}>
        <UkeySignButtonBase />
      </Provided>,
    );
    fireEvent.click(screen.getByTestId('ukey-sign'));
    expect(await screen.findByText('UKEY密码（PIN码）错误（错误码：0x8010006B）')).toBeTruthy();
  });

  it('says so when the host gave no signer', async () => {
    render(
      <Provided>
        <UkeySignButtonBase />
      </Provided>,
    );
    fireEvent.click(screen.getByTestId('ukey-sign'));
    expect((await screen.findAllByText('未配置UKEY签名')).length).toBeGreaterThan(0);
  });
});

describe('FileUpload', () => {
  const file = (name: string, size: number): File => {
    const f = new File(['x'.repeat(Math.min(size, 10))], name);
    Object.defineProperty(f, 'size', { value: size });
    return f;
  };

  it('refuses a wrong type or a too large file with a Chinese message', () => {
    expect(checkFile({ name: 'a.exe', size: 10 }, ['pdf'], 100)).toBe(
      '不支持的文件类型，请上传 pdf 格式的文件',
    );
    expect(checkFile({ name: 'a.docx', size: 10 }, ['pdf'], 100)).toBe(
      '不支持的文件类型，请上传 pdf 格式的文件',
    );
    expect(checkFile({ name: 'a.PDF', size: 2 * 1024 * 1024 }, ['pdf'], 1024 * 1024)).toBe(
      '文件大小不能超过 1 MB',
    );
    expect(checkFile({ name: '合同.PDF', size: 1024 }, ['pdf'], 1024 * 1024)).toBeNull();
  });

  function Controlled(props: Partial<FileUploadProps>): React.JSX.Element {
    const [value, setValue] = useState<FileUploadProps['value']>();
    return (
      <FileUploadBase
        accept={['pdf', 'png']}
        maxSize={1024 * 1024}
        {...props}
        value={value}
        onChange={setValue}
      />
    );
  }

  it('uploads with progress, then replaces and deletes a file', async () => {
    let id = 0;
    let release: () => void = () => undefined;
    const { request, calls } = fakeRequest([
      [
        'POST /v1/files/upload',
        (options) =>
          new Promise((resolve) => {
            options.onUploadProgress?.({ loaded: 50, total: 100 });
            release = () => {
              id += 1;
              resolve({
                id: `f${id}`,
                fileName:
                  (options.data as FormData).get('file') instanceof File
                    ? ((options.data as FormData).get('file') as File).name
                    : '?',
                size: 10,
              });
            };
          }),
      ],
    ]);
    render(
      <Provided request={request}>
        <Controlled data={{ model: 'creditIssue', category: 'contract' }} />
      </Provided>,
    );
    const input = screen.getByTestId('file-input');
    fireEvent.change(input, { target: { files: [file('合同.pdf', 1000)] } });
    const pending = await screen.findByTestId('file-pending');
    expect(within(pending).getByText('50%')).toBeTruthy();
    await act(async () => release());
    expect((await screen.findByTestId('file-0')).textContent).toContain('合同.pdf');
    expect((calls[0]?.data as FormData).get('category')).toBe('contract');
    fireEvent.click(screen.getByTestId('file-replace-0'));
    fireEvent.change(input, { target: { files: [file('合同-盖章.png', 1000)] } });
    await screen.findByTestId('file-pending');
    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId('file-0').textContent).toContain('合同-盖章.png'));
    expect(screen.queryByTestId('file-1')).toBeNull();
    fireEvent.click(screen.getByTestId('file-delete-0'));
    expect(screen.queryByTestId('file-0')).toBeNull();
  });

  it('shows why a file is refused and uploads nothing', async () => {
    const { request, calls } = fakeRequest([]);
    render(
      <Provided request={request}>
        <Controlled />
      </Provided>,
    );
    fireEvent.change(screen.getByTestId('file-input'), { target: { files: [file('a.zip', 10)] } });
    expect((await screen.findByTestId('file-error')).textContent).toBe(
      '不支持的文件类型，请上传 pdf、png 格式的文件',
    );
    fireEvent.change(screen.getByTestId('file-input'), {
      target: { files: [file('big.pdf', 5 * 1024 * 1024)] },
    });
    expect((await screen.findByTestId('file-error')).textContent).toBe('文件大小不能超过 1 MB');
    expect(calls).toHaveLength(0);
  });
});
