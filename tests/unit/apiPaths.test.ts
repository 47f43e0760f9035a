import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { API } from '@contract/api';

/**
 * The portal spells no API path: every hand-written endpoint is a descriptor of contract/api.ts and every
 * call goes through it (src/api `call`); the renderer's path functions (renderer/core/model) fill in the
 * models API's descriptors. A string or template literal of src/ or renderer/ that names an API path fails
 * here, with its file and line.
 */
const ROOTS = ['src', 'renderer'].map((dir) => join(process.cwd(), dir));
/** First path segments only the API uses. */
const API_NAMESPACES = /^\/(api|corp|biz|uaa|v\d+|test)(\/|$)/;
const ENDPOINT_PATHS = new Set(Object.values(API).map((e) => e.path.replace(/:[A-Za-z]+/g, '*')));
/** Literals that look like an endpoint path but are the portal's own routes. */
const PORTAL_ROUTES = new Set(['src/router/router.tsx:/login']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === '__tests__' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Every string and template-literal text of a source file, with its line. */
export function literals(text: string, tsx: boolean): Array<{ value: string; line: number }> {
  const file = ts.createSourceFile(
    'x.tsx',
    text,
    ts.ScriptTarget.Latest,
    true,
    tsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out: Array<{ value: string; line: number }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      out.push({ value: node.text, line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    if (ts.isTemplateExpression(node)) {
      // A template's text with each substitution as one path segment.
      const value = node.head.text + node.templateSpans.map((s) => `*${s.literal.text}`).join('');
      out.push({ value, line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

export function isApiPath(value: string): boolean {
  const path = value.split('?')[0]!;
  return API_NAMESPACES.test(path) || ENDPOINT_PATHS.has(path);
}

describe('API paths in the portal', () => {
  it('recognises the literals it exists to refuse', () => {
    const found = literals(
      "get('/corp/v1/persons/me'); get(`/v1/realname/face-checks/${id}`); get('/login'); go('/credit/index'); x(`${API_BASE}/x`)",
      false,
    ).filter((l) => isApiPath(l.value));
    expect(found.map((l) => l.value)).toEqual([
      '/corp/v1/persons/me',
      '/v1/realname/face-checks/*',
      '/login',
    ]);
  });

  it('has none: every call goes through a descriptor of contract/api.ts', () => {
    const offenders = ROOTS.flatMap(sources).flatMap((path) => {
      const name = relative(process.cwd(), path);
      return literals(readFileSync(path, 'utf8'), path.endsWith('.tsx'))
        .filter((l) => isApiPath(l.value) && !PORTAL_ROUTES.has(`${name}:${l.value}`))
        .map((l) => `${name}:${l.line} ${l.value}`);
    });
    expect(offenders).toEqual([]);
  });
});
