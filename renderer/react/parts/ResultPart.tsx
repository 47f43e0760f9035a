/**
 * A composite page's `result` part: an outcome or notice with values read from the page (the address's
 * `$query`, the session's `$user`, the `$record`). A value line whose value is empty is left out, so one
 * schema serves an address with or without it. The page's `actions` are its buttons.
 */
import { Result } from 'antd';
import type { ResultPart as ResultPartSchema } from '@renderer/core';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { testIds } from '@renderer/react/testIds';
import { evaluateValue } from './conditions';
import type { ConditionScope } from './conditions';

/** A value as one line's text: a list is joined with 、. */
function lineText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.filter((v) => v !== undefined && v !== null && v !== '').join('、');
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
  const lines = (part.lines ?? []).flatMap((line, i) => {
    if (line.text !== undefined) return [<div key={i}>{line.text}</div>];
    const text = lineText(line.value === undefined ? undefined : evaluateValue(line.value, scope, functions));
    if (text === '') return [];
    return [
      <div key={i}>
        {line.label}：<span data-testid={testIds.resultValue(line.key ?? String(i))}>{text}</span>
      </div>,
    ];
  });
  return (
    <div className="schema-part schema-part-result" data-testid={testIds.part(part.key)}>
      <Result
        status={part.status ?? 'info'}
        title={part.title}
        subTitle={lines.length ? <>{lines}</> : undefined}
      />
    </div>
  );
}
