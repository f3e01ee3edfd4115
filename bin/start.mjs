#!/usr/bin/env node
// `npm start` (build and open the desktop app), `npm run dev` (`--dev`: electron-vite's dev server)
// and `npm run dist` (`--dist`: package with electron-builder). Before Electron runs, the binary is
// checked and better-sqlite3 for Electron's ABI is downloaded prebuilt or compiled when missing or stale
// (electron/launch/start.ts); where that cannot be done, it stops with one line pointing to
// `npm run serve`. Other arguments go to Electron, electron-vite or electron-builder, e.g.
// `npm start -- --no-sandbox` when running as root on Linux.
import { join } from 'node:path';
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode();
const { register } = await import('tsx/esm/api');
register();
const { start, realSteps } = await import('../electron/launch/start.ts');

const [first, ...rest] = process.argv.slice(2);
const mode = first === '--dev' ? 'dev' : first === '--dist' ? 'dist' : 'start';
const args = mode === 'start' ? process.argv.slice(2) : rest;
const options = { mode, projectRoot: join(import.meta.dirname, '..'), args, env: process.env, execPath: process.execPath };
process.exitCode = await start(options, realSteps(options));
