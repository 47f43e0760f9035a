/**
 * The `upload` page: typed document slots. Each document is a record of the page's model (created
 * with the slot's category and the page's `values`), its file uploaded with progress
 * (`POST <uploadUrl>` multipart: file, model, recordId, category); a document can be replaced (its file
 * uploaded again), removed (`deleteAction`) or acted on (`documentActions`).
 */
import { Button, Card, Empty, Progress, Space, Table, Tag } from 'antd';
import { useRef, useState } from 'react';
import { recordPath, recordsPath } from '@renderer/core';
import type { BizRecord, ListAnswer, UploadPageSchema, UploadSlot } from '@renderer/core';
import { SECONDARY_TEXT } from '@renderer/react/context/accessibleTheme';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { errorMessage } from '@renderer/react/context/services';
import { ActionButtonRow, ActionButtons, useConditionScope } from '@renderer/react/parts/ActionButtons';
import { evaluateValue } from '@renderer/react/parts/conditions';
import { Note } from '@renderer/react/parts/Note';
import { LoadError, PageFrame } from '@renderer/react/parts/PageFrame';
import { DictTag, formatText } from '@renderer/react/parts/renderValue';
import { useActionRunner } from '@renderer/react/parts/useActionRunner';
import { useLoad } from '@renderer/react/parts/useLoad';
import { acceptAttribute, checkFile, formatSize, uploadFile } from '@renderer/react/parts/uploads';
import { testIds } from '@renderer/react/testIds';
import type { PageProps } from './ListPage';

interface Progressing {
  slot: string;
  name: string;
  percent: number;
  /** The document whose file is being replaced. */
  documentId?: string;
}

/** An upload page. */
export function UploadPage({ schema, query }: PageProps<UploadPageSchema>): React.JSX.Element {
  const { upload } = schema;
  const model = schema.model ?? '';
  const renderer = useRenderer();
  const runner = useActionRunner();
  const categoryField = upload.categoryField ?? 'category';
  const ownerId = upload.owner ? query[upload.owner.param ?? 'id'] : undefined;
  const owner = useLoad<BizRecord>(
    upload.owner && ownerId ? JSON.stringify([upload.owner.model, ownerId]) : null,
    (signal) =>
      renderer.request<BizRecord>({
        method: 'GET',
        url: recordPath(upload.owner?.model ?? '', ownerId ?? ''),
        signal,
      }),
    true,
  );
  const scope = { ...useConditionScope({ query }), $owner: owner.data ?? {} };
  const ready = !upload.owner || owner.data !== undefined;
  // The owner's documents are locked in its state (its model's children.lockedStates, answered by the
  // server as `childrenLocked`, ADR 0014): no upload, replace or delete is offered.
  const locked = owner.data?.childrenLocked === true;
  const values: Record<string, unknown> = {};
  for (const [name, expression] of Object.entries(upload.values ?? {})) {
    const value = evaluateValue(expression, scope, renderer.functions);
    if (value !== undefined && value !== null && value !== '') values[name] = value;
  }
  const listParams = { ...values, [categoryField]: upload.slots.map((s) => s.key), page: 1, size: 200 };
  const documents = useLoad<ListAnswer>(
    ready ? JSON.stringify([model, listParams]) : null,
    (signal) =>
      renderer.request<ListAnswer>({ method: 'GET', url: recordsPath(model), params: listParams, signal }),
    true,
  );
  const [progress, setProgress] = useState<Progressing | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const input = useRef<HTMLInputElement>(null);
  const target = useRef<{ slot: UploadSlot; document?: BizRecord } | null>(null);

  const pick = (slot: UploadSlot, document?: BizRecord): void => {
    target.current = document ? { slot, document } : { slot };
    if (input.current) {
      input.current.accept = acceptAttribute(slot.accept);
      input.current.click();
    }
  };

  const onFile = async (file: File | undefined): Promise<void> => {
    if (input.current) input.current.value = '';
    const chosen = target.current;
    if (!file || !chosen) return;
    const { slot, document } = chosen;
    const inSlot = (documents.data?.list ?? []).filter((d) => d[categoryField] === slot.key).length;
    const problem =
      checkFile(file, slot.accept, slot.maxSize) ??
      (!document && inSlot >= (slot.maxCount ?? 10) ? `最多上传 ${slot.maxCount ?? 10} 个文件` : null);
    setErrors((e) => ({ ...e, [slot.key]: problem ?? '' }));
    if (problem) return;
    setProgress({
      slot: slot.key,
      name: file.name,
      percent: 0,
      ...(document ? { documentId: document.id } : {}),
    });
    try {
      // A new document is created by the upload itself (`create`), once the server has accepted the
      // file: a refused file leaves no record behind.
      const target: Record<string, string> = document
        ? { recordId: document.id }
        : { create: JSON.stringify({ ...values, [categoryField]: slot.key }) };
      await uploadFile(
        renderer.request,
        upload.uploadUrl ?? renderer.uploadUrl,
        file,
        { model, ...target, category: slot.key },
        (percent) => setProgress((p) => (p ? { ...p, percent } : p)),
      );
      void renderer.message.success(document ? '文件已替换' : '上传成功');
    } catch (error) {
      setErrors((e) => ({ ...e, [slot.key]: errorMessage(error) }));
      documents.reload();
    } finally {
      setProgress(null);
    }
  };

  const remove = (document: BizRecord): void => {
    if (!upload.deleteAction) return;
    void runner.run(
      {
        key: 'delete',
        label: '删除',
        type: 'action',
        action: upload.deleteAction,
        confirm: `确认删除 ${String(document.fileName ?? '该资料')}？`,
        success: '已删除',
      },
      { record: document, model, query },
    );
  };

  const slotCard = (slot: UploadSlot): React.JSX.Element => {
    const list = (documents.data?.list ?? []).filter((d) => d[categoryField] === slot.key);
    const full = list.length >= (slot.maxCount ?? 10);
    return (
      <Card
        key={slot.key}
        size="small"
        data-testid={testIds.slot(slot.key)}
        style={{ marginBottom: 16 }}
        title={
          <Space>
            {slot.required ? <Note type="danger">*</Note> : null}
            <span>{slot.title}</span>
            <Note type="secondary" style={{ fontWeight: 'normal' }}>
              {slot.accept.join('、')}，单个不超过 {formatSize(slot.maxSize)}，最多 {slot.maxCount ?? 10} 个
            </Note>
          </Space>
        }
        extra={
          <Button
            data-testid={testIds.action('upload', `pick-${slot.key}`)}
            disabled={progress !== null || full || !ready || locked}
            onClick={() => pick(slot)}
          >
            上传文件
          </Button>
        }
      >
        {slot.description ? <p style={{ color: SECONDARY_TEXT }}>{slot.description}</p> : null}
        <Table<BizRecord>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={list}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未上传" /> }}
          onRow={(_, index) =>
            ({ 'data-testid': testIds.document(slot.key, index ?? 0) }) as React.HTMLAttributes<HTMLElement>
          }
          columns={[
            { key: 'name', title: '文件名', render: (_, d) => formatText(d.fileName, 'text') },
            {
              key: 'size',
              title: '大小',
              render: (_, d) => (typeof d.fileSize === 'number' ? formatSize(d.fileSize) : '——'),
            },
            { key: 'uploader', title: '上传人', render: (_, d) => formatText(d.uploaderName, 'text') },
            { key: 'at', title: '上传时间', render: (_, d) => formatText(d.uploadedAt, 'datetime') },
            {
              key: 'status',
              title: '审核状态',
              render: (_, d) =>
                upload.states ? (
                  <DictTag items={upload.states} value={d.status} />
                ) : (
                  <Tag>{String(d.status ?? '')}</Tag>
                ),
            },
            {
              key: 'ops',
              title: '操作',
              render: (_, d) =>
                progress?.documentId === d.id ? (
                  <Progress percent={progress.percent} size="small" />
                ) : (
                  <Space size={0}>
                    {/* Only while the server would take a new file (the record is editable for this user). */}
                    {d.editable === true && !locked ? (
                      <Button
                        type="link"
                        size="small"
                        disabled={progress !== null}
                        onClick={() => pick(slot, d)}
                        data-testid={testIds.action('document', 'replace')}
                      >
                        替换
                      </Button>
                    ) : null}
                    {upload.deleteAction && !locked ? (
                      <Button
                        type="link"
                        size="small"
                        danger
                        disabled={progress !== null}
                        onClick={() => remove(d)}
                        data-testid={testIds.action('document', 'delete')}
                      >
                        删除
                      </Button>
                    ) : null}
                    <ActionButtonRow
                      actions={upload.documentActions}
                      area="document"
                      context={{ record: d, model, query }}
                      runner={runner}
                      link
                    />
                  </Space>
                ),
            },
          ]}
        />
        {progress?.slot === slot.key && !progress.documentId ? (
          <div data-testid="upload-progress">
            <span>{progress.name}</span>
            <Progress percent={progress.percent} size="small" />
          </div>
        ) : null}
        {errors[slot.key] ? (
          <Note type="danger" data-testid={`upload-error-${slot.key}`}>
            {errors[slot.key]}
          </Note>
        ) : null}
      </Card>
    );
  };

  const failed = owner.error ?? (documents.data ? null : documents.error);
  return (
    <PageFrame kind="upload" title={schema.route.title}>
      <input
        ref={input}
        type="file"
        style={{ display: 'none' }}
        data-testid="upload-input"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      {locked ? (
        <Note type="secondary" data-testid="documents-locked">
          资料已随业务提交审核，当前不能上传、替换或删除
        </Note>
      ) : null}
      {failed ? (
        <LoadError error={failed} onRetry={upload.owner && owner.error ? owner.reload : documents.reload} />
      ) : (
        upload.slots.map(slotCard)
      )}
      <div style={{ textAlign: 'center' }}>
        <ActionButtons
          actions={upload.actions}
          area="upload"
          context={{
            // The page's actions act on its owner (e.g. submit the record the documents belong to).
            ...(owner.data ? { record: owner.data } : {}),
            model: upload.owner?.model ?? model,
            query,
          }}
        />
      </div>
      {runner.dialogs}
    </PageFrame>
  );
}
