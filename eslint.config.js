// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Imports that would tie the pure core to one runtime. */
const impureImports = [
  { group: ['node:*'], message: 'shared/ is pure TypeScript: no Node built-ins (do I/O in electron/backend).' },
  { group: ['electron', 'electron/*'], message: 'shared/ must not import Electron.' },
  { group: ['react', 'react-dom', 'react/*', 'react-dom/*'], message: 'shared/ must not import React.' },
  { group: ['better-sqlite3'], message: 'shared/ must not touch the database.' },
  { group: ['../electron/*', '../../electron/*', '../renderer/*', '../../renderer/*'], message: 'shared/ depends on nothing outside itself.' },
];
const nodeBuiltins = ['fs', 'path', 'os', 'http', 'https', 'net', 'child_process', 'url', 'crypto', 'stream', 'util', 'zlib', 'events', 'buffer', 'worker_threads'];

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'test-results/', 'playwright-report/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts', 'shared/test/**'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', { paths: nodeBuiltins.map((name) => ({ name, message: 'shared/ is pure TypeScript: no Node built-ins.' })), patterns: impureImports }],
      'no-restricted-globals': ['error', 'process', 'Buffer', 'window', 'document', 'require', '__dirname', 'setTimeout', 'setInterval', 'fetch'],
    },
  },
  // The layers of shared/ (docs/architecture.md, "The layers"): each knows only the ones below it.
  ...[
    { layer: 'findings', above: ['framing', 'dialects', 'analysis', 'conformance'] },
    { layer: 'framing', above: ['dialects', 'analysis', 'conformance'] },
    { layer: 'dialects', above: ['analysis', 'conformance'] },
    { layer: 'analysis', above: ['conformance'] },
  ].map(({ layer, above }) => ({
    files: [`shared/${layer}/**/*.ts`],
    ignores: ['shared/**/*.test.ts', 'shared/**/*.test-support.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({ name, message: 'shared/ is pure TypeScript: no Node built-ins.' })),
          patterns: [...impureImports, { group: above.flatMap((name) => [`**/${name}/*`, `**/${name}/**`]), message: `shared/${layer}/ is below ${above.join(' and ')}: it imports nothing of them (docs/architecture.md, "The layers").` }],
        },
      ],
    },
  })),
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
