import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const r = (p: string): string => fileURLToPath(new URL(p, import.meta.url));

/** Path aliases shared by Vite, Vitest and tsconfig.json. */
export const alias = {
  '@renderer': r('./renderer'),
  '@server': r('./server'),
  '@schemas': r('./schemas'),
  '@': r('./src'),
};

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/cv3/',
  plugins: [react()],
  resolve: { alias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    sourcemap: false,
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    host: '127.0.0.1',
    proxy: { '/api/web': { target: apiTarget, changeOrigin: false } },
  },
});
