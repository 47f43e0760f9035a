import { API, endpointAt, type Endpoint, type HttpMethod } from '@contract/api';
import type { ModelDefinition } from '@renderer/core/model';

/** Every `roles` list anywhere in a page schema. */
function roleLists(node: unknown, found: string[][] = []): string[][] {
  if (Array.isArray(node)) node.forEach((n) => roleLists(n, found));
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node))
      if (k === 'roles' && Array.isArray(v)) found.push(v as string[]);
      else roleLists(v, found);
  return found;
}

/**
 * The role lists of the contract's endpoints a page calls (a form's `submit.endpoint` by name, an `api` by
 * method and path): a server that answers what the role may do (the real-name page's `mayStart`) reads them.
 */
function endpointRoles(node: unknown, found: Array<readonly string[]> = []): Array<readonly string[]> {
  if (Array.isArray(node)) node.forEach((n) => endpointRoles(n, found));
  else if (node && typeof node === 'object') {
    const object = node as Record<string, unknown>;
    const submit = object.submit as { endpoint?: unknown } | undefined;
    const api = object.api as { url?: unknown; method?: unknown } | undefined;
    let endpoint: Endpoint | undefined;
    if (typeof submit?.endpoint === 'string' && Object.prototype.hasOwnProperty.call(API, submit.endpoint))
      endpoint = (API as Record<string, Endpoint>)[submit.endpoint];
    else if (typeof api?.url === 'string') {
      const method = (api.method as HttpMethod | undefined) ?? (object.type === 'request' ? 'POST' : 'GET');
      endpoint = endpointAt(method, api.url);
    }
    if (endpoint?.roles) found.push(endpoint.roles);
    Object.values(object).forEach((v) => endpointRoles(v, found));
  }
  return found;
}

/**
 * What a role's view of a page depends on: the schema's `roles` lists, `$role`/`$roles` expressions, the
 * roles of the endpoints it calls and what the models let the role do (their transitions and updates).
 * Roles with the same fingerprint see the
 * same page (its data aside): the schema suite renders them once (tests/schemas/pagesSuite.tsx) and the
 * menu walk opens the page once (tests/e2e/walk.spec.ts).
 */
export function roleFingerprint(schema: unknown, role: string, models: readonly ModelDefinition[]): string {
  if (/\$roles?\b/.test(JSON.stringify(schema))) return role;
  return JSON.stringify([
    roleLists(schema).map((roles) => roles.includes(role)),
    endpointRoles(schema).map((roles) => roles.includes(role)),
    models.map((m) => [
      (m.transitions ?? []).map((t) => (t.roles ?? []).includes(role)),
      m.update?.roles?.includes(role) ?? false,
    ]),
  ]);
}

/** Every name a schema gives as a `model` (its own, a dialog's, a part's, an upload owner's). */
function modelNames(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => modelNames(n, found));
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node))
      if (k === 'model' && typeof v === 'string') found.add(v);
      else modelNames(v, found);
  return found;
}

/**
 * The models a page reads or writes, among `models`: what a role may do on records of other models does not
 * change this page. The menu walk fingerprints with these; the schema suite keeps every model (its fake
 * backend answers for all of them).
 */
export function pageModels(schema: unknown, models: readonly ModelDefinition[]): ModelDefinition[] {
  const names = modelNames(schema);
  return models.filter((m) => names.has(m.name));
}
