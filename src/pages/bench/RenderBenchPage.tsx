/**
 * The render bench page (`/cv3/bench/render`), built only when VITE_BENCH=1 (scripts/bench/render.mjs
 * drives it). It mounts a schema page or the same page written by hand with antd, and measures
 * in the page: mount (from just before render to the frame after every field or row is in the DOM,
 * double requestAnimationFrame), keystroke (keydown to the first frame after the input), validate-all
 * (submit to N error messages painted). `?only=form` / `?only=list` render one schema form or list
 * page and nothing else, so the bytes the page loads are that schema page's.
 */
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';

type Kind = 'schemaForm' | 'antdForm' | 'schemaList' | 'antdList';

/** What each variant counts as "all there". */
const DONE: Record<Kind, string> = {
  schemaForm: '.ant-formily-item',
  antdForm: '.ant-form-item',
  schemaList: '.ant-table-tbody tr.ant-table-row',
  antdList: '.ant-table-tbody tr.ant-table-row',
};
const ERRORS: Record<'schemaForm' | 'antdForm', string> = {
  schemaForm: '.ant-formily-item-error-help',
  antdForm: '.ant-form-item-explain-error',
};

const frame = (): Promise<number> => new Promise((r) => requestAnimationFrame(r));
const doubleFrame = async (): Promise<void> => {
  await frame();
  await frame();
};

async function element(kind: Kind, n: number): Promise<React.JSX.Element> {
  if (kind === 'schemaForm' || kind === 'schemaList') {
    const m = await import('./schemaVariants');
    return kind === 'schemaForm' ? m.schemaForm(n) : m.schemaList(n);
  }
  const m = await import('./antdVariants');
  return kind === 'antdForm' ? m.antdForm(n) : m.antdList(n);
}

/** The bench page. */
export function RenderBenchPage(): React.JSX.Element {
  const host = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let root: Root | null = null;
    let container: HTMLDivElement | null = null;
    const unmount = (): void => {
      root?.unmount();
      container?.remove();
      root = null;
      container = null;
    };
    const api = {
      /** Mounts `kind` with `n` fields or rows; resolves with the mount time in ms. */
      async mount(kind: Kind, n: number): Promise<number> {
        unmount();
        const el = await element(kind, n);
        container = document.createElement('div');
        host.current?.appendChild(container);
        await doubleFrame();
        const t0 = performance.now();
        root = createRoot(container);
        root.render(el);
        const target = container;
        while (target.querySelectorAll(DONE[kind]).length < n) await frame();
        await doubleFrame();
        return performance.now() - t0;
      },
      /** Arms the keystroke probe on the mounted page; `keystrokes()` reads the results. */
      armKeystrokes(): void {
        const times: number[] = [];
        let down = 0;
        (window as unknown as { __keys: number[] }).__keys = times;
        container?.addEventListener('keydown', (e) => (down = e.timeStamp), true);
        container?.addEventListener(
          'input',
          () => {
            const start = down;
            requestAnimationFrame(() => {
              const channel = new MessageChannel();
              channel.port1.onmessage = () => times.push(performance.now() - start);
              channel.port2.postMessage(0);
            });
          },
          true,
        );
      },
      keystrokes(): number[] {
        return (window as unknown as { __keys: number[] }).__keys ?? [];
      },
      /** Clicks submit on the mounted empty form; resolves when `n` error messages are painted. */
      async validateAll(kind: 'schemaForm' | 'antdForm', n: number): Promise<number> {
        const button = container?.querySelector<HTMLButtonElement>(
          kind === 'schemaForm' ? '[data-testid="action-form-submit"]' : '[data-testid="antd-submit"]',
        );
        const target = container;
        if (!button || !target) throw new Error('nothing mounted');
        const t0 = performance.now();
        button.click();
        while (target.querySelectorAll(ERRORS[kind]).length < n) await frame();
        await doubleFrame();
        return performance.now() - t0;
      },
      unmount,
    };
    (window as unknown as { __renderBench: typeof api }).__renderBench = api;
    const only = new URLSearchParams(window.location.search).get('only');
    if (only === 'form' || only === 'list') {
      void api.mount(only === 'form' ? 'schemaForm' : 'schemaList', 20).then(() => setReady(true));
    } else setReady(true);
    return unmount;
  }, []);

  return (
    <div style={{ padding: 16 }}>
      <div data-testid={ready ? 'bench-ready' : 'bench-loading'}>{ready ? 'ready' : 'loading'}</div>
      <div ref={host} />
    </div>
  );
}
