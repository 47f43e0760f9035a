// `npm run studio [-- <schemas dir>]` (development only: never in `npm run build` or `npm start`): the schema
// studio on STUDIO_PORT (default 5180). A Vite dev server of its own (scripts/studio/web, its own cache
// folder) serves the editor (CodeMirror 6) and the live preview, which renders the edited page with the
// portal's renderer as a demo user against the real reference server: API_TARGET when given, else one
// started alongside on PORT (default 8080) as `npm run dev` does, on the studio's folder and reloading its
// models and dictionaries as they are saved (server/models/watchModels.ts). `/studio-api/*` is the file side
// (scripts/studio/api.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { alias, productDirsPortal, schemaRouteBlocks } from '../../vite.config';
import { studioApi } from './api';
import { checkEditedSchema, pageEntries } from './core';

const repo = resolve(import.meta.dirname, '../..');
const root = resolve(process.argv[2] ?? 'schemas');
const port = Number(process.env.STUDIO_PORT ?? 5180);

let api: ChildProcess | undefined;
let target = process.env.API_TARGET;
if (!target) {
  const apiPort = process.env.PORT ?? '8080';
  api = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repo,
    stdio: 'inherit',
    // The server reads the studio's folder and reloads its models and dictionaries as they are saved.
    env: {
      ...process.env,
      PORT: apiPort,
      LOG: process.env.LOG ?? 'false',
      SCHEMAS_DIR: root,
      WATCH_MODELS: 'true',
    },
  });
  target = `http://127.0.0.1:${apiPort}`;
}

const vite = await createServer({
  configFile: false,
  root: resolve(import.meta.dirname, 'web'),
  cacheDir: resolve(repo, 'node_modules/.vite-studio'),
  plugins: [
    react(),
    schemaRouteBlocks(),
    productDirsPortal('/'),
    { name: 'studio-api', configureServer: (server) => void server.middlewares.use(studioApi(root)) },
  ],
  resolve: { alias },
  logLevel: 'warn',
  optimizeDeps: { entries: ['index.html'] },
  server: {
    port,
    host: '127.0.0.1',
    strictPort: true,
    fs: { allow: [repo] },
    proxy: { '/api/web': { target, changeOrigin: false } },
  },
});
await vite.listen();
// The first check compiles the meta-schema validator (seconds); do it before the first keystroke.
const first = pageEntries(root)[0];
if (first) checkEditedSchema(root, first.file, readFileSync(resolve(root, first.file), 'utf8'));
console.log(`studio: http://127.0.0.1:${port}/ (schemas: ${root}; API: ${target})`);

const stop = () => {
  api?.kill('SIGTERM');
  void vite.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
