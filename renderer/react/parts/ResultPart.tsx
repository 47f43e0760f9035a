/**
 * A composite page's `result` part: an outcome or notice with values read from the page (the address's
 * `$query`, the session's `$user`, the `$record`). A value line whose value is empty is left out, so one
 * schema serves an address with or without it. A text line's bracketed words link to its `to` page. With
 * `alert` the lines are a notice bar above the other parts. The page's `actions` are its buttons. A `link`
 * line shows a portal path as the full address another device opens (the face check's page on the phone).
 */
import { Alert, Button, Descriptions, QRCode, Result, Space, Typography } from 'antd';
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

/**
 * A `link` line's value, a portal path: its full address (the host's `href`), copyable, the button that
 * opens it in a new window (`action-result-<key>-open`) and its QR code (`result-<key>-qr`).
 */
function LinkValue({
  path,
  line,
  testKey,
}: {
  path: string;
  line: ResultLine;
  testKey: string;
}): React.JSX.Element {
  const { href } = useRenderer();
  const address = href(path);
  return (
    <Space wrap>
      {line.link?.qr ? (
        // SVG, not canvas: the same in every browser and in the tests' DOM.
        <QRCode value={address} type="svg" size={144} data-testid={testIds.resultValue(`${testKey}-qr`)} />
      ) : null}
      <Typography.Text copyable code data-testid={testIds.resultValue(testKey)}>
        {address}
      </Typography.Text>
      {line.link?.open ? (
        <Button
          data-testid={testIds.action('result', `${testKey}-open`)}
          onClick={() => window.open(address, '_blank', 'noopener')}
        >
          {line.link.open}
        </Button>
      ) : null}
    </Space>
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
      const testKey = line.key ?? String(i);
      const node = line.link ? (
        <LinkValue path={String(value)} line={line} testKey={testKey} />
      ) : (
        <span data-testid={testIds.resultValue(testKey)}>{lineValue(value, line)}</span>
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
