// The rendered-snapshot diff per role before saving: the page on disk and the edited page, each rendered for
// every role of its route with the schema suite's deterministic fake backend (tests/schemas/fakeBackend.ts)
// and normalised as its snapshots are (tests/schemas/serializeDom.ts), compared line by line.
import { Button, ConfigProvider, Typography } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RendererProvider, SchemaPage, type PageSchema, type SchemaSource, type Signer } from '@renderer';
import type { SchemaDirectory } from '@renderer/core/node';
import { createFakeBackend } from '../../../tests/schemas/fakeBackend';
import { serializeDom } from '../../../tests/schemas/serializeDom';
import { roleName, type StudioSource } from './studioClient';

/** The schema suite's fixed day (2026-11-22 10:00 in China) and a signer that always signs. */
const clock = (): Date => new Date('2026-11-22T02:00:00Z');
const signer: Signer = { sign: async () => ({ code: 0, message: '签名成功' }) };

/** The page rendered off-screen for `role` until it stops changing, as snapshot text. */
async function snapshot(schema: PageSchema, role: string, directory: SchemaDirectory): Promise<string> {
  const host = document.createElement('div');
  host.style.cssText = 'position:absolute;left:-20000px;top:0;width:1200px';
  document.body.append(host);
  const backend = createFakeBackend(directory, role);
  const root = createRoot(host);
  root.render(
    <ConfigProvider locale={zhCN}>
      <RendererProvider
        request={backend.request}
        navigate={() => {}}
        back={() => {}}
        currentRole={role}
        clock={clock}
        signer={signer}
      >
        <SchemaPage schema={schema} query={{ id: `${schema.model ?? 'record'}-1` }} />
      </RendererProvider>
    </ConfigProvider>,
  );
  let previous = '';
  for (let i = 0, stable = 0; i < 200 && stable < 5; i += 1) {
    await new Promise((r) => setTimeout(r, 20));
    const busy = host.querySelector('.ant-spin-spinning, [data-testid="page-loading"]');
    stable = host.innerHTML === previous && !busy ? stable + 1 : 0;
    previous = host.innerHTML;
  }
  const text = `# requests\n${backend.log.join('\n')}\n# page\n${serializeDom(host)}`;
  root.unmount();
  host.remove();
  return text;
}

/** Lines only in `a` (−) or only in `b` (+), in order, with one line of context around each change. */
export function diffLines(a: string[], b: string[]): string[] {
  const n = a.length;
  const m = b.length;
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const ops: string[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      ops.push(`  ${a[i++]}`);
      j++;
    } else if (j < m && (i === n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) ops.push(`+ ${b[j++]}`);
    else ops.push(`- ${a[i++]}`);
  }
  return ops.filter(
    (line, k) =>
      line[0] !== ' ' ||
      ops[k - 1]?.[0] === '-' ||
      ops[k - 1]?.[0] === '+' ||
      ops[k + 1]?.[0] === '-' ||
      ops[k + 1]?.[0] === '+',
  );
}

interface Props {
  source: StudioSource;
  moduleSource: SchemaSource;
  before: PageSchema | null;
  after: PageSchema;
}

export function SnapshotDiff({ source, moduleSource, before, after }: Props) {
  const [result, setResult] = useState<{ role: string; lines: string[] }[] | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    const directory = { models: source.models, source: moduleSource } as unknown as SchemaDirectory;
    const roles = [...new Set([...(before?.route.roles ?? []), ...(after.route.roles ?? [])])];
    const out: { role: string; lines: string[] }[] = [];
    for (const role of roles) {
      const old = before && before.route.roles?.includes(role) ? await snapshot(before, role, directory) : '';
      const now = after.route.roles?.includes(role) ? await snapshot(after, role, directory) : '';
      out.push({ role, lines: diffLines(old ? old.split('\n') : [], now ? now.split('\n') : []) });
    }
    setResult(out);
    setBusy(false);
  };
  return (
    <section aria-label="渲染快照对比">
      <Button size="small" loading={busy} onClick={() => void run()}>
        对比渲染快照（按角色）
      </Button>
      {result?.map(({ role, lines }) => (
        <div key={role}>
          <Typography.Text strong>{roleName(role)}</Typography.Text>
          {lines.length === 0 ? (
            <div>渲染无变化</div>
          ) : (
            <pre style={{ fontSize: 12, maxHeight: 240, overflow: 'auto', background: '#fafafa' }}>
              {lines.map((l, k) => (
                <div
                  key={k}
                  style={{ color: l[0] === '-' ? '#a8071a' : l[0] === '+' ? '#135200' : '#8c8c8c' }}
                >
                  {l}
                </div>
              ))}
            </pre>
          )}
        </div>
      ))}
    </section>
  );
}
