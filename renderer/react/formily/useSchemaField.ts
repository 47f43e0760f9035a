/**
 * Formily's SchemaField bound to the provider's component registry and expression scope. Components
 * are handed in (`createSchemaField({ components, scope })`), never registered globally; the ones a
 * form names are loaded before it renders.
 */
import type { ISchema } from '@formily/json-schema';
import { createSchemaField } from '@formily/react';
import { useEffect, useMemo, useState } from 'react';
import type { FormilyNode, FormilyProperties } from '@renderer/core';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { setUpFormily } from './setUpFormily';

/** Every component and decorator name used in `properties` (nested, array items included). */
export function componentNames(
  properties: FormilyProperties | undefined,
  out = new Set<string>(),
): Set<string> {
  for (const node of Object.values(properties ?? {}) as FormilyNode[]) {
    if (!node || typeof node !== 'object') continue;
    for (const key of ['x-component', 'x-decorator'] as const) {
      const name = node[key];
      if (typeof name === 'string') out.add(name);
    }
    componentNames(node.properties, out);
    if (node.items && typeof node.items === 'object') componentNames(node.items.properties, out);
  }
  return out;
}

/**
 * A SchemaField for the provider's registry once the components `properties` name are loaded
 * (null until then).
 */
export function useSchemaField(...forms: Array<FormilyProperties | undefined>) {
  const { components, functions } = useRenderer();
  setUpFormily(functions);
  const names = useMemo(() => {
    const all = new Set<string>();
    for (const properties of forms) componentNames(properties, all);
    return [...all].sort();
    // The forms are schema parts: new objects only when the schema changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the rest parameter is the dependency list
  }, forms);
  const key = names.join(',');
  const [loaded, setLoaded] = useState(() => (components.isLoaded(names) ? key : ''));
  useEffect(() => {
    let current = true;
    if (loaded !== key) void components.load(names).then(() => current && setLoaded(key));
    return () => {
      current = false;
    };
  }, [components, key, loaded, names]);
  return useMemo(
    () => (loaded === key ? createSchemaField({ components: components.toFormilyComponents() }) : null),
    [components, key, loaded],
  );
}

/** The names `{{ }}` expressions may read besides Formily's own (`$values`, `$self`, `$deps`...). */
export function useExpressionScope(query: Record<string, string>): Record<string, unknown> {
  const { scope } = useRenderer();
  return useMemo(() => ({ ...scope, $query: query }), [scope, query]);
}

/**
 * An object schema of `properties` as Formily types it (our {@link FormilyProperties} is the same
 * JSON, typed by the page meta-schema).
 */
export function objectSchema(properties: FormilyProperties | undefined): ISchema {
  return { type: 'object', properties: (properties ?? {}) as unknown as ISchema['properties'] };
}
