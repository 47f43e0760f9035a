/**
 * FileUpload: files of one kind (accept list, size limit, count limit) uploaded through the host's
 * request with progress; each can be replaced or deleted. The value is the list of uploaded files
 * (`{ fileId, name, size }`).
 */
import { connect } from '@formily/react';
import { Button, Progress, Space } from 'antd';
import { useRef, useState } from 'react';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { errorMessage } from '@renderer/react/context/services';
import { Note } from '@renderer/react/parts/Note';
import { acceptAttribute, checkFile, formatSize, uploadFile } from '@renderer/react/parts/uploads';
import type { UploadedFile } from '@renderer/react/parts/uploads';

/** Props of {@link FileUploadBase}. */
export interface FileUploadProps {
  value?: UploadedFile[] | null;
  onChange?: (files: UploadedFile[] | undefined) => void;
  /** Allowed extensions (within the spec's types). */
  accept?: string[];
  /** Largest file in bytes. */
  maxSize?: number;
  /** @default 10 */
  maxCount?: number;
  /** Upload endpoint; default the provider's. */
  uploadUrl?: string;
  /** Extra multipart fields (model, category...). */
  data?: Record<string, string>;
  disabled?: boolean;
  readOnly?: boolean;
}

interface Pending {
  name: string;
  percent: number;
  /** Index of the file it replaces. */
  replaces?: number;
  error?: string;
}

/** The uploader, usable without Formily. */
export function FileUploadBase({
  value,
  onChange,
  accept,
  maxSize,
  maxCount = 10,
  uploadUrl,
  data,
  disabled,
  readOnly,
}: FileUploadProps): React.JSX.Element {
  const { request, uploadUrl: defaultUrl } = useRenderer();
  const files = Array.isArray(value) ? value : [];
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const replacing = useRef<number | undefined>(undefined);
  const locked = disabled || readOnly || pending !== null;

  const pick = (replaces?: number): void => {
    replacing.current = replaces;
    input.current?.click();
  };

  const onFile = async (file: File | undefined): Promise<void> => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const replaces = replacing.current;
    const problem =
      checkFile(file, accept, maxSize) ??
      (replaces === undefined && files.length >= maxCount ? `最多上传 ${maxCount} 个文件` : null);
    setError(problem);
    if (problem) return;
    setPending({ name: file.name, percent: 0, ...(replaces !== undefined ? { replaces } : {}) });
    try {
      const uploaded = await uploadFile(request, uploadUrl ?? defaultUrl, file, data ?? {}, (percent) =>
        setPending((p) => (p ? { ...p, percent } : p)),
      );
      const next = [...files];
      if (replaces !== undefined) next[replaces] = uploaded;
      else next.push(uploaded);
      onChange?.(next);
      setPending(null);
    } catch (e) {
      setPending(null);
      setError(errorMessage(e));
    }
  };

  return (
    <div className="file-upload">
      <input
        ref={input}
        type="file"
        accept={acceptAttribute(accept)}
        style={{ display: 'none' }}
        data-testid="file-input"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      {!readOnly ? (
        <Space>
          <Button
            data-testid="file-pick"
            onClick={() => pick()}
            disabled={locked || files.length >= maxCount}
          >
            选择文件
          </Button>
          <Note type="secondary">
            支持 {(accept ?? []).join('、') || '常用格式'}
            {maxSize ? `，单个不超过 ${formatSize(maxSize)}` : ''}
          </Note>
        </Space>
      ) : null}
      <ul className="file-upload-list" style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
        {files.map((file, index) => (
          <li key={file.fileId} data-testid={`file-${index}`}>
            <Space>
              <span>{file.name}</span>
              <Note type="secondary">{formatSize(file.size)}</Note>
              {!readOnly ? (
                <>
                  <Button
                    type="link"
                    size="small"
                    disabled={locked}
                    onClick={() => pick(index)}
                    data-testid={`file-replace-${index}`}
                  >
                    替换
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    danger
                    disabled={locked}
                    data-testid={`file-delete-${index}`}
                    onClick={() =>
                      onChange?.(files.length > 1 ? files.filter((_, i) => i !== index) : undefined)
                    }
                  >
                    删除
                  </Button>
                </>
              ) : null}
            </Space>
          </li>
        ))}
        {pending ? (
          <li data-testid="file-pending">
            <span>{pending.name}</span>
            <Progress percent={pending.percent} size="small" />
          </li>
        ) : null}
      </ul>
      {error ? (
        <Note type="danger" data-testid="file-error">
          {error}
        </Note>
      ) : null}
    </div>
  );
}

/** FileUpload for schemas. */
export const FileUpload = connect(FileUploadBase);
