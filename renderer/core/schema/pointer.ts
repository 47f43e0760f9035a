/** RFC 6901 JSON pointers: how the loader and the checker say where in a file something is. */

/** Escapes one pointer segment (`~` → `~0`, `/` → `~1`). */
export function escapePointerSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Builds a pointer from segments: `['list', 'columns', 2]` → `/list/columns/2`. */
export function toPointer(segments: ReadonlyArray<string | number>): string {
  return segments.map((s) => `/${escapePointerSegment(s)}`).join('');
}

/** Splits a pointer into its segments; `''` is the whole document. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return [];
  const body = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (!body.startsWith('/')) throw new Error(`Invalid JSON pointer ${JSON.stringify(pointer)}`);
  return body
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at `pointer` inside `document`, or `undefined` when there is none (own members only). */
export function getByPointer(document: unknown, pointer: string): unknown {
  let at: unknown = document;
  for (const segment of parsePointer(pointer)) {
    if (Array.isArray(at)) {
      if (!/^(0|[1-9]\d*)$/.test(segment)) return undefined;
      at = at[Number(segment)];
    } else if (at !== null && typeof at === 'object' && Object.prototype.hasOwnProperty.call(at, segment)) {
      at = (at as Record<string, unknown>)[segment];
    } else {
      return undefined;
    }
  }
  return at;
}
