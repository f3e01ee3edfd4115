import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

const root = import.meta.dirname;

/**
 * Vite's dev server injects CSS as <style> elements, which the renderer's strict
 * Content-Security-Policy forbids. Allow inline styles in development only; the built
 * renderer keeps `style-src 'self'`.
 */
const devInlineStyles: Plugin = {
  name: 'streamscope:dev-inline-styles',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
};

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      // package.json is "type": "module", so the main bundle is ESM (out/main/index.js).
      rolldownOptions: { input: { index: resolve(root, 'electron/main/index.ts') } },
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
    plugins: [react(), devInlineStyles],
    build: {
      outDir: resolve(root, 'out/renderer'),
      rolldownOptions: { input: { index: resolve(root, 'renderer/index.html') } },
    },
  },
});
