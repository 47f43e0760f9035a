import { Button, Card, ConfigProvider, Empty, Progress, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { ACCESSIBLE_THEME, EXPORTS_API, exportRetryPath, type ExportJob } from '@renderer';
import { apiGet, apiPost } from '@/api';
import { openDownload } from '@/pages/schema/rendererServices';

const STATUS: Record<ExportJob['status'], { label: string; color: string }> = {
  running: { label: '生成中', color: 'blue' },
  done: { label: '已完成', color: 'green' },
  failed: { label: '失败', color: 'red' },
};

/** Refresh while an export is still being written. */
const POLL_MS = 1000;

const percent = (job: ExportJob): number =>
  job.status === 'done' ? 100 : job.total > 0 ? Math.floor((job.done * 100) / job.total) : 0;

/**
 * /my/download-center: the user's exports (large ones are written in the background), with progress; a
 * failed one shows why and offers 重新导出 (the same query and columns written again).
 */
export function DownloadCentrePage(): React.JSX.Element {
  const [jobs, setJobs] = useState<ExportJob[] | null>(null);
  const [failed, setFailed] = useState(false);
  /** Bumped to read the list again (after a retry). */
  const [round, setRound] = useState(0);
  const [retrying, setRetrying] = useState<string | null>(null);
  const retry = (job: ExportJob): void => {
    setRetrying(job.id);
    apiPost<ExportJob>(exportRetryPath(job.id))
      .catch(() => undefined)
      .finally(() => {
        setRetrying(null);
        setRound((n) => n + 1);
      });
  };
  const running = jobs?.some((j) => j.status === 'running') ?? false;

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = (): void => {
      apiGet<ExportJob[]>(EXPORTS_API)
        .then((list) => {
          if (!live) return;
          setJobs(list);
          setFailed(false);
          if (list.some((j) => j.status === 'running')) timer = setTimeout(load, POLL_MS);
        })
        .catch(() => live && setFailed(true));
    };
    load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [round]);

  return (
    <ConfigProvider theme={ACCESSIBLE_THEME}>
      <Card
        title="下载中心"
        data-testid="download-centre"
        extra={running ? '文件生成中，页面自动刷新' : null}
      >
        <Table<ExportJob>
          rowKey="id"
          loading={jobs === null && !failed}
          dataSource={jobs ?? []}
          pagination={false}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={failed ? '加载失败，请刷新重试' : '暂无导出记录'}
              />
            ),
          }}
          onRow={(job) => ({ 'data-testid': `export-${job.id}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'title', title: '文件名', render: (_, job) => `${job.title}.xlsx` },
            { key: 'createdAt', title: '导出时间', dataIndex: 'createdAt', width: 180 },
            { key: 'total', title: '行数', dataIndex: 'total', width: 100, align: 'right' },
            {
              key: 'progress',
              title: '进度',
              width: 220,
              render: (_, job) => (
                <Progress
                  data-testid="export-progress"
                  aria-label={`${job.title} 导出进度 ${job.done}/${job.total}`}
                  percent={percent(job)}
                  size="small"
                  status={
                    job.status === 'failed' ? 'exception' : job.status === 'done' ? 'success' : 'active'
                  }
                  format={() => `${job.done}/${job.total}`}
                />
              ),
            },
            {
              key: 'status',
              title: '状态',
              width: 100,
              render: (_, job) => (
                <Tag data-testid="export-status" color={STATUS[job.status].color}>
                  {STATUS[job.status].label}
                </Tag>
              ),
            },
            {
              key: 'actions',
              title: '操作',
              width: 260,
              render: (_, job) =>
                job.url ? (
                  <Button type="link" data-testid="export-download" onClick={() => openDownload(job.url!)}>
                    下载
                  </Button>
                ) : job.status === 'failed' ? (
                  <>
                    <span data-testid="export-error">{job.error}</span>
                    <Button
                      type="link"
                      data-testid="export-retry"
                      loading={retrying === job.id}
                      onClick={() => retry(job)}
                    >
                      重新导出
                    </Button>
                  </>
                ) : null,
            },
          ]}
        />
      </Card>
    </ConfigProvider>
  );
}
