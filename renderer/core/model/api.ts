/**
 * Paths of the generic business API (ADR 0005 §3), relative to the API base `/api/web`, so the
 * renderer, the server and tests spell them one way.
 */

import { API, pathOf, type Endpoint } from '@contract/api';

/** The hand-written endpoint contract/api.ts names so (a form's `submit.endpoint`), or undefined. */
export function endpointNamed(name: string): Endpoint | undefined {
  return Object.prototype.hasOwnProperty.call(API, name)
    ? (API as Record<string, Endpoint>)[name]
    : undefined;
}

/** `GET` (list, filters, `page`, `size`, `sort`) and `POST` (create). */
export function recordsPath(model: string): string {
  return pathOf(API.modelRecords, { model });
}

/** `GET` (with `audit` and `children`) and `PUT` (update). */
export function recordPath(model: string, id: string | number): string {
  return pathOf(API.modelRecord, { model, id: String(id) });
}

/**
 * `GET` → `[{id, name}]`: the values a reference field accepts (for `ref: 'corp'`: enterprises of the
 * field's kinds that are not cancelled), filtered exactly as a create or update checks them.
 */
export function refOptionsPath(model: string, field: string): string {
  return pathOf(API.modelRefs, { model, field });
}

/**
 * The member of a create's or transition's answer holding its `service`'s result: `{...record, result}`
 * (docs/decisions/0007-models-engine.md, "an action that answers with a result").
 */
export const SERVICE_RESULT = 'result';

/**
 * What a `result` dialog shows the members of: a model action's service result, else the answer itself
 * (a hand-written endpoint's).
 */
export function serviceResultOf(answer: unknown): unknown {
  const result = (answer as Record<string, unknown> | null)?.[SERVICE_RESULT];
  return result && typeof result === 'object' && !Array.isArray(result) ? result : answer;
}

/** `POST` `{version, reason?, signature?}`: runs a transition. */
export function actionPath(model: string, id: string | number, action: string): string {
  return pathOf(API.modelAction, { model, id: String(id), action });
}

/**
 * `GET ?groupBy=<named grouping>&measure=<summable field>&<list filters>` → the sums per group
 * (statistics pages; the model's `aggregates` block names what may be asked).
 */
export function aggregatePath(model: string): string {
  return pathOf(API.modelAggregates, { model });
}

/** The `sort` parameter: `field,asc` or `field,desc`. */
export function sortParam(field: string, order: 'asc' | 'desc'): string {
  return `${field},${order}`;
}

/**
 * Dictionary endpoints for remote selects (`GET`, answer `{list: [{code, name}], pagecond}`; `keyword`
 * searches names, `page`/`size` page): regions by `parent` (none: provinces), banks, and the branches
 * of a `bank`.
 */
export const DICTIONARY_API = {
  regions: API.dictRegions.path,
  banks: API.dictBanks.path,
  bankBranches: API.dictBankBranches.path,
} as const;
