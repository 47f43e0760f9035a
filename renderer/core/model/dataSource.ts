/**
 * Declarative response mapping of an `api` data source (renderer v2): where an answer keeps its rows,
 * their total and a single record. Pure functions, shared by lists, remote selects and detail parts.
 */
import type { ListAnswer } from './types';
import type { BizRecord } from './types';

/** Where an answer keeps what a part reads (dotted paths; see `ApiSource.response`). */
export interface ResponseMapping {
  list?: string;
  total?: string;
  record?: string;
}

/** Reads a dotted path (`data.items`, `rows.0`) of an answer, own members only. */
export function readAnswerPath(answer: unknown, path: string | undefined): unknown {
  if (path === undefined || path === '') return answer;
  let at: unknown = answer;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object' || !Object.prototype.hasOwnProperty.call(at, part))
      return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** The rows and total of an answer: `{list, pagecond}` by default, or an array answer itself. */
export function toListAnswer(answer: unknown, mapping: ResponseMapping = {}): ListAnswer {
  const rows =
    Array.isArray(answer) && mapping.list === undefined
      ? answer
      : readAnswerPath(answer, mapping.list ?? 'list');
  const list = (Array.isArray(rows) ? rows : []) as BizRecord[];
  const total = Number(readAnswerPath(answer, mapping.total ?? 'pagecond.count'));
  const page = Number(readAnswerPath(answer, 'pagecond.page'));
  const size = Number(readAnswerPath(answer, 'pagecond.size'));
  return {
    list,
    pagecond: {
      count: Number.isFinite(total) ? total : list.length,
      page: Number.isFinite(page) ? page : 1,
      size: Number.isFinite(size) ? size : list.length,
    },
  };
}
