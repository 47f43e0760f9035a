// The studio's file side over HTTP (`/studio-api/…`, connect-style middleware mounted on its Vite server):
// the page list, a file's text, the folder's fragments, dictionaries and models for the preview, the check of
// an edited text, its impact on roles and menus, save and the new-screen wizard.
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { readSchemaDirectory, schemaTreeFile, schemaTreeFiles } from '@renderer/core/node';
import { DEMO_PASSWORD, DEMO_USERS } from '@server/seed/demo';
import { writeNewPage } from '../schemas-new';
import { checkEditedSchema, formatSchemaText, impactOf, pageEntries, saveSchema, schemaFile } from './core';

const META = resolve(import.meta.dirname, '../../renderer/core/schema/page.schema.json');

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

function send(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(value));
}

/** The demo user to preview a role as: the first one holding that role alone. */
export function demoUsers(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const u of DEMO_USERS) if (u.roles.length === 1) out[u.roles[0]!] ??= u.username;
  return out;
}

/** What the browser side needs once: fragments and dictionaries, models, the meta-schema, demo users. */
function sourceOf(root: string) {
  const directory = readSchemaDirectory(root);
  return {
    files: directory.files,
    models: directory.models ?? {},
    meta: JSON.parse(readFileSync(META, 'utf8')) as unknown,
    users: demoUsers(),
    password: DEMO_PASSWORD,
  };
}

/**
 * A fingerprint of the shared files (models, dictionaries, fragments, route blocks): the page polls it and
 * reloads its source when a model or dictionary is added or changed, with nothing restarted.
 */
function sharedVersion(root: string): string {
  const parts: string[] = [];
  for (const [file, full] of schemaTreeFiles(root))
    if (/^_(models|dicts|fragments|routes)\//.test(file)) parts.push(`${file}@${statSync(full).mtimeMs}`);
  return parts.join('|');
}

export function studioApi(root: string) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith('/studio-api/')) return next();
    void (async () => {
      try {
        const name = url.pathname.slice('/studio-api/'.length);
        if (name === 'files') return send(res, 200, pageEntries(root));
        if (name === 'source') return send(res, 200, sourceOf(root));
        if (name === 'version') return send(res, 200, { version: sharedVersion(root) });
        if (name === 'file') {
          const rel = schemaFile(root, url.searchParams.get('f') ?? '');
          return send(res, 200, { text: readFileSync(schemaTreeFile(root, rel), 'utf8') });
        }
        if (req.method !== 'POST') return send(res, 404, { error: '不存在的地址' });
        const input = await body(req);
        const file = String(input.file ?? '');
        const text = String(input.text ?? '');
        if (name === 'check') return send(res, 200, { issues: checkEditedSchema(root, file, text) });
        // A visual edit's document, formatted as `prettier --write` (and a save) would.
        if (name === 'format')
          return send(res, 200, {
            text: await formatSchemaText(schemaTreeFile(root, schemaFile(root, file)), text),
          });
        if (name === 'impact') return send(res, 200, impactOf(root, file, text));
        if (name === 'save')
          return send(res, 200, await saveSchema(root, file, text, input.override === true));
        if (name === 'new') {
          const result = await writeNewPage(root, {
            route: String(input.route ?? ''),
            model: String(input.model ?? ''),
            kind: input.kind === 'form' ? 'form' : 'list',
            role: String(input.role ?? '') || undefined,
            title: String(input.title ?? '') || undefined,
          });
          return send(res, 200, result.issues.length ? { issues: result.issues } : { file: result.path });
        }
        return send(res, 404, { error: '不存在的地址' });
      } catch (error) {
        send(res, 400, { error: (error as Error).message });
      }
    })();
  };
}
