// The live preview: the edited page rendered by the portal's renderer as a demo user, against the real
// reference server (through the studio's proxy), with a role switch and, for pages about one record, a
// record picker by state.
import { Alert, App, Select, Space, Spin, Typography } from 'antd';
import { memo, useEffect, useMemo, useState } from 'react';
import {
  createModuleSource,
  loadPageSchema,
  recordsPath,
  RendererProvider,
  SchemaPage,
  type PageSchema,
  type SchemaSource,
} from '@renderer';
import { ROLE_CODES } from '@contract/roles';
import type { ApiResponse } from '@/api/request';
import type { SecurityInfo } from '@/api/types';
import { withPageModelRules } from '@/pages/schema/pageModelRules';
import { hostRegistry } from '@/pages/schema/hostRegistry';
import { rendererRequestOn } from '@/pages/schema/rendererServices';
import { decideAccess, permittedPaths } from '@/router/access';
import { createUkeySigner } from '@/ukey';
import { SnapshotDiff } from './SnapshotDiff';
import { previewHttp, previewLogin, roleName, type StudioSource } from './studioClient';

const request = rendererRequestOn(() => previewHttp);
// Hardware keys through the reference signing agent, soft keys in the browser: as the portal signs.
const signer = createUkeySigner();

/**
 * Downloads and exports from the real server (through the studio's proxy, with the preview's session),
 * saved by the browser as the portal's would be; a queued export (download centre) says so.
 */
async function previewDownload(
  url: string,
  params: Record<string, unknown> | undefined,
  say: (text: string) => void,
): Promise<void> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {}))
    if (v !== undefined && v !== null) query.append(k, String(v));
  const qs = query.toString();
  const answer = await fetch(`/api/web${url}${qs ? `?${qs}` : ''}`, { credentials: 'same-origin' });
  const type = answer.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const body = (await answer.json()) as { message?: string };
    say(body.message ?? '已提交导出，请到下载中心查看');
    return;
  }
  const disposition = answer.headers.get('content-disposition') ?? '';
  const name =
    /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="?([^";]+)/i.exec(disposition)?.[1];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await answer.blob());
  link.download = name ? decodeURIComponent(name) : 'export.xlsx';
  link.click();
  URL.revokeObjectURL(link.href);
}
const revisions = new WeakMap<StudioSource, number>();
let lastRevision = 0;
/** A number per loaded source: a page keyed by it renders afresh when the source is reloaded. */
function revisionOf(source: StudioSource): number {
  if (!revisions.has(source)) revisions.set(source, (lastRevision += 1));
  return revisions.get(source)!;
}
const RECORD_PAGES = new Set(['detail', 'approve', 'upload']);

interface Props {
  source: StudioSource;
  file: string;
  /** The last text of the file that checked clean. */
  text: string;
  /** The file's text on disk (for the rendered-snapshot diff). */
  saved: string;
  /** Set while clicks in the preview pick what they land on (for the visual editor) instead of acting. */
  onPick?: (target: Element) => void;
}

/** The page of `text` loaded as the portal loads it (fragments, dictionaries, model rules). */
async function loadStudioPage(
  text: string,
  file: string,
  source: StudioSource,
  moduleSource: SchemaSource,
): Promise<PageSchema> {
  const schema = loadPageSchema(JSON.parse(text) as unknown, { file, source: moduleSource }).schema;
  return withPageModelRules(
    schema,
    async (name) => source.models[name],
    (name) => moduleSource.dict(name),
  );
}

/** The page loaded from `text` (the page is keyed by it: it mounts afresh only once its schema is there). */
type Loaded = { schema: PageSchema; text: string } | { error: string };

/** Memoised: the editor's every keystroke re-renders the studio, not the preview (it follows clean texts). */
export const Preview = memo(function Preview({ source, file, text, saved, onPick }: Props) {
  const { message } = App.useApp();
  const moduleSource = useMemo(() => createModuleSource({ modules: source.files }), [source]);
  // A reloaded source (a dictionary or model changed on disk) renders the page afresh, as a reload would.
  const revision = revisionOf(source);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [role, setRole] = useState<string | null>(null);
  const [session, setSession] = useState<{ role: string; security: SecurityInfo } | { error: string }>();
  const [records, setRecords] = useState<{ id: string; status?: string }[]>([]);
  const [recordId, setRecordId] = useState<string>();
  const [before, setBefore] = useState<PageSchema | null>(null);
  useEffect(() => {
    let alive = true;
    loadStudioPage(saved, file, source, moduleSource)
      .then((schema) => alive && setBefore(schema))
      .catch(() => alive && setBefore(null));
    return () => {
      alive = false;
    };
  }, [saved, file, moduleSource, source]);

  useEffect(() => {
    let alive = true;
    loadStudioPage(text, file, source, moduleSource)
      .then((schema) => alive && setLoaded({ schema, text }))
      .catch((e: unknown) => alive && setLoaded({ error: e instanceof Error ? e.message : String(e) }));
    return () => {
      alive = false;
    };
  }, [text, file, moduleSource, source]);

  const schema = loaded && 'schema' in loaded ? loaded.schema : undefined;
  const pageRoles = schema?.route.roles ?? [];
  // The page's own roles first, then every other role a demo user holds (to see who does not get it).
  const roles = [...pageRoles, ...ROLE_CODES.filter((r) => !pageRoles.includes(r))].filter(
    (r) => source.users[r],
  );
  const wanted = role && roles.includes(role) ? role : (roles[0] ?? null);

  useEffect(() => {
    if (!wanted) return;
    let alive = true;
    setSession(undefined);
    previewLogin(source.users[wanted]!, source.password)
      .then((security) => alive && setSession({ role: wanted, security }))
      .catch((e: unknown) => alive && setSession({ error: (e as Error).message }));
    return () => {
      alive = false;
    };
  }, [wanted, source]);

  const model = schema?.model;
  const needsRecord = !!schema && !!model && RECORD_PAGES.has(schema.page);
  const ready = session && 'security' in session && session.role === wanted;
  useEffect(() => {
    if (!needsRecord || !ready || !model) return;
    let alive = true;
    previewHttp
      .get<ApiResponse<{ list: { id: string; status?: string }[] }>>(recordsPath(model), {
        params: { page: 1, size: 50 },
      })
      .then((answer) => {
        if (!alive) return;
        setRecords(answer.data.data.list);
        setRecordId((id) => id ?? answer.data.data.list[0]?.id);
      })
      .catch(() => alive && setRecords([]));
    return () => {
      alive = false;
    };
  }, [needsRecord, ready, model]);

  const statusNames = useMemo(() => {
    const states = model ? source.models[model]?.states : undefined;
    const items = Array.isArray(states)
      ? states
      : states
        ? (moduleSource.dict(states.$dict)?.items ?? [])
        : [];
    return new Map(items.map((i) => [String(i.value), i.label]));
  }, [model, source, moduleSource]);

  // Navigation follows the portal's rules: a link to a page this role's menus do not grant is hidden.
  const menus = ready ? session.security.menus3 : undefined;
  const canOpen = useMemo(() => {
    const permitted = permittedPaths(menus ?? []);
    return (path: string) => decideAccess(path.split('?')[0]!, true, permitted) === 'allow';
  }, [menus]);

  if (!loaded) return <Spin />;
  if ('error' in loaded)
    return <Alert type="error" showIcon message="页面加载失败" description={loaded.error} />;
  return (
    <div>
      <Space wrap style={{ marginBottom: 8 }}>
        <span>预览角色</span>
        <Select
          aria-label="预览角色"
          style={{ width: 260 }}
          value={wanted ?? undefined}
          onChange={setRole}
          options={roles.map((r) => ({
            value: r,
            label: `${roleName(r)}（${source.users[r]}）${pageRoles.includes(r) ? '' : ' · 无此页权限'}`,
          }))}
        />
        {needsRecord && (
          <>
            <span>记录</span>
            <Select
              aria-label="预览记录"
              style={{ width: 300 }}
              value={recordId}
              onChange={setRecordId}
              options={records.map((r) => ({
                value: r.id,
                label: `${statusNames.get(String(r.status)) ?? r.status ?? ''} · ${r.id}`,
              }))}
            />
          </>
        )}
      </Space>
      <SnapshotDiff source={source} moduleSource={moduleSource} before={before} after={schema!} />
      {!session && <Spin />}
      {session && 'error' in session && (
        <Alert type="error" showIcon message="预览登录失败" description={session.error} />
      )}
      {ready && (
        <div
          data-testid="studio-preview"
          // Wide lists scroll inside the preview rather than losing their last columns (操作).
          style={{
            border: onPick ? '1px dashed #1677ff' : '1px dashed #d9d9d9',
            padding: 12,
            overflowX: 'auto',
            minWidth: 0,
            cursor: onPick ? 'crosshair' : undefined,
          }}
          onClickCapture={(e) => {
            if (!onPick) return;
            e.preventDefault();
            e.stopPropagation();
            onPick(e.target as Element);
          }}
        >
          <Typography.Text type="secondary">
            {`以 ${session.security.user3.personName}（${session.security.currentRole3?.roleName ?? wanted}）预览 ${schema!.route.path}`}
          </Typography.Text>
          <RendererProvider
            request={request}
            components={hostRegistry}
            navigate={(to) => void message.info(`预览中不跳转：${to}`)}
            canOpen={canOpen}
            signer={signer}
            download={(url, params) =>
              void previewDownload(url, params, (t) => void message.info(t)).catch((e: unknown) =>
                message.error(e instanceof Error ? e.message : String(e)),
              )
            }
            currentRole={session.security.currentRole3?.roleCode ?? wanted}
            user={{ ...session.security.user3 }}
          >
            <SchemaPage
              key={`${revision}|${wanted}|${recordId ?? ''}|${'text' in loaded ? loaded.text : ''}`}
              schema={schema!}
              query={recordId ? { id: recordId } : {}}
            />
          </RendererProvider>
        </div>
      )}
    </div>
  );
});
