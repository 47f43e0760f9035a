// The schema studio page: page schemas by product and route, the CodeMirror editor checked as you type,
// save (formatted, only when clean unless overridden), the impact of the edit on roles and menus, the
// new-screen wizard and the live preview as a demo user.
import {
  App as AntApp,
  Button,
  Checkbox,
  ConfigProvider,
  Form,
  Input,
  Segmented,
  Select,
  Tree,
  Typography,
} from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { json } from '@codemirror/lang-json';
import { EditorState } from '@codemirror/state';
import { PRODUCT_NAMES } from '@contract/products';
import { ROLE_CODES } from '@contract/roles';
import { useAntdTheme } from '@/antdTheme';
import { SchemaKnowledge, valueRange } from './jsonAssist';
import { Preview } from './Preview';
import { SchemaEditor } from './SchemaEditor';
import { editedText, pickedKey, VisualEditor } from './VisualEditor';
import {
  roleName,
  studioApi,
  type CheckIssue,
  type Impact,
  type PageEntry,
  type StudioSource,
} from './studioClient';

const CHECK_DELAY_MS = 100;
const SOURCE_POLL_MS = 1500;

interface TreeNode {
  key: string;
  title: string;
  children?: TreeNode[];
  isLeaf?: boolean;
}

/** The files as a tree: product, then the folders of the route, then the page (title and file name). */
function fileTree(entries: readonly PageEntry[]): TreeNode[] {
  const roots: TreeNode[] = [];
  const folder = (list: TreeNode[], key: string, title: string) => {
    let node = list.find((n) => n.key === key);
    if (!node) list.push((node = { key, title, children: [] }));
    return node.children!;
  };
  for (const e of entries) {
    let list = folder(
      roots,
      `product:${e.product}`,
      PRODUCT_NAMES[e.product as keyof typeof PRODUCT_NAMES] ?? e.product,
    );
    const parts = e.file.replace(/\.json$/, '').split('/');
    parts.slice(0, -1).forEach((part, i) => {
      list = folder(list, `dir:${e.product}:${parts.slice(0, i + 1).join('/')}`, part);
    });
    list.push({ key: e.file, title: `${e.title} · ${parts.at(-1)}`, isLeaf: true });
  }
  return roots;
}

function ancestors(entries: readonly PageEntry[], file: string | null): string[] {
  const e = entries.find((x) => x.file === file);
  if (!e) return [];
  const parts = e.file.split('/').slice(0, -1);
  return [
    `product:${e.product}`,
    ...parts.map((_, i) => `dir:${e.product}:${parts.slice(0, i + 1).join('/')}`),
  ];
}

function Wizard({ source, onCreated }: { source: StudioSource; onCreated(file: string): void }) {
  const [form] = Form.useForm<{
    product: string;
    model: string;
    kind: 'list' | 'form';
    role?: string;
    route: string;
  }>();
  const [error, setError] = useState('');
  const product = Form.useWatch('product', form);
  const models = Object.values(source.models).filter((m) => !product || m.product === product);
  const model = source.models[Form.useWatch('model', form) ?? ''];
  const kind = Form.useWatch('kind', form) ?? 'list';
  const roles = [
    ...new Set(
      kind === 'form'
        ? (model?.create?.roles ?? [])
        : (model?.transitions ?? []).flatMap((t) => t.roles ?? []),
    ),
  ];
  const products = [
    ...new Set(
      Object.values(source.models)
        .map((m) => m.product)
        .filter(Boolean),
    ),
  ] as string[];
  return (
    <Form
      form={form}
      layout="vertical"
      size="small"
      initialValues={{ kind: 'list' }}
      onFinish={async (values) => {
        setError('');
        try {
          const answer = await studioApi<{ file?: string; issues?: string[] }>('new', values);
          if (answer.file) onCreated(answer.file);
          else setError((answer.issues ?? []).join('；'));
        } catch (e) {
          setError((e as Error).message);
        }
      }}
    >
      <Form.Item name="product" label="产品">
        <Select
          aria-label="产品"
          allowClear
          options={products.map((p) => ({
            value: p,
            label: PRODUCT_NAMES[p as keyof typeof PRODUCT_NAMES] ?? p,
          }))}
        />
      </Form.Item>
      <Form.Item name="model" label="模型" rules={[{ required: true, message: '请选择模型' }]}>
        <Select
          aria-label="模型"
          showSearch
          options={models.map((m) => ({ value: m.name, label: `${m.title ?? m.name}（${m.name}）` }))}
          onChange={(name: string) => {
            const m = source.models[name];
            form.setFieldValue(
              'route',
              `${m?.product ?? 'demo'}/studio/${name}-${form.getFieldValue('kind') === 'form' ? 'create' : 'list'}`,
            );
          }}
        />
      </Form.Item>
      <Form.Item name="kind" label="页面类型">
        <Select
          aria-label="页面类型"
          options={[
            { value: 'list', label: '列表页' },
            { value: 'form', label: '新建表单页（模型的必填字段）' },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="role"
        label={kind === 'form' ? '角色（可新建的角色）' : '角色（行操作取其可执行的流转）'}
      >
        <Select aria-label="角色" allowClear options={roles.map((r) => ({ value: r, label: roleName(r) }))} />
      </Form.Item>
      <Form.Item name="route" label="路由" rules={[{ required: true, message: '请输入路由' }]}>
        <Input placeholder="路由，如 credit/core/cash/list" />
      </Form.Item>
      <Button htmlType="submit" type="primary" block>
        {kind === 'form' ? '生成表单页' : '生成列表页'}
      </Button>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Form>
  );
}

function ImpactView({ impact }: { impact: Impact | null }) {
  if (!impact) return null;
  const same = impact.rolesBefore.join() === impact.rolesAfter.join();
  return (
    <section aria-label="保存前影响" style={{ fontSize: 13 }}>
      <Typography.Text strong>保存前影响</Typography.Text>
      {impact.error && <div style={{ color: '#a8071a' }}>{impact.error}</div>}
      <div>
        可见角色：{impact.rolesAfter.map(roleName).join('、') || '无'}
        {!same && `（原为：${impact.rolesBefore.map(roleName).join('、') || '无'}）`}
      </div>
      {impact.menus.length === 0 ? (
        <div>菜单：无变化</div>
      ) : (
        impact.menus.map((m) => (
          <div key={m.role}>
            菜单变化 {roleName(m.role)}：
            {m.removed.map((l) => (
              <div key={`-${l}`} style={{ color: '#a8071a' }}>
                − {l}
              </div>
            ))}
            {m.added.map((l) => (
              <div key={`+${l}`} style={{ color: '#135200' }}>
                + {l}
              </div>
            ))}
          </div>
        ))
      )}
    </section>
  );
}

/** The preview's width, dragged on the bar between editor and preview (or set with the arrow keys). */
function useResizer(initial: number): [number, React.JSX.Element] {
  const [width, setWidth] = useState(initial);
  const clamp = (w: number) => Math.max(320, Math.min(window.innerWidth - 420, w));
  const bar = (
    <div
      role="separator"
      aria-label="调整预览宽度"
      aria-orientation="vertical"
      aria-valuenow={Math.round(width)}
      tabIndex={0}
      style={{ width: 6, cursor: 'col-resize', background: '#f0f0f0', flex: 'none' }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') setWidth((w) => clamp(w + 40));
        if (e.key === 'ArrowRight') setWidth((w) => clamp(w - 40));
      }}
      onMouseDown={(down) => {
        down.preventDefault();
        const startX = down.clientX;
        const start = width;
        const move = (e: MouseEvent) => setWidth(clamp(start + startX - e.clientX));
        const up = () => {
          window.removeEventListener('mousemove', move);
          window.removeEventListener('mouseup', up);
        };
        window.addEventListener('mousemove', move);
        window.addEventListener('mouseup', up);
      }}
    />
  );
  return [width, bar];
}

function Studio() {
  const { modal } = AntApp.useApp();
  const [previewWidth, resizer] = useResizer(Math.round(window.innerWidth * 0.42));
  const [source, setSource] = useState<StudioSource | null>(null);
  const [entries, setEntries] = useState<PageEntry[]>([]);
  const [file, setFile] = useState<string | null>(null);
  const [initial, setInitial] = useState('');
  const [saved, setSaved] = useState('');
  const [text, setText] = useState('');
  /**
   * The newest text, ahead of `text` while a visual edit's format round trip is under way: each visual edit
   * applies to it, so a second edit made before the first came back does not undo the first.
   */
  const newestText = useRef('');
  /** Visual edits one after another (see {@link newestText}). */
  const visualEdits = useRef<Promise<void>>(Promise.resolve());
  const [clean, setClean] = useState<string | null>(null);
  const [issues, setIssues] = useState<CheckIssue[]>([]);
  const [impact, setImpact] = useState<Impact | null>(null);
  const [status, setStatus] = useState('');
  const [override, setOverride] = useState(false);
  const [replace, setReplace] = useState<{ text: string }>();
  const [expanded, setExpanded] = useState<string[]>([]);
  const timer = useRef(0);
  const justSaved = useRef<string | null>(null);
  const knowledge = useMemo(() => (source ? new SchemaKnowledge(source.meta) : null), [source]);
  const treeData = useMemo(() => fileTree(entries), [entries]);
  const domain = useMemo(
    () =>
      source && {
        models: source.models,
        files: source.files,
        roles: ROLE_CODES,
        routes: entries.map((e) => e.path),
      },
    [source, entries],
  );

  const check = useCallback(async (f: string, t: string) => {
    const { issues: found } = await studioApi<{ issues: CheckIssue[] }>('check', { file: f, text: t });
    setIssues(found);
    setStatus(found.length ? '' : '检查通过');
    if (found.length === 0) setClean(t);
    setImpact(await studioApi<Impact>('impact', { file: f, text: t }).catch(() => null));
  }, []);

  const listFiles = useCallback(async () => setEntries(await studioApi<PageEntry[]>('files')), []);
  const open = useCallback(
    async (f: string, known?: PageEntry[]) => {
      const { text: t } = await studioApi<{ text: string }>(`file?f=${encodeURIComponent(f)}`);
      window.location.hash = f;
      // The last visual edit or save belongs to the file left: the new file's editor must not replay it.
      setReplace(undefined);
      setFile(f);
      setInitial(t);
      setSaved(t);
      setText(t);
      newestText.current = t;
      setClean(null);
      setIssues([]);
      setExpanded((keys) => [...new Set([...keys, ...ancestors(known ?? entries, f)])]);
      await check(f, t);
    },
    [check, entries],
  );

  useEffect(() => {
    void (async () => {
      const [s, files] = await Promise.all([
        studioApi<StudioSource>('source'),
        studioApi<PageEntry[]>('files'),
      ]);
      setSource(s);
      setEntries(files);
      const hash = decodeURIComponent(window.location.hash.slice(1));
      if (hash) await open(hash, files);
    })();
    // once, on load
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Unsaved edits are never lost silently: switching files asks first, leaving the page too.
  const dirty = file !== null && text !== saved;
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const leave = (go: () => void) => {
    if (!dirty) return go();
    modal.confirm({
      title: '有未保存的修改',
      content: `${file ?? ''} 的修改还没有保存，切换后将丢失。`,
      okText: '放弃修改并切换',
      cancelText: '留在本页',
      onOk: go,
    });
  };

  // A new or changed model, dictionary or fragment is picked up as it is saved, by whatever editor.
  useEffect(() => {
    let version: string | null = null;
    const poll = window.setInterval(() => {
      void studioApi<{ version: string }>('version')
        .then(async (answer) => {
          if (version !== null && answer.version !== version)
            setSource(await studioApi<StudioSource>('source'));
          version = answer.version;
        })
        .catch(() => undefined);
    }, SOURCE_POLL_MS);
    return () => window.clearInterval(poll);
  }, []);

  const [mode, setMode] = useState<'text' | 'visual'>('text');
  const [picking, setPicking] = useState(true);
  const [picked, setPicked] = useState<{ key: string } | null>(null);
  const onPick = useCallback((target: Element) => {
    const key = pickedKey(target);
    if (key) setPicked({ key });
  }, []);
  const commands = useRef<{ undo(): void; redo(): void } | null>(null);
  /** A visual edit: formatted as a save would write it, applied to the text editor as a minimal change. */
  const visualEdit = (change: (document: Record<string, unknown>) => void) => {
    if (!file) return;
    visualEdits.current = visualEdits.current.then(async () => {
      const base = newestText.current;
      let document: Record<string, unknown>;
      try {
        document = JSON.parse(base) as Record<string, unknown>;
      } catch {
        return; // the text view has a syntax error: the visual view shows it and edits nothing
      }
      change(document);
      const edited = editedText(base, document, (t, pointer) =>
        valueRange(EditorState.create({ doc: t, extensions: [json()] }), pointer),
      );
      const { text: formatted } = await studioApi<{ text: string }>('format', { file, text: edited });
      newestText.current = formatted;
      setReplace({ text: formatted });
    });
    // A failed edit (the studio server gone) must not stop the edits after it.
    visualEdits.current = visualEdits.current.catch((e: unknown) => console.error(e));
  };

  const onChange = (t: string) => {
    setText(t);
    newestText.current = t;
    // The formatted text a save put back: checked clean already, and still 已保存.
    if (t === justSaved.current) return;
    justSaved.current = null;
    setStatus('');
    window.clearTimeout(timer.current);
    if (file) timer.current = window.setTimeout(() => void check(file, t), CHECK_DELAY_MS);
  };

  const save = async () => {
    if (!file) return;
    const answer = await studioApi<{ saved: boolean; text?: string; issues?: CheckIssue[] }>('save', {
      file,
      text,
      override,
    });
    if (answer.saved && answer.text !== undefined) {
      justSaved.current = answer.text;
      if (answer.text !== text) setReplace({ text: answer.text });
      setSaved(answer.text);
      setClean(answer.text);
      setStatus('已保存');
      void listFiles();
    } else {
      setIssues(answer.issues ?? []);
      setStatus('有错误，未保存');
    }
  };

  if (!source || !knowledge) return <div style={{ padding: 24 }}>加载中…</div>;
  return (
    <div style={{ display: 'flex', height: '100vh', fontSize: 14 }}>
      <nav style={{ width: 300, overflow: 'auto', borderRight: '1px solid #eee', padding: 8 }}>
        <Typography.Title level={5}>新建页面</Typography.Title>
        <Wizard
          source={source}
          onCreated={(f) =>
            leave(() => {
              void (async () => {
                const files = await studioApi<PageEntry[]>('files');
                setEntries(files);
                await open(f, files);
              })();
            })
          }
        />
        <Typography.Title level={5}>页面配置</Typography.Title>
        <Tree
          aria-label="页面配置文件"
          treeData={treeData}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys.map(String))}
          selectedKeys={file ? [file] : []}
          onSelect={(keys, info) => {
            if (info.node.isLeaf) leave(() => void open(String(keys[0] ?? info.node.key)));
            else
              setExpanded((ks) => (ks.includes(String(info.node.key)) ? ks : [...ks, String(info.node.key)]));
          }}
        />
      </nav>
      <main style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', padding: 8, gap: 6 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {file ?? '请选择页面配置'}
        </Typography.Title>
        <div>
          <Segmented
            aria-label="编辑方式"
            value={mode}
            onChange={(v) => setMode(v as 'text' | 'visual')}
            options={[
              { value: 'visual', label: '可视化' },
              { value: 'text', label: '文本' },
            ]}
          />{' '}
          <Button size="small" aria-label="撤销" onClick={() => commands.current?.undo()} disabled={!file}>
            撤销
          </Button>{' '}
          <Button size="small" aria-label="重做" onClick={() => commands.current?.redo()} disabled={!file}>
            重做
          </Button>{' '}
          {mode === 'visual' && (
            <Checkbox checked={picking} onChange={(e) => setPicking(e.target.checked)}>
              在预览中点选
            </Checkbox>
          )}
        </div>
        {file && source && mode === 'visual' && (
          <div style={{ flex: 1, minHeight: 0 }}>
            <VisualEditor text={text} models={source.models} picked={picked} onEdit={visualEdit} />
          </div>
        )}
        <div style={{ flex: 1, minHeight: 0, display: mode === 'text' ? 'block' : 'none' }}>
          {file && (
            <SchemaEditor
              commands={commands}
              key={file}
              file={file}
              initial={initial}
              knowledge={knowledge}
              domain={domain}
              issues={issues}
              onChange={onChange}
              replace={replace}
            />
          )}
        </div>
        <ul aria-label="检查结果" style={{ color: '#a8071a', margin: 0, maxHeight: 120, overflow: 'auto' }}>
          {issues.map((i) => (
            <li key={`${i.file}#${i.pointer}:${i.message}`}>{`#${i.pointer}：${i.message}`}</li>
          ))}
        </ul>
        <div>
          <Button type="primary" aria-label="保存页面配置" onClick={() => void save()} disabled={!file}>
            保存
          </Button>{' '}
          <Checkbox checked={override} onChange={(e) => setOverride(e.target.checked)}>
            有错误也保存
          </Checkbox>
          <span role="status" style={{ color: '#135200' }}>
            {status}
          </span>
        </div>
        <ImpactView impact={impact} />
      </main>
      {resizer}
      <aside
        aria-label="预览区"
        style={{ width: previewWidth, flex: 'none', minWidth: 0, overflow: 'auto', padding: 8 }}
      >
        <Typography.Title level={5}>预览</Typography.Title>
        {file && clean !== null ? (
          <Preview
            source={source}
            file={file}
            text={clean}
            saved={saved}
            onPick={mode === 'visual' && picking ? onPick : undefined}
          />
        ) : (
          <Typography.Text type="secondary">检查通过后显示预览</Typography.Text>
        )}
      </aside>
    </div>
  );
}

function StudioRoot(): React.JSX.Element {
  return (
    <ConfigProvider locale={zhCN} theme={useAntdTheme()} button={{ autoInsertSpace: false }}>
      <AntApp>
        <Studio />
      </AntApp>
    </ConfigProvider>
  );
}

createRoot(document.getElementById('root')!).render(<StudioRoot />);
