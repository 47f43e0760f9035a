/**
 * Calls an `api` data source (renderer v2): its URL placeholders filled from the record and the query,
 * its params evaluated as expressions in the page's scope, merged with what the part adds (filters,
 * paging), sent as query (GET) or body (POST/PUT).
 */
import { recordsPath, toListAnswer } from '@renderer/core';
import type { ApiSource, ListAnswer } from '@renderer/core';
import type { RendererContextValue } from '@renderer/react/context/RendererProvider';
import { evaluateValue, fillTemplate } from './conditions';
import type { ConditionScope } from './conditions';

/** The params of `api` evaluated in `scope` (undefined values left out). */
export function apiParams(
  api: ApiSource | undefined,
  scope: ConditionScope,
  renderer: Pick<RendererContextValue, 'functions'>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, source] of Object.entries(api?.params ?? {})) {
    const value = evaluateValue(source, scope, renderer.functions);
    if (value !== undefined && value !== null && value !== '') out[name] = value;
  }
  return out;
}

/** Sends `api` with its params and `extra`; resolves with the raw answer. */
export function callApi<T = unknown>(
  renderer: Pick<RendererContextValue, 'request' | 'functions'>,
  api: ApiSource,
  scope: ConditionScope,
  extra: Record<string, unknown> = {},
  signal?: AbortSignal,
): Promise<T> {
  const method = api.method ?? 'GET';
  const url = fillTemplate(api.url, scope.$record, scope.$query);
  const values = { ...apiParams(api, scope, renderer), ...extra };
  return renderer.request<T>({
    method,
    url,
    ...(method === 'GET' ? { params: values } : { data: values }),
    ...(signal ? { signal } : {}),
  });
}

/** One page of a list: the model's records, or the rows of an `api` mapped to `{list, pagecond}`. */
export async function loadListPage(
  renderer: Pick<RendererContextValue, 'request' | 'functions'>,
  source: { model: string; api?: ApiSource | undefined },
  scope: ConditionScope,
  params: Record<string, unknown>,
  signal: AbortSignal,
): Promise<ListAnswer> {
  if (!source.api)
    return renderer.request<ListAnswer>({ method: 'GET', url: recordsPath(source.model), params, signal });
  return toListAnswer(await callApi(renderer, source.api, scope, params, signal), source.api.response);
}
