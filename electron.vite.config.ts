import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { allowReportStyle, relaxForDevServer } from './electron/main/csp.ts';

const root = import.meta.dirname;

/**
 * Vite's dev server injects CSS as <style> elements and React Fast Refresh's preamble as an inline
 * script, which the renderer's strict Content-Security-Policy forbids. In development only, allow
 * inline styles and exactly those inline scripts (by hash); the built renderer keeps the strict
 * policy. The main process mirrors the page's policy as a header, so both stay the same.
 */
const devServerPolicy: Plugin = {
  name: 'streamscope:dev-server-policy',
  apply: 'serve',
  // After every other plugin, so that the scripts they inject are in the page to be hashed.
  transformIndexHtml: { order: 'post', handler: (html) => relaxForDevServer(html) },
};

/**
 * The HTML report's stylesheet, allowed by its hash in the built page's policy (electron/main/csp.ts).
 * Not on the dev server: there styles are allowed by 'unsafe-inline', which a hash beside it would
 * switch off (CSP3 § 6.7.3.3), and the report's style is allowed by it too.
 */
const reportStylePolicy: Plugin = {
  name: 'streamscope:report-style-policy',
  apply: 'build',
  transformIndexHtml: { order: 'pre', handler: (html) => allowReportStyle(html) },
};

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      // package.json is "type": "module", so the main bundle is ESM (out/main/index.js). The capture
      // proxy's recording thread is an entry of its own (out/main/recording-thread.js), and shared code
      // goes in chunks beside them, so that its path from any of them is `./recording-thread.js`.
      rolldownOptions: {
        input: { index: resolve(root, 'electron/main/index.ts'), 'recording-thread': resolve(root, 'electron/backend/proxy/recording-thread/worker.ts') },
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      // Sandboxed preload scripts cannot be ES modules: emit CommonJS as out/preload/index.cjs.
      rolldownOptions: {
        input: { index: resolve(root, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    plugins: [react(), reportStylePolicy, devServerPolicy],
    build: {
      outDir: resolve(root, 'out/renderer'),
      rolldownOptions: { input: { index: resolve(root, 'renderer/index.html') } },
    },
  },
});
