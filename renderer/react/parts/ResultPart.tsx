/**
 * A composite page's `result` part: an outcome or notice with values read from the page (the address's
 * `$query`, the session's `$user`, the `$record`). A value line whose value is empty is left out, so one
 * schema serves an address with or without it. The page's `actions` are its buttons.
 */
import { Descriptions, Result } from 'antd';
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
      if (line.text !== undefined) return [{ i, line, node: line.text }];
      const value = line.value === undefined ? undefined : evaluateValue(line.value, scope, functions);
      if (isEmpty(value)) return [];
      const node = (
        <span data-testid={testIds.resultValue(line.key ?? String(i))}>{lineValue(value, line)}</span>
      );
      return [{ i, line, node }];
    },
  );
  // Without a status the page shows facts, not an outcome (who is logged in): a table of them.
  const body = part.status ? (
    <Result
      status={part.status}
      title={part.title}
      subTitle={
        shown.length ? (
          <>
            {shown.map(({ i, line, node }) => (
              <div key={i}>
                {line.label === undefined ? null : `${line.label}：`}
                {node}
              </div>
            ))}
          </>
        ) : undefined
      }
    />
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
