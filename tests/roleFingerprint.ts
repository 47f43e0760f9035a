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
 * What a role's view of a page depends on: the schema's `roles` lists, `$role`/`$roles` expressions and
 * what the models let the role do (their transitions and updates). Roles with the same fingerprint see the
 * same page (its data aside): the schema suite renders them once (tests/schemas/pagesSuite.tsx) and the
 * menu walk opens the page once (tests/e2e/walk.spec.ts).
 */
export function roleFingerprint(schema: unknown, role: string, models: readonly ModelDefinition[]): string {
  if (/\$roles?\b/.test(JSON.stringify(schema))) return role;
  return JSON.stringify([
    roleLists(schema).map((roles) => roles.includes(role)),
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
