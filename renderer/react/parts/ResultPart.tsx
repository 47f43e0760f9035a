/**
 * A composite page's `result` part: an outcome or notice with values read from the page (the address's
 * `$query`, the session's `$user`, the `$record`). A value line whose value is empty is left out, so one
 * schema serves an address with or without it. A text line's bracketed words link to its `to` page. With
 * `alert` the lines are a notice bar above the other parts. The page's `actions` are its buttons.
 */
import { Alert, Descriptions, Result } from 'antd';
import type { ResultLine, ResultPart as ResultPartSchema } from '@renderer/core';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { testIds } from '@renderer/react/testIds';
import { evaluateValue } from './conditions';
import { isEmpty } from './queryParams';
import { renderValue } from './renderValue';
import type { ConditionScope } from './conditions';

/** A value as one line's text (a list joined with 、), or its dictionary tags. */
function lineValue(value: unknown, line: ResultLine): React.ReactNode {
  if (line.enum) return renderValue(value, { enum: line.enum });
  if (Array.isArray(value)) return value.filter((v) => !isEmpty(v)).join('、');
  return String(value);
}

/**
 * A text line: its words in brackets link to `to` (the host's navigation), or stay plain text where the
 * role may not open that page.
 */
function TextLine({ line }: { line: ResultLine }): React.JSX.Element | string {
  const renderer = useRenderer();
  const text = line.text ?? '';
  const to = line.to;
  if (!to) return text;
  const linked = !renderer.canOpen || renderer.canOpen(to.split(/[?#]/)[0] ?? to);
  return (
    <>
      {text.split(/(\[[^\]]+\])/).map((piece, i) => {
        const words = /^\[([^\]]+)\]$/.exec(piece)?.[1];
        if (words === undefined || !linked) return words ?? piece;
        return (
          <a
            key={i}
            href="#"
            data-testid={line.key ? testIds.resultValue(line.key) : undefined}
            onClick={(e) => {
              e.preventDefault();
              renderer.navigate(to);
            }}
          >
            {words}
          </a>
        );
      })}
    </>
  );
}

/** The part. */
export function ResultPart({
  part,
  scope,
}: {
  part: ResultPartSchema;
  scope: ConditionScope;
}): React.JSX.Element {
  const { functions } = useRenderer();
  const shown = (part.lines ?? []).flatMap(
    (line, i): Array<{ i: number; line: ResultLine; node: React.ReactNode }> => {
      if (line.text !== undefined) return [{ i, line, node: <TextLine line={line} /> }];
      const value = line.value === undefined ? undefined : evaluateValue(line.value, scope, functions);
      if (isEmpty(value)) return [];
      const node = (
        <span data-testid={testIds.resultValue(line.key ?? String(i))}>{lineValue(value, line)}</span>
      );
      return [{ i, line, node }];
    },
  );
  const lines = shown.length ? (
    <>
      {shown.map(({ i, line, node }) => (
        <div key={i}>
          {line.label === undefined ? null : `${line.label}：`}
          {node}
        </div>
      ))}
    </>
  ) : undefined;
  // Without a status the page shows facts, not an outcome (who is logged in): a table of them.
  const body = part.alert ? (
    <Alert
      type={part.status ?? 'info'}
      showIcon
      message={part.title ?? lines}
      description={part.title ? lines : undefined}
      style={{ marginBottom: 16 }}
    />
  ) : part.status ? (
    <Result status={part.status} title={part.title} subTitle={lines} />
  ) : (
    <Descriptions
      title={part.title}
      column={2}
      bordered
      size="small"
      items={shown.map(({ i, line, node }) => ({
        key: i,
        label: line.label,
        children: node,
        ...(line.text === undefined ? {} : { span: 2 }),
      }))}
    />
  );
  return (
    <div className="schema-part schema-part-result" data-testid={testIds.part(part.key)}>
      {body}
    </div>
  );
}
