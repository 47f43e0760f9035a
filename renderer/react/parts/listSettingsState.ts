/**
 * Column settings of a list (show/hide, order, fixing) and its density, saved per user on the server
 * (`/biz/v1/list-settings?key=<route path>`), so they survive a reload and follow the user.
 */
import { useCallback, useEffect, useState } from 'react';
import { LIST_SETTINGS_API } from '@renderer/core';
import type { ColumnSchema, ListSettings } from '@renderer/core';
import { useRenderer } from '@renderer/react/context/RendererProvider';
import { errorMessage } from '@renderer/react/context/services';

/** The user's saved settings of list `key` (null until loaded or when none), and how to change them. */
export function useListSettings(
  key: string,
  enabled: boolean,
): { settings: ListSettings | null; save: (next: ListSettings) => void } {
  const renderer = useRenderer();
  const [settings, setSettings] = useState<ListSettings | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    renderer
      .request<ListSettings | null>({
        method: 'GET',
        url: LIST_SETTINGS_API,
        params: { key },
        signal: controller.signal,
      })
      .then((loaded) => setSettings(loaded))
      // Without saved settings the list shows the schema's columns; nothing to tell the user.
      .catch(() => undefined);
    return () => controller.abort();
  }, [key, enabled, renderer]);
  const save = useCallback(
    (next: ListSettings) => {
      setSettings(next);
      renderer
        .request({ method: 'PUT', url: LIST_SETTINGS_API, params: { key }, data: next })
        .catch((error: unknown) => void renderer.message.error(errorMessage(error)));
    },
    [key, renderer],
  );
  return { settings, save };
}

const FIXED_ORDER = { left: 0, none: 1, right: 2 } as const;

/**
 * The schema's columns as the user arranged them: saved order first (fields the schema no longer has
 * are dropped, new schema columns follow in schema order), a saved entry's `fixed` replacing the
 * schema's, fixed-left columns first and fixed-right last. `hidden` columns are kept (marked) so the
 * settings panel can show them again; {@link shownColumns} drops them.
 */
export function arrangeColumns(
  columns: readonly ColumnSchema[],
  settings: ListSettings | null,
): Array<ColumnSchema & { hidden?: boolean }> {
  const saved = new Map((settings?.columns ?? []).map((c, i) => [c.field, { ...c, index: i }]));
  const arranged = columns.map((column, i) => {
    const s = saved.get(column.field);
    if (!s) return { column: { ...column }, order: saved.size + i };
    const { fixed: _schemaFixed, ...rest } = column;
    return {
      column: { ...rest, ...(s.fixed ? { fixed: s.fixed } : {}), ...(s.hidden ? { hidden: true } : {}) },
      order: s.index,
    };
  });
  arranged.sort(
    (a, b) =>
      FIXED_ORDER[a.column.fixed ?? 'none'] - FIXED_ORDER[b.column.fixed ?? 'none'] || a.order - b.order,
  );
  return arranged.map((a) => a.column);
}

/** The arranged columns the user shows. */
export function shownColumns(columns: ReturnType<typeof arrangeColumns>): ColumnSchema[] {
  return columns.filter((c) => !c.hidden);
}
