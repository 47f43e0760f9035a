import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ViteDevServer } from 'vite';
import type * as ProductDirs from './server/products/productDirs';

const r = (p: string): string => fileURLToPath(new URL(p, import.meta.url));

/** Path aliases shared by Vite, Vitest and tsconfig.json. */
export const alias = {
  '@contract': r('./contract'),
  '@renderer': r('./renderer'),
  '@server': r('./server'),
  '@schemas': r('./schemas'),
  '@': r('./src'),
};

/**
 * Writes dist/.vite/chunk-modules.json: every emitted JS chunk with the modules inside it, so tests and the
 * bench can tell what code a page loaded (e.g. that the login page carries no Formily or Table).
 */
function chunkModules(): Plugin {
  return {
    name: 'chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const map: Record<string, string[]> = {};
      for (const [file, out] of Object.entries(bundle)) {
        if (out.type === 'chunk')
          map[file] = Object.keys(out.modules).map((id) => id.replace(/^.*node_modules\//, 'node_modules/'));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(map) });
    },
  };
}

/**
 * Serves `<page schema>.json?route` as a module exporting only the `route` block. The route table
 * (src/router/routeTable.ts) imports every page's route eagerly; importing the files themselves would share
 * their modules with the lazily loaded page bodies, and the login page would load all of them.
 */
export function schemaRouteBlocks(): Plugin {
  return {
    name: 'schema-route-blocks',
    enforce: 'pre',
    load(id) {
      const [file = '', query] = id.split('?');
      if ((query !== 'route' && query !== 'routes') || !file.endsWith('.json')) return null;
      this.addWatchFile(file);
      if (query === 'routes') {
        // A `_routes/` file for the portal: its blocks without the one-line reasons the checker reads.
        const json = JSON.parse(readFileSync(file, 'utf8')) as { routes: Array<{ reason?: string }> };
        const routes = json.routes.map(({ reason: _reason, ...block }) => block);
        return `export default ${JSON.stringify({ routes })};`;
      }
      const json = JSON.parse(readFileSync(file, 'utf8')) as { route?: unknown };
      return `export const route = ${JSON.stringify(json.route) ?? 'undefined'};`;
    },
  };
}

/**
 * PRODUCT_DIRS in a dev server (`npm run dev`, the studio): index.html loads the folders' script before the
 * portal's code, as the server's does for the built portal (server/plugins/portal.ts), read by the same
 * reader (server/products/productDirs.ts, loaded through this dev server so its aliases resolve).
 */
export function productDirsPortal(base = '/cv3/'): Plugin {
  let server: ViteDevServer | undefined;
  const reader = async () =>
    (await server!.ssrLoadModule(r('./server/products/productDirs.ts'))) as typeof ProductDirs;
  const dirs = async (): Promise<string[]> =>
    process.env.PRODUCT_DIRS ? (await reader()).productDirsFromEnv(process.env.PRODUCT_DIRS) : [];
  return {
    name: 'product-dirs-portal',
    apply: 'serve',
    configureServer(dev) {
      server = dev;
      dev.middlewares.use((req, res, next) => {
        void (async () => {
          const found = await dirs();
          const dirsReader = found.length ? await reader() : undefined;
          const path = req.url?.split('?')[0];
          if (!dirsReader || path !== `${base}${dirsReader.PRODUCT_FOLDERS_SCRIPT}`) return next();
          res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(dirsReader.productFoldersScript(dirsReader.portalProductFolders(found)));
        })().catch(next);
      });
    },
    async transformIndexHtml(html) {
      const found = await dirs();
      return found.length ? (await reader()).withProductFoldersScript(html, base) : html;
    },
  };
}

/**
 * react-router's package exports point only at its development build (remix-run/react-router#12532 and
 * #14102), so production bundles carried its development checks and warnings. Builds take the production
 * files the package ships beside it.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: r('./node_modules/react-router/dist/production/index.mjs') },
  {
    find: /^react-router\/dom$/,
    replacement: r('./node_modules/react-router/dist/production/dom-export.mjs'),
  },
];

/**
 * axios without the code the portal never runs, in its build: the fetch adapter (the request layer sends
 * through the XMLHttpRequest one) and the default body transforms to forms and from FormData (its own
 * transformRequest replaces them, src/api/request.ts), and the table of status names; 5 kB (gzip) of the login page's first load.
 */
const AXIOS_UNUSED: Record<string, string> = {
  'adapters/adapters.js ./fetch.js': 'export const getFetch = () => undefined;\nexport default undefined;\n',
  'defaults/index.js ../helpers/toURLEncodedForm.js': 'export default () => undefined;\n',
  'defaults/index.js ../helpers/formDataToJSON.js': 'export default () => undefined;\n',
  'axios.js ./helpers/formDataToJSON.js': 'export default () => undefined;\n',
  'axios.js ./helpers/HttpStatusCode.js': 'export default {};\n',
};

function axiosWithoutUnused(): Plugin {
  return {
    name: 'axios-without-unused',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const from = importer?.replace(/\\/g, '/').split('node_modules/axios/lib/')[1];
      const key = from && `${from} ${source}`;
      return key && key in AXIOS_UNUSED ? `\0axios-unused:${key}` : null;
    },
    load(id) {
      return id.startsWith('\0axios-unused:') ? AXIOS_UNUSED[id.slice('\0axios-unused:'.length)] : null;
    },
  };
}

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig(({ command }) => ({
  base: '/cv3/',
  plugins: [react(), schemaRouteBlocks(), productDirsPortal(), chunkModules(), axiosWithoutUnused()],
  resolve: {
    alias:
      command === 'build'
        ? [
            ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
            ...reactRouterProduction,
          ]
        : alias,
  },
  build: {
    // DIST_DIR lets parallel test runs build side by side (scripts/build-if-needed.mjs uses the same variable).
    outDir: resolve(process.env.DIST_DIR ?? 'dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    sourcemap: false,
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    host: '127.0.0.1',
    proxy: { '/api/web': { target: apiTarget, changeOrigin: false } },
  },
}));
