// The studio's JSON editor: CodeMirror 6 with completion and hover docs from the page meta-schema
// (jsonAssist.ts) and the checker's problems marked at their JSON pointer (lint marks and gutter).
import { autocompletion } from '@codemirror/autocomplete';
import { redo, undo } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorView, hoverTooltip } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import { hoverDoc, pointerRange, schemaCompletion, type Domain, type SchemaKnowledge } from './jsonAssist';
import type { CheckIssue } from './studioClient';

interface Props {
  /** The text the editor opens with (a new `file` opens a new editor). */
  initial: string;
  file: string;
  knowledge: SchemaKnowledge;
  /** The checker's problems of the current text. */
  issues: readonly CheckIssue[];
  onChange(text: string): void;
  /** Replaces the text (after a formatted save or a visual edit); changes identity to apply. */
  replace?: { text: string };
  /** Models, dictionaries, roles and routes offered by completion. */
  domain?: Domain | null;
  /** Filled with the editor's undo and redo (one history for text and visual edits). */
  commands?: { current: { undo(): void; redo(): void } | null };
}

function lastParsed(view: EditorView | null, cache: { text: string; value: unknown }): unknown {
  const text = view?.state.doc.toString() ?? '';
  if (text !== cache.text) {
    try {
      cache.value = JSON.parse(text);
    } catch {
      // keep the last value that parsed: the conditions of the meta-schema still apply while typing
    }
    cache.text = text;
  }
  return cache.value;
}

export function SchemaEditor({
  initial,
  file,
  knowledge,
  issues,
  onChange,
  replace,
  commands,
  domain,
}: Props) {
  const host = useRef<HTMLDivElement>(null);
  const project = useRef(domain);
  project.current = domain;
  const view = useRef<EditorView | null>(null);
  const change = useRef(onChange);
  change.current = onChange;

  useEffect(() => {
    const parsed = { text: '', value: undefined as unknown };
    const document = () => lastParsed(view.current, parsed);
    const editor = new EditorView({
      parent: host.current!,
      doc: initial,
      extensions: [
        basicSetup,
        json(),
        lintGutter(),
        autocompletion({ override: [schemaCompletion(knowledge, document, () => project.current ?? null)] }),
        hoverTooltip((v, pos) => {
          const doc = hoverDoc(knowledge, v.state, pos, document());
          if (!doc) return null;
          return {
            pos: doc.from,
            end: doc.to,
            above: true,
            create: () => {
              const dom = window.document.createElement('div');
              dom.className = 'studio-hover';
              dom.textContent = doc.text;
              return { dom };
            },
          };
        }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) change.current(u.state.doc.toString());
        }),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': '页面配置 JSON' }),
        EditorView.theme({
          '&': { height: '100%', fontSize: '13px' },
          '.cm-scroller': { overflow: 'auto' },
          '.studio-hover': { maxWidth: '480px', padding: '4px 8px', whiteSpace: 'pre-wrap' },
        }),
      ],
    });
    view.current = editor;
    if (commands) commands.current = { undo: () => undo(editor), redo: () => redo(editor) };
    return () => {
      editor.destroy();
      view.current = null;
    };
    // One editor per file; `initial` is read when the file opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file, knowledge]);

  useEffect(() => {
    const v = view.current;
    if (!v || !replace) return;
    // Only the characters that differ: the edit's change (and its undo step) is as small as the diff.
    const old = v.state.doc.toString();
    const next = replace.text;
    let start = 0;
    while (start < old.length && start < next.length && old[start] === next[start]) start += 1;
    let end = 0;
    while (
      end < old.length - start &&
      end < next.length - start &&
      old[old.length - 1 - end] === next[next.length - 1 - end]
    )
      end += 1;
    if (start === old.length && start === next.length) return;
    v.dispatch({
      changes: { from: start, to: old.length - end, insert: next.slice(start, next.length - end) },
    });
  }, [replace]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const diagnostics: Diagnostic[] = issues.map((issue) => ({
      ...pointerRange(v.state, issue.pointer),
      severity: 'error',
      message: `#${issue.pointer}：${issue.message}`,
    }));
    v.dispatch(setDiagnostics(v.state, diagnostics));
  }, [issues]);

  return <div ref={host} style={{ height: '100%', border: '1px solid #d9d9d9' }} />;
}
