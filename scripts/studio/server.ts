// `npm run studio [-- <schemas dir>]` (development only; not part of the build or of `npm start`): a small
// HTTP server on STUDIO_PORT (default 5180) with the schema list, a text editor that re-checks the edited
// schema on every pause in typing (errors listed with their JSON pointer), save (Prettier-formatted, only
// when clean unless overridden) and the new-screen wizard (schemas:new). First step of issue 14; the
// CodeMirror editor, live preview and role impact are still to come.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, resolve } from 'node:path';
import { writeNewPage } from '../schemas-new';
import { checkEditedSchema, saveSchema, schemaFile } from './core';

const root = resolve(process.argv[2] ?? 'schemas');
const port = Number(process.env.STUDIO_PORT ?? 5180);

function pageFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) return name.startsWith('_') && dir === root ? [] : pageFiles(full);
      return name.endsWith('.json') ? [relative(root, full).split('\\').join('/')] : [];
    });
}

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

function send(res: ServerResponse, status: number, value: unknown, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8` });
  res.end(type === 'application/json' ? JSON.stringify(value) : String(value));
}

const HTML = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>页面配置工作台</title>
<style>body{font:14px sans-serif;margin:0;display:flex;height:100vh}nav{width:280px;overflow:auto;border-right:1px solid #ddd;padding:8px}
nav a{display:block;color:#1f1f1f;text-decoration:none;padding:2px 0}nav a:hover{color:#1677ff}main{flex:1;display:flex;flex-direction:column;padding:8px}
textarea{flex:1;font:13px monospace}#issues{min-height:60px;color:#a8071a}#issues li{cursor:pointer}#status{color:#135200}</style></head>
<body><nav><h3>新建页面</h3><form id="wizard"><input name="route" placeholder="路由，如 credit/core/cash/list" required><br>
<input name="model" placeholder="模型，如 creditCash" required><br><input name="role" placeholder="角色（可选）"><br><button>生成列表页</button></form>
<h3>页面配置</h3><div id="files"></div></nav><main><h2 id="title">请选择页面配置</h2><textarea id="editor" spellcheck="false" aria-label="页面配置 JSON"></textarea>
<ul id="issues" aria-label="检查结果"></ul><div><button id="save">保存</button> <label><input type="checkbox" id="override">有错误也保存</label> <span id="status" role="status"></span></div></main>
<script type="module">
const $ = (id) => document.getElementById(id); let file = null; let timer = 0;
async function api(path, payload) { const r = await fetch(path, payload ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) } : undefined); return r.json(); }
async function list() { const files = await api('/api/files'); $('files').replaceChildren(...files.map((f) => { const a = document.createElement('a'); a.href = '#' + f; a.textContent = f; a.onclick = () => open(f); return a; })); }
async function open(f) { file = f; $('title').textContent = f; $('editor').value = (await api('/api/file?f=' + encodeURIComponent(f))).text; check(); }
function showIssues(issues) { $('issues').replaceChildren(...issues.map((i) => { const li = document.createElement('li'); li.textContent = '#' + i.pointer + '：' + i.message; return li; })); if (!issues.length) $('issues').textContent = ''; }
async function check() { if (!file) return; const r = await api('/api/check', { file, text: $('editor').value }); showIssues(r.issues); $('status').textContent = r.issues.length ? '' : '检查通过'; }
$('editor').addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(check, 300); });
$('save').onclick = async () => { const r = await api('/api/save', { file, text: $('editor').value, override: $('override').checked }); if (r.saved) { $('editor').value = r.text; $('status').textContent = '已保存'; } else if (r.issues) { showIssues(r.issues); $('status').textContent = '有错误，未保存'; } else $('status').textContent = r.error; };
$('wizard').onsubmit = async (e) => { e.preventDefault(); const d = Object.fromEntries(new FormData(e.target)); const r = await api('/api/new', d); if (r.file) { await list(); open(r.file); } else $('status').textContent = r.error ?? r.issues.join('；'); };
list(); if (location.hash) open(decodeURIComponent(location.hash.slice(1)));
</script></body></html>`;

createServer((req, res) => {
  void (async () => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      if (url.pathname === '/') return send(res, 200, HTML, 'text/html');
      if (url.pathname === '/api/files') return send(res, 200, pageFiles(root));
      if (url.pathname === '/api/file') {
        const rel = schemaFile(root, url.searchParams.get('f') ?? '');
        return send(res, 200, { text: readFileSync(join(root, rel), 'utf8') });
      }
      if (req.method !== 'POST') return send(res, 404, { error: '不存在的地址' });
      const input = await body(req);
      const file = String(input.file ?? '');
      const text = String(input.text ?? '');
      if (url.pathname === '/api/check')
        return send(res, 200, { issues: checkEditedSchema(root, file, text) });
      if (url.pathname === '/api/save')
        return send(res, 200, await saveSchema(root, file, text, input.override === true));
      if (url.pathname === '/api/new') {
        const role = String(input.role ?? '') || undefined;
        const result = await writeNewPage(root, {
          route: String(input.route ?? ''),
          model: String(input.model ?? ''),
          kind: 'list',
          role,
        });
        return send(
          res,
          200,
          result.issues.length ? { issues: result.issues } : { file: relative(root, result.file) },
        );
      }
      return send(res, 404, { error: '不存在的地址' });
    } catch (error) {
      send(res, 400, { error: (error as Error).message });
    }
  })();
}).listen(port, '127.0.0.1', () => console.log(`studio: http://127.0.0.1:${port}/ (schemas: ${root})`));
